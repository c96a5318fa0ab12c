"""The counting functions' Python arguments: roles given as a dict, None or a spec's Roles
failed inside with AttributeError ('dict' object has no attribute 'columns') on duckdb_counts,
dask_file_counts, dask_counts, pandas_counts, read_rows and sql_counts, where counts_of names
the type and the call that builds the right one; duckdb_counts(threads='x' | -1 | True) failed
in DuckDB's words (Invalid Input Error, Syntax Error) and threads=1.5 was taken as 1."""

import pandas as pd
import pytest

from ethiclens import sources
from ethiclens.errors import EthicLensInputError
from ethiclens.spec._spec import Roles as SpecRoles


@pytest.fixture
def csv(tmp_path):
    path = tmp_path / "d.csv"
    pd.DataFrame({"y": [0, 1] * 10, "pred": [1, 0] * 10, "g": list("ab") * 10}).to_csv(
        path, index=False
    )
    return str(path)


BAD_ROLES = [{"y_pred": "pred"}, None, SpecRoles(y_pred=("pred",), protected=("g",))]


@pytest.mark.parametrize("roles", BAD_ROLES, ids=["dict", "none", "spec"])
def test_roles_that_are_not_roles_are_refused_naming_the_type(csv, roles):
    import dask.dataframe as dd

    calls = [
        lambda: sources.duckdb_counts(csv, roles),
        lambda: sources.dask_file_counts(csv, roles),
        lambda: sources.pandas_counts(csv, roles),
        lambda: sources.read_rows(csv, roles),
        lambda: sources.dask_counts(dd.read_csv(csv), roles),
        lambda: sources.sql_counts("sqlite://", roles, table="t"),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=r"takes an ethiclens\.sources\.Roles, not "):
            call()


@pytest.mark.parametrize("threads", ["x", -1, True, 1.5])
def test_duckdb_threads_must_be_a_whole_number(csv, threads):
    roles = sources.Roles(y_pred="pred", protected=["g"], y_true="y")
    with pytest.raises(EthicLensInputError, match="argument 'threads': must be a whole number"):
        sources.duckdb_counts(csv, roles, threads=threads)
    assert len(sources.duckdb_counts(csv, roles, threads=0)) == 2  # DuckDB's own, as None
