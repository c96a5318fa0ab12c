"""Round 49: a group column of bytes that are not UTF-8 text (a Parquet binary column of latin-1
names), or one name written both as bytes and as text (a SQLite column holding a BLOB and a
TEXT), was told in pandas code on the command line: "decode the column with its encoding first
(pandas: .str.decode('latin-1'); numpy: np.char.decode(values, 'latin-1'))", "convert the
column to one type first (pandas: .str.decode('utf-8') turns bytes into text)".
_checks.decoded_bytes now gives an errors.FaceFix: Python keeps the code, the faces that give
files and tables say what to store there."""

from __future__ import annotations

import sqlite3

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

LATIN = "store the column as UTF-8 text in the file or table (decoded from its encoding first"
MIXED = "store the column as one type in the file or table: text, not bytes beside text"
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _latin_parquet(tmp_path):
    path = tmp_path / "lat.parquet"
    table = {"g": pa.array([b"caf\xe9", b"b"] * 20, pa.binary()), "y": [0, 1, 1, 0] * 10}
    table |= {"p": [1, 0] * 20, "t": ["2024-01-01"] * 40}
    pq.write_table(pa.table(table), path)
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["audit", "{f}", *ROLES, "--engine", "pandas"],
        ["audit", "{f}", *ROLES, "--engine", "duckdb"],
        ["monitor", "{f}", "--time", "t", "--window", "1d", "--y-pred", "p", "--protected", "g"],
    ],
    ids=["audit-pandas", "audit-duckdb", "monitor"],
)
def test_latin1_bytes_are_told_to_be_stored_as_text(tmp_path, capsys, argv):
    path = _latin_parquet(tmp_path)
    argv = [str(path) if a == "{f}" else a for a in argv]
    argv += ["--store", str(tmp_path / "s.sqlite")] if argv[0] == "monitor" else []
    capsys.readouterr()
    assert main(argv) == 2
    said = capsys.readouterr().err
    assert "holds bytes that are not UTF-8 text" in said and LATIN in said, said
    assert "pandas" not in said and "numpy" not in said, said


def test_bytes_beside_text_in_a_database_are_told_to_be_one_type(tmp_path, capsys):
    db = tmp_path / "m.db"
    with sqlite3.connect(db) as con:
        con.execute("create table t (g, y, p)")
        rows = [([b"a", "a", "b", "b"][i % 4], i % 2, (i // 2) % 2) for i in range(40)]
        con.executemany("insert into t values (?, ?, ?)", rows)
    capsys.readouterr()
    assert main(["audit", "--db", f"sqlite:///{db}", "--table", "t", *ROLES]) == 2
    said = capsys.readouterr().err
    # round 50: a database's rows are told to be fixed in the table (was 'the file or table')
    table = MIXED.replace("in the file or table", "in the table")
    assert "both as bytes (b'a') and as text" in said and table in said, said
    assert "pandas" not in said, said


@pytest.mark.parametrize(
    ("groups", "code"),
    [
        ([b"caf\xe9", b"b"], "(pandas: .str.decode('latin-1'); numpy: np.char.decode("),
        ([b"a", "a", "b"], "(pandas: .str.decode('utf-8') turns bytes into text)"),
    ],
)
def test_python_keeps_the_code(groups, code):
    groups = np.array(groups * 20, dtype=object)
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit([0, 1] * (len(groups) // 2), [1, 0] * (len(groups) // 2), groups)
    assert code in caught.value.fix, caught.value.fix
