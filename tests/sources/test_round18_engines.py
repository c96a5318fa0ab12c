"""Engines, round 18 of the tester's findings: one answer per input on pandas, DuckDB and Dask.

- a folder whose Parquet files store a group as categories in one file and as plain strings in
  another is counted by Dask as pandas and DuckDB count it (Dask crashed joining them);
- a hive folder key the files also hold as a column is refused on every engine (Dask crashed,
  pandas and DuckDB silently took the file's column);
- a list or struct Parquet column used as a group or label is refused in one line on every
  engine, by ``audit`` and ``counts`` alike, its first row counted from 1 (Dask crashed, DuckDB's
  ``counts`` crashed on a list label);
- hive folder values are URL-decoded on every engine (``race=Native%20American`` is the group
  ``Native American``), as pyarrow and DuckDB decode them.
"""

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.cli import main
from ethiclens.fairness._validate import encode_groups
from ethiclens.sources import Roles, dask_file_counts, duckdb_counts, pandas_counts, read_rows

ENGINES = ["pandas", "duckdb", "dask"]
ROLES = Roles(y_true="label", y_pred="pred", protected=["race"])
LABEL, PRED = [1, 0, 1, 0, 1, 0], [1, 1, 0, 0, 1, 0]
RACE = ["A", "B", "A", "B", "Native American", "A"]


def _counts(target) -> dict:
    return {
        "pandas": pandas_counts(target, ROLES),
        "duckdb": duckdb_counts(target, ROLES),
        "dask": dask_file_counts(target, ROLES),
    }


def _sorted(table: pd.DataFrame) -> list:
    cols = ["race", "y_true", "y_pred", "count"]
    return sorted(tuple(str(v) for v in row) for row in table[cols].itertuples(index=False))


def test_a_folder_of_categorical_and_string_files_counts_alike_on_every_engine(tmp_path):
    frame = pd.DataFrame({"label": LABEL, "pred": PRED, "race": RACE})
    folder = tmp_path / "fold"
    folder.mkdir()
    frame.astype({"race": "category"}).to_parquet(folder / "a.parquet")
    frame.to_parquet(folder / "b.parquet")
    found = {engine: _sorted(table) for engine, table in _counts(folder).items()}
    assert found["pandas"][0] == ("A", "0", "0", "2")
    assert found == dict.fromkeys(found, found["pandas"])


def _run(capsys, argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, (out + err).strip()


def _refusals(capsys, target, out_dir) -> dict:
    """(exit code, output) of ``audit`` and ``counts`` of TARGET on every engine."""
    roles = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]
    found = {}
    for engine in ENGINES:
        audit = ["audit", target, *roles, "--engine", engine, "--n-boot", "100"]
        found[f"audit {engine}"] = _run(capsys, audit)
        counts = ["counts", target, *roles, "--engine", engine, "--out", out_dir / f"{engine}.pq"]
        found[f"counts {engine}"] = _run(capsys, counts)
    return found


def test_a_hive_key_the_files_also_hold_is_refused_on_every_engine(tmp_path, capsys):
    for sex in ("Female", "Male"):
        folder = tmp_path / "hive" / f"sex={sex}"
        folder.mkdir(parents=True)
        rows = {"label": LABEL, "pred": PRED, "race": RACE, "sex": ["Male"] * 6}
        pd.DataFrame(rows).to_parquet(folder / "p.parquet")
    found = _refusals(capsys, tmp_path / "hive", tmp_path)
    words = (
        "error: column 'sex': is both a column of the files and a folder key (sex=Female/): "
        "which one is meant is ambiguous. Fix: rename the files' column or the folder key sex="
    )
    assert found == dict.fromkeys(found, (2, words))


NESTED = {  # the column, its Parquet values, the refusal (the same on every engine and face)
    "list group": (
        "race",
        pa.array([[5]] * 6),
        "error: column 'race': group values must be scalars (found a list, tuple or other cell "
        "that is not one value), first at t.parquet row 1 (value: [5]). Fix: give one group "
        "label per row, e.g. a string",
    ),
    "struct group": (
        "race",
        pa.array([{"a": "x"}] * 6),
        "error: column 'race': group values must be scalars (found a list, tuple or other cell "
        "that is not one value), first at t.parquet row 1 (value: {'a': 'x'}). Fix: give one "
        "group label per row, e.g. a string",
    ),
    "list label": (
        "label",
        pa.array([None, [0], [1], [0], [1], [0]]),
        "error: column 'label (y_true)': values must be single labels, found a list at "
        "t.parquet row 2 (value: [0]). Fix: give one label per row (flatten or recode the "
        "column)",
    ),
}


