"""Round 20 (V): a score or weight written '+nan' or '-nan' (padded or not, in any case) is
missing, as Python's float() and the pandas, DuckDB and Dask engines read it. Spark's cast
reads 'nan' and '+NaN' but not '+nan', and PostgreSQL's test for a missing text value took
only 'nan': both said "1 value is not a number" instead."""

import re

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
    pytest.importorskip("sqlglot")
    from .test_round20_s2_pg_infinity import refused_as_the_audit_refuses

    refused_as_the_audit_refuses(postgres_url, capsys, text, column, flag, role, seed=22)


def _csv(tmp_path, column: str, value: str):
    """A CSV whose ``column`` holds ``value`` (written as is) on line 6."""
    path = tmp_path / f"{column}.csv"
    make_frame(23, n=300).to_csv(path, index=False)
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    cells = lines[5].split(",")
    cells[header.index(column)] = value
    lines[5] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("text", SIGNED)
@pytest.mark.parametrize(("column", "flag", "role"), COLUMNS)
def test_spark_signed_nan_in_a_csv_is_missing(spark, tmp_path, capsys, text, column, flag, role):
    """As pandas, DuckDB and Dask read it: a missing score, a weight that is not finite."""
    pytest.importorskip("duckdb")
    pytest.importorskip("dask")
    path = _csv(tmp_path, column, text)
    said = {}
    for engine in ("pandas", "duckdb", "dask", "spark"):
        capsys.readouterr()
        argv = ["audit", str(path), *ROLES, flag, column, "--engine", engine]
        rc = main([*argv, "--n-boot", "100"])
        said[engine] = (rc, capsys.readouterr().err.strip().splitlines()[-1])
    assert len(set(said.values())) == 1, said
    missing = {"s": "1 missing score(s), first at s.csv line 6.", "w": "(value: nan)."}
    assert missing[column] in said["spark"][1], said


@pytest.mark.parametrize("text", ["+nan", " -NaN"])
@pytest.mark.parametrize(("column", "role"), [("w", "sample_weight"), ("s", "y_score")])
def test_spark_string_frame_with_signed_nan_is_refused_as_text(spark, text, column, role):
    """A Spark frame's string column holding it is a string column of numbers, refused as the
    audit refuses the same column in pandas."""
    from ethiclens.sources import Roles, spark_counts

    frame = make_frame(24, n=200)
    frame[column] = frame[column].astype(str)
    frame.loc[5, column] = text
    with pytest.raises(ethiclens.EthicLensInputError) as api:
        ethiclens.audit(
            frame["y"], frame["p"], frame[["race"]], **{role: frame[column]}, n_boot=100
        )
    kw = {"y_score": column} if role == "y_score" else {"weight": column}
    roles = Roles(y_true="y", y_pred="p", protected=["race"], **kw)
    with pytest.raises(ethiclens.EthicLensInputError) as engine:
        spark_counts(spark.createDataFrame(frame), roles)
    assert "holds the text values" in str(engine.value), engine.value
    assert str(engine.value) == re.sub(r", first at row \d+", "", str(api.value))
