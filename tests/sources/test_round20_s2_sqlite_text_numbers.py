"""Round 20 (S2): a SQLite score or weight stored as text is read as the audit reads the rows
``pandas.read_sql`` hands over: 'iNf' and 'INFINITY' are numbers (a text column of numbers,
refused as text) and '+nan'/'-nan' missing, as Python's float() and the Parquet and CSV
engines read them; the SQL engine called them "not a number". ' inf' among REAL values is the
infinity it spells, "(value: inf)", not "(value: nan)"."""

import re
import sqlite3

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import in_cli_words

from .conftest import make_frame

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]


@pytest.mark.parametrize("text", ["iNf", "INFINITY", "+nan", "-nan", " inf", "inf "])
@pytest.mark.parametrize(
    ("column", "flag", "role"), [("w", "--weight", "sample_weight"), ("s", "--y-score", "y_score")]
)
def test_sqlite_text_number_is_read_as_the_audit_reads_read_sql_rows(
    tmp_path, capsys, text, column, flag, role
):
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:
        make_frame(20, n=300).to_sql("t", con, index=False)  # s and w declared REAL
        con.execute(f"UPDATE t SET {column} = ? WHERE rowid = 6", (text,))
        read = pd.read_sql("SELECT * FROM t", con)
    with pytest.raises(ethiclens.EthicLensInputError) as api:
        ethiclens.audit(read["y"], read["p"], read[["race"]], **{role: read[column]}, n_boot=100)
    # a database has no row order: the SQL engine names the value, not the row
    expected = "error: " + re.sub(r", first at row \d+", "", str(in_cli_words(api.value)))
    assert "not a number" not in expected, expected
    capsys.readouterr()
    argv = ["audit", "--db", f"sqlite:///{db}", "--table", "t", *ROLES, flag, column]
    assert main([*argv, "--n-boot", "100"]) == 2
    assert _noun(capsys.readouterr().err.strip().splitlines()[-1]) == _noun(expected)


def _noun(words: str) -> str:
    """Round 50 (6e10fbdf): a database's fix names its table (or a query's result) where a
    file's names the file: the rest of the words must agree."""
    return re.sub(r" in the (file or table|file|table|query's result)\b", " in the SOURCE", words)