@pytest.mark.parametrize("case", sorted(NESTED))
def test_a_list_or_struct_column_is_refused_alike_on_every_engine(tmp_path, capsys, case):
    column, values, words = NESTED[case]
    table = {"label": pa.array(LABEL), "pred": pa.array(PRED), "race": pa.array(RACE)}
    table[column] = values
    pq.write_table(pa.table(table), tmp_path / "t.parquet")
    found = _refusals(capsys, tmp_path / "t.parquet", tmp_path)
    assert found == dict.fromkeys(found, (2, words))


def _csv_part(path, frame: pd.DataFrame) -> None:
    path.parent.mkdir(parents=True)
    frame.to_csv(path, index=False)


@pytest.mark.parametrize("kind", ["parquet", "csv"])
def test_hive_folder_values_are_url_decoded_on_every_engine(tmp_path, kind):
    frame = pd.DataFrame({"label": LABEL, "pred": PRED, "race": RACE})
    target = tmp_path / "hive"
    if kind == "parquet":
        frame.to_parquet(target, partition_cols=["race"])  # race=Native%20American/
    else:
        for race, rows in frame.groupby("race"):
            folder = target / f"race={race.replace(' ', '%20')}"
            _csv_part(folder / "part.csv", rows.drop(columns="race"))
    assert (target / "race=Native%20American").is_dir()
    found = {"rows": read_rows(target, ROLES), **_counts(target)}
    labels = {k: encode_groups(t[["race"]], len(t))["race"][0] for k, t in found.items()}
    assert labels == dict.fromkeys(labels, ["A", "B", "Native American"])


@pytest.mark.parametrize("case", sorted(NESTED))
def test_spark_refuses_a_list_or_struct_column_before_it_starts(tmp_path, case):
    pytest.importorskip("pyspark")
    from ethiclens.errors import EthicLensInputError
    from ethiclens.sources import Roles, spark_file_counts

    column, values, words = NESTED[case]
    table = {"label": pa.array(LABEL), "pred": pa.array(PRED), "race": pa.array(RACE)}
    table[column] = values
    pq.write_table(pa.table(table), tmp_path / "t.parquet")
    roles = Roles(y_true="label", y_pred="pred", protected=["race"])
    with pytest.raises(EthicLensInputError) as info:
        spark_file_counts(str(tmp_path / "t.parquet"), roles)
    assert "error: " + str(info.value) == words


def test_spark_decodes_hive_values_as_utf8_as_the_other_engines(spark, tmp_path):
    from ethiclens.sources import Roles, pandas_counts, spark_file_counts

    rng = np.random.default_rng(0)
    for value in ("caf%C3%A9", "White", "Native%20American"):
        folder = tmp_path / "data" / f"race={value}"
        folder.mkdir(parents=True)
        frame = pd.DataFrame({"label": rng.integers(0, 2, 30), "pred": rng.integers(0, 2, 30)})
        frame.to_parquet(folder / "part.parquet", index=False)
    roles = Roles(y_true="label", y_pred="pred", protected=["race"])
    target = str(tmp_path / "data")
    groups = {
        name: sorted(set(table["race"]))
        for name, table in (
            ("pandas", pandas_counts(target, roles)),
            ("spark", spark_file_counts(target, roles)),
        )
    }
    assert groups["spark"] == groups["pandas"] == ["Native American", "White", "café"]


def test_dask_names_an_unclosed_quote_after_a_long_field(tmp_path, capsys):
    from ethiclens.cli import main

    lines = ["y,p,g,note"] + ["1,0,A,x", "0,1,B,y"] * 2 + ['1,0,A,"' + "z" * 200_000 + '"']
    lines += ["0,1,B,y"] * 4 + ['1,0,"A,x'] + ["0,1,B,y"] * 3
    path = tmp_path / "q.csv"
    path.write_text("\n".join(lines) + "\n")
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--engine", "dask"]) == 2
    assert "EOF inside string" in capsys.readouterr().err
