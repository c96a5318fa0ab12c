"""Round 20 (V): a score or weight written '+nan' or '-nan' (padded or not, in any case) is
missing, as Python's float() and the pandas, DuckDB and Dask engines read it. Spark's cast
reads 'nan' and '+NaN' but not '+nan', and PostgreSQL's test for a missing text value took
only 'nan': both said "1 value is not a number" instead."""

import re

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main

from .conftest import make_frame

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
COLUMNS = [("w", "--weight", "sample_weight"), ("s", "--y-score", "y_score")]
SIGNED = ["+nan", "-nan", " +nan", "-NAN\t", "+nAn "]


@pytest.mark.parametrize("text", SIGNED)
@pytest.mark.parametrize(("column", "flag", "role"), COLUMNS)
def test_postgres_signed_nan_text_is_missing(postgres_url, capsys, text, column, flag, role):
    """A text column holding it is a string column of numbers, refused as the audit refuses
    the rows ``pandas.read_sql`` hands over."""
    pytest.importorskip("sqlalchemy")
    import sqlalchemy as sa

    frame = make_frame(22, n=300)
    frame[column] = frame[column].astype(str)
    frame.loc[5, column] = text
    engine = sa.create_engine(postgres_url)
    try:
        frame.to_sql("t_nan", engine, if_exists="replace", index=False)
        read = pd.read_sql("SELECT * FROM t_nan", engine)
    finally:
        engine.dispose()
    with pytest.raises(ethiclens.EthicLensInputError) as api:
        ethiclens.audit(read["y"], read["p"], read[["race"]], **{role: read[column]}, n_boot=100)
    expected = "error: " + re.sub(r", first at row \d+", "", str(api.value))
    assert "holds the text values" in expected, expected
    capsys.readouterr()
    argv = ["audit", "--db", postgres_url, "--table", "t_nan", *ROLES, flag, column]
    assert main([*argv, "--n-boot", "100"]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == expected
