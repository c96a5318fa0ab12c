"""Round 26, engine parity of ``ethiclens monitor``.

A ``--db`` table's missing label or prediction is refused in the file engines' words ("N
missing value(s)", the column named with its role; was "N rows have no value"), and a blank
one ('' or ' ', text in a database, a missing cell only in a CSV) as the audit of the table
refuses it (was "2 missing value(s), first at row 0"). A group stored as booleans in one
Parquet file and as int 0/1 in another is the groups 0 and 1 on every engine, as the audit
reads it (DuckDB counted False/True when the first file held the booleans, Dask the four
groups 0, 1, False, True)."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.monitor._windows import COUNT, _labels

pytest.importorskip("dask.dataframe", reason="dask not installed (ethiclens[dask])")
pytest.importorskip("duckdb", reason="duckdb not installed (ethiclens[duckdb])")

FAST = ("pandas", "duckdb", "dask")
ROLES = ["--time", "ts", "--window", "1d", "--y-true", "label", "--y-pred", "pred"]


def _error(capsys, argv) -> str:
    assert main(argv) == 2
    return next(line for line in capsys.readouterr().err.splitlines() if line.startswith("error"))


def _table(tmp_path, col: str, blank):
    """A CSV file and a SQLite table of the same rows, ``col`` with ``blank`` in two rows."""
    n = 24
    frame = pd.DataFrame(
        {
            "ts": [f"2024-01-0{1 + i % 2}T0{i % 10}:00:00" for i in range(n)],
            "label": [str(i % 2) for i in range(n)],
            "pred": [str(i // 2 % 2) for i in range(n)],
            "g": ["A", "B"] * (n // 2),
        }
    ).astype(object)
    frame.loc[[3, 7], col] = blank
    csv, db = tmp_path / f"{col}.csv", tmp_path / f"{col}.db"
    frame.to_csv(csv, index=False)
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    return csv, ["--db", f"sqlite:///{db}", "--table", "t"]


@pytest.mark.parametrize("col", ["label", "pred"])
def test_db_missing_label_refused_in_the_file_engines_words(tmp_path, capsys, col):
    csv, db = _table(tmp_path, col, None)
    more = [*ROLES, "--protected", "g"]
    on_csv = _error(capsys, ["monitor", str(csv), *more, "--store", str(tmp_path / "a.sqlite")])
    on_db = _error(capsys, ["monitor", *db, *more, "--store", str(tmp_path / "b.sqlite")])
    role = "y_true" if col == "label" else "y_pred"
    assert f"column '{col} ({role})': 2 missing value(s)" in on_db, on_db
    # the same refusal but the place: a CSV line and the text read there (round 46), no row
    # of a database
    place = f", first at {csv.name} line 5 (an empty field)"
    assert on_csv.replace(place, "") == on_db, (on_csv, on_db)


@pytest.mark.parametrize("role", ["prediction", "label"])
def test_a_missing_label_counted_by_a_database_is_worded_as_the_files(role):
    raw = pd.DataFrame({"y": ["1", None, "0"], COUNT: [3, 2, 4]})
    with pytest.raises(Exception) as exc:
        _labels(raw, "y", role)
    audit_role = "y_pred" if role == "prediction" else "y_true"
    assert str(exc.value).startswith(f"column 'y ({audit_role})': 2 missing value(s). "), exc


@pytest.mark.parametrize("blank", ["", " "])
@pytest.mark.parametrize("col", ["label", "pred"])
def test_db_blank_label_refused_as_the_audit_of_the_table(tmp_path, capsys, col, blank):
    _, db = _table(tmp_path, col, blank)
    argv = ["--y-true", "label", "--y-pred", "pred", "--protected", "g"]
    audit = _error(capsys, ["audit", *db, *argv])
    monitor = _error(capsys, ["monitor", *db, *ROLES, "--protected", "g",
                              "--store", str(tmp_path / "m.sqlite")])  # fmt: skip
    assert "is not binary 0/1: found values" in monitor and "first at row" not in monitor
    assert monitor.split(". Fix")[0] in audit, (monitor, audit)


def _bool_int_groups(folder, bool_first: bool):
    """a.parquet and b.parquet, the group g booleans in one (the first with ``bool_first``)
    and int64 0/1 in the other."""
    folder.mkdir()
    for i, name in enumerate(("a", "b")):
        rng = np.random.default_rng(i)
        frame = pd.DataFrame(
            {
                "ts": pd.Timestamp(f"2024-01-0{1 + i}", tz="UTC")
                + pd.to_timedelta(rng.integers(0, 20, 40), unit="h"),
                "label": rng.integers(0, 2, 40),
                "pred": rng.integers(0, 2, 40),
                "g": rng.integers(0, 2, 40),
            }
        )
        if (i == 0) == bool_first:
            frame["g"] = frame["g"].astype(bool)
        frame.to_parquet(folder / f"{name}.parquet")
    return folder


@pytest.mark.parametrize("bool_first", [True, False])
def test_bool_and_int_groups_are_0_1_on_every_engine(tmp_path, bool_first):
    target = _bool_int_groups(tmp_path / "files", bool_first)
    audit = tmp_path / "audit.json"
    argv = ["audit", str(target), "--y-true", "label", "--y-pred", "pred", "--protected", "g"]
    assert main([*argv, "--engine", "pandas", "--json", str(audit)]) == 0
    (attribute,) = json.loads(audit.read_text())["attributes"]
    groups = sorted(g["group"] for g in attribute["groups"])
    assert groups == ["0", "1"]
    docs = []
    for engine in FAST:
        out = tmp_path / f"{engine}.json"
        store = tmp_path / f"{engine}.sqlite"
        assert main(["monitor", str(target), *ROLES, "--protected", "g", "--engine", engine,
                     "--store", str(store), "--json", str(out)]) == 0  # fmt: skip
        doc = json.loads(out.read_text())
        docs.append({k: doc[k] for k in ("comparisons", "windows")})
        pairs = {(c["group"], c["reference"]) for c in doc["comparisons"]}
        assert pairs == {("0", "1")}, (engine, pairs)
    assert docs[0] == docs[1] == docs[2]
