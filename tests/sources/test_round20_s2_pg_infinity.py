"""Round 20 (S2): a PostgreSQL text score or weight column holding infinity written in another
case ('iNf', 'INFINITY', as float(), pandas and PostgreSQL itself read it) is a text column
of numbers, refused as the audit refuses ``pandas.read_sql``'s rows of it ("holds the text
values"), not "1 value is not a number"."""

import re

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import in_cli_words

from .conftest import make_frame

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]


@pytest.mark.parametrize("text", ["iNf", "INFINITY", "-InF"])
@pytest.mark.parametrize(
    ("column", "flag", "role"), [("w", "--weight", "sample_weight"), ("s", "--y-score", "y_score")]
)
def test_postgres_text_infinity_in_any_case_is_a_number(
    postgres_url, capsys, text, column, flag, role
):
    refused_as_the_audit_refuses(postgres_url, capsys, text, column, flag, role, seed=20)


def refused_as_the_audit_refuses(url, capsys, text, column, flag, role, seed) -> None:
    """A PostgreSQL text ``column`` holding ``text`` in row 5 is refused by ``audit --db`` in
    the words the audit gives ``pandas.read_sql``'s rows of it: "holds the text values"."""
    import sqlalchemy as sa

    frame = make_frame(seed, n=300)
    frame[column] = frame[column].astype(str)
    frame.loc[5, column] = text
    engine = sa.create_engine(url)
    try:
        frame.to_sql("t_text", engine, if_exists="replace", index=False)
        read = pd.read_sql("SELECT * FROM t_text", engine)
    finally:
        engine.dispose()
    with pytest.raises(ethiclens.EthicLensInputError) as api:
        ethiclens.audit(read["y"], read["p"], read[["race"]], **{role: read[column]}, n_boot=100)
    expected = "error: " + re.sub(r", first at row \d+", "", str(in_cli_words(api.value)))
    assert "holds the text values" in expected, expected
    capsys.readouterr()
    argv = ["audit", "--db", url, "--table", "t_text", *ROLES, flag, column]
    assert main([*argv, "--n-boot", "100"]) == 2
    # round 50: the database's fix names its table ('in the file or table' of any rows)
    table = expected.replace(" in the file or table", " in the table")
    assert capsys.readouterr().err.strip().splitlines()[-1] == table
