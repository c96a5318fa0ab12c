"""Round 10: every engine and every face of a counts table gives one answer (docs/engines.md).

Dask with a file holding only the role columns, databases whose columns mix types, text labels
in a CSV counts table, and the offending value in a database's refusal.
"""

from __future__ import annotations

import re
import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.sources import Roles, pandas_counts

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _sorted(table: pd.DataFrame) -> pd.DataFrame:
    keys = ["g", "y_true", "y_pred"]
    return table.sort_values(keys).reset_index(drop=True)[[*keys, "count"]]


def test_dask_counts_a_file_of_only_the_role_columns(tmp_path):
    """A CSV whose header is exactly the role columns, in the roles' order (y_true, y_pred,
    protected), crashed Dask: selecting every column it read kept its path column. The
    corpus's files all hold a score and a weight column too, so no selection was whole."""
    pytest.importorskip("dask.dataframe")
    from ethiclens.sources import dask_file_counts

    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n1,1,b\n")
    roles = Roles("p", ["g"], "y")
    got = _sorted(dask_file_counts(str(path), roles))
    want = _sorted(pandas_counts(str(path), roles))
    pd.testing.assert_frame_equal(got, want, check_dtype=False)


def _db(tmp_path, rows, name="t") -> str:
    """A SQLite database of table ``name`` (y, p, g[, s, w]) holding ``rows`` as given."""
    path = tmp_path / "d.db"
    with sqlite3.connect(path) as con:
        width = len(rows[0])
        con.execute(f"CREATE TABLE {name} ({', '.join('ypgsw'[:width])})")
        con.executemany(f"INSERT INTO {name} VALUES ({', '.join('?' * width)})", rows)
    con.close()
    return f"sqlite:///{path}"


def _rows(groups, label=lambda i: i % 2):
    return [(label(i), (i // 2) % 2, g) for g in groups for i in range(8)]


def _answer(args, tmp_path, capsys) -> tuple[int, object]:
    """(exit code, the report's group names or the refusal's line) of ``ethiclens audit``."""
    out = tmp_path / "r.json"
    code = main(["audit", *args, *ROLES, "--n-boot", "100", "--json", str(out)])
    err = capsys.readouterr().err.strip()
    if code:
        return code, err
    return code, sorted(set(re.findall(r'"group": "([^"]*)"', out.read_text())))


def _faces(url, tmp_path, capsys, table="t") -> dict:
    """Every face's answer on one table: the database audited, and its counts table written
    as Parquet and as CSV, then audited (or ``counts``' refusal)."""
    got = {"db": _answer(["--db", url, "--table", table], tmp_path, capsys)}
    for ext in ("parquet", "csv"):
        path = str(tmp_path / f"c.{ext}")
        code = main(["counts", "--db", url, "--table", table, *ROLES, "--out", path])
        err = capsys.readouterr().err.strip()
        got[ext] = (code, err) if code else _answer(["--counts", path], tmp_path, capsys)
    return got


@pytest.mark.parametrize(
    "groups",
    [[7, "x"], ["a", "b", b"c"], ["a", "b", b"a"]],
    ids=["int-and-text", "one-blob", "blob-like-text"],
)
def test_a_db_group_column_of_two_types_is_one_answer_on_every_face(tmp_path, capsys, groups):
    """Groups 7 and 'x' crashed ``counts --out .parquet`` (pyarrow); a BLOB among text turned
    every group into bytes in Parquet (b'a', b'b'), or made a duplicate cell: each group is
    ``str(value)`` on every face."""
    pytest.importorskip("sqlalchemy")
    got = _faces(_db(tmp_path, _rows(groups)), tmp_path, capsys)
    texts = [g.decode() if isinstance(g, bytes) else str(g) for g in groups]
    if len(set(texts)) == len(texts):  # a BLOB is the UTF-8 text it holds (round 18)
        assert got["db"] == (0, sorted(texts))
    else:  # 'a' and b'a': two values, one name, refused as the audit refuses them
        assert got["db"][0] == 2 and "both as bytes (b'a') and as text" in got["db"][1], got
    assert got["parquet"] == got["csv"] == got["db"], got


@pytest.mark.parametrize(
    ("label", "words"),
    [
        (lambda i: [1, "1", 0, "0"][i % 4], "distinct values print the same (e.g. 1 and '1')"),
        (lambda i: ["true", "false"][i % 2], "is not binary 0/1: found values false, true"),
        (lambda i: ["1", "0"][i % 2], "holds the text values ['0', '1']"),
    ],
    ids=["1-and-'1'", "true-false-text", "0-1-text"],
)
def test_db_labels_are_refused_alike_on_every_face(tmp_path, capsys, label, words):
    """Labels 1 and '1' crashed ``counts --out .parquet`` and made a CSV the audit refused
    as a duplicate cell; text 'true'/'false' (or '0'/'1') labels, refused by ``audit --db``,
    were read back from a CSV counts table as booleans (numbers) and accepted."""
    pytest.importorskip("sqlalchemy")
    got = _faces(_db(tmp_path, _rows(["a", "b"], label)), tmp_path, capsys)
    assert got["db"][0] == 2 and words in got["db"][1], got
    # round 50: the database's fix names its table where a counts table's names the file
    got["db"] = (got["db"][0], got["db"][1].replace(" in the table", " in the file"))
    assert got["parquet"] == got["csv"] == got["db"], got


@pytest.mark.parametrize(
    ("role", "bad", "words"),
    [
        ("--y-score", float("inf"), "scores must lie in [0, 1]; 1 do not (value: inf)"),
        ("--weight", -1.0, "weights must be finite and >= 0; 1 are not (value: -1.0)"),
    ],
)
def test_a_db_refusal_names_the_offending_value(tmp_path, capsys, role, bad, words):
    """A database has no row order to name, but its refusal names the value, as a file's
    does (it said only '1 do not')."""
    pytest.importorskip("sqlalchemy")
    rows = [(i % 2, (i // 2) % 2, "ab"[i % 3 > 0], 0.5, 1.0) for i in range(12)]
    rows[7] = (*rows[7][:3], bad, bad) if role == "--y-score" else (*rows[7][:4], bad)
    url = _db(tmp_path, rows)
    extra = [role, "s" if role == "--y-score" else "w"]
    assert main(["audit", "--db", url, "--table", "t", *ROLES, *extra]) == 2
    assert words in capsys.readouterr().err


def test_a_counts_table_counts_long_labels_in_rows_as_the_rows_do(tmp_path, capsys):
    """302 rows in 4 cells hold a 300-character group: both faces say 302 rows, not 4 cells."""
    long = "x" * 300
    frame = pd.DataFrame(
        {
            "y": [0, 1] * 151 + [0, 1] * 49,
            "p": [0, 0, 1, 1] * 75 + [0, 1] + [0, 1, 1, 0] * 24 + [0, 1],
            "g": [long] * 302 + ["a"] * 98,
        }
    )
    rows = tmp_path / "rows.csv"
    frame.to_csv(rows, index=False)
    table = tmp_path / "c.csv"
    argv = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    said = {}
    for name, command in {
        "rows": ["audit", str(rows), *argv],
        "counts": ["audit", "--counts", str(table), *argv],
    }.items():
        if name == "counts":
            # the table is written without the audit's label check, as an older one was
            cells = frame.groupby(["y", "p", "g"]).size().reset_index(name="count")
            cells.rename(columns={"y": "y_true", "p": "y_pred"}).to_csv(table, index=False)
        assert main(command) == 2
        said[name] = capsys.readouterr().err
    for err in said.values():
        assert "302 group value(s) longer than 256 characters" in err, said
