"""Round 20 (V): a SQLite or PostgreSQL text score or weight column holding padded numbers
(' 0.5', ' inf', as Python's float() reads them) is refused as the audit refuses the rows
``pandas.read_sql`` hands over, by one rule: a string column of numbers ("holds the text
values"). The audit called ' 0.5' with ' inf' numbers ("(value: inf)") where PostgreSQL called
them text; SQLite followed the audit."""

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
COLUMNS = [("w", "--weight", "sample_weight"), ("s", "--y-score", "y_score")]


def _frame(column: str, texts: list) -> pd.DataFrame:
    frame = make_frame(21, n=300)
    frame[column] = frame[column].astype(str)
    for i, text in enumerate(texts):
        frame.loc[3 + 2 * i, column] = text
    return frame


def _table(request, tmp_path, backend: str, frame: pd.DataFrame):
    """(URL, the rows pandas.read_sql reads back) of table t holding ``frame``."""
    if backend == "sqlite":
        db = tmp_path / "t.db"
        with sqlite3.connect(db) as con:
            frame.to_sql("t", con, index=False)  # str columns declared TEXT
            return f"sqlite:///{db}", pd.read_sql("SELECT * FROM t", con)
    import sqlalchemy as sa

    url = request.getfixturevalue("postgres_url")
    engine = sa.create_engine(url)
    try:
        frame.to_sql("t", engine, if_exists="replace", index=False)
        return url, pd.read_sql("SELECT * FROM t", engine)
    finally:
        engine.dispose()


def _agree(capsys, url, read, column, flag, role) -> str:
    """The audit's refusal of ``read`` (its row left out), after checking the SQL engine says
    the same."""
    with pytest.raises(ethiclens.EthicLensInputError) as api:
        ethiclens.audit(read["y"], read["p"], read[["race"]], **{role: read[column]}, n_boot=100)
    expected = "error: " + re.sub(r", first at row \d+", "", str(in_cli_words(api.value)))
    capsys.readouterr()
    argv = ["audit", "--db", url, "--table", "t", *ROLES, flag, column]
    assert main([*argv, "--n-boot", "100"]) == 2
    # round 50: the database's fix names its table ('in the file or table' of any rows)
    table = expected.replace(" in the file or table", " in the table")
    assert capsys.readouterr().err.strip().splitlines()[-1] == table
    return expected


@pytest.mark.parametrize("texts", [[" 0.5", " inf"], ["inf "], [" nan"], [" -Infinity", "0.25 "]])
@pytest.mark.parametrize(("column", "flag", "role"), COLUMNS)
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_padded_text_numbers_are_a_string_column_everywhere(
    request, tmp_path, capsys, backend, texts, column, flag, role
):
    url, read = _table(request, tmp_path, backend, _frame(column, texts))
    expected = _agree(capsys, url, read, column, flag, role)
    assert "holds the text values" in expected, expected
