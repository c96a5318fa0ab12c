"""Round 20: a SQLite REAL score or weight column holding 'inf' or 'nan' stored as TEXT (SQLite
parses neither, so it keeps the text) is refused as ``pandas.read_sql`` and the audit refuse it,
"holds the text values ['inf'], not numbers (a string column)", by ``--table``, ``--query``
and ``counts`` alike. The SQL engine took 'inf' for infinity ("weights must be finite") and
'nan' for a missing value, while SQLite's own CAST reads both as 0."""

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


def _error(capsys, argv) -> str:
    capsys.readouterr()
    assert main([str(a) for a in argv]) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("text", ["inf", "nan", "-Infinity"])
@pytest.mark.parametrize(
    ("column", "flag", "role"), [("w", "--weight", "sample_weight"), ("s", "--y-score", "y_score")]
)
def test_text_inf_or_nan_in_a_real_column_is_refused_as_read_sql_rows_are(
    tmp_path, capsys, text, column, flag, role
):
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:
        make_frame(20, n=300).to_sql("t", con, index=False)  # s and w declared REAL
        con.execute(f"UPDATE t SET {column} = ? WHERE rowid = 6", (text,))
        assert (
            con.execute(f"SELECT typeof({column}) FROM t WHERE rowid = 6").fetchone()[0] == "text"
        )
        read = pd.read_sql("SELECT * FROM t", con)
    with pytest.raises(ethiclens.EthicLensInputError) as api:
        ethiclens.audit(read["y"], read["p"], read[["race"]], **{role: read[column]}, n_boot=100)
    expected = f"error: {in_cli_words(api.value)}"
    assert f"holds the text values ['{text}'], not numbers (a string column)" in expected
    url = f"sqlite:///{db}"
    args = [*ROLES, flag, column]
    for source in (["--table", "t"], ["--query", "SELECT * FROM t WHERE race <> 'Z'"]):
        said = _error(capsys, ["audit", "--db", url, *source, *args, "--n-boot", "100"])
        assert _noun(said) == _noun(expected), source
    out = tmp_path / "c.parquet"
    said = _error(capsys, ["counts", "--db", url, "--table", "t", *args, "--out", out])
    assert _noun(said) == _noun(expected)
    assert not out.exists()


def _noun(words: str) -> str:
    """Round 50 (6e10fbdf): a database's fix names its table (or a query's result) where a
    file's names the file: the rest of the words must agree."""
    return re.sub(r" in the (file or table|file|table|query's result)\b", " in the SOURCE", words)
