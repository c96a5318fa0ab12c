"""Round 48 (API battery): sources.sql_source (exported: the monitor's database windows call it)
raised KeyError None for a backend that is no dialect, TypeError 'a bytes-like object is
required' / 'argument of type float is not iterable' for a table or query of the wrong type, and
answered silently for a table and a query both (the query dropped) or an empty table ('""').
Its arguments are declared (_checks.argument_kinds) and refused by name."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import sql_source

BAD = [{1, 2}, b"x", bytearray(b"x"), float("nan"), 10**5000, {"a": 1}, np.array(1.0)]
BAD += [pd.DataFrame(), (i for i in range(2))]
GOOD = {"table": "t", "query": None, "backend": "sqlite"}


@pytest.mark.parametrize("arg", ["table", "query", "backend", "url"])
def test_a_wrong_kind_is_refused_by_name(arg):
    for value in [*BAD, None] if arg == "backend" else BAD:
        given = {**GOOD, "table": None, "query": "SELECT 1"} if arg == "query" else GOOD
        with pytest.raises(EthicLensInputError, match=f"argument '{arg}'"):
            sql_source(**{**given, arg: value})


@pytest.mark.parametrize(
    ("table", "query", "named"),
    [("t", "SELECT 1", "table/query"), (None, None, "table/query"), ("", None, "table")],
)
def test_no_one_source_is_refused(table, query, named):
    with pytest.raises(EthicLensInputError, match=f"argument '{named}'"):
        sql_source(table, query, "sqlite")


def test_a_valid_source_as_before():
    assert sql_source("t", None, "sqlite") == '"t"'
    assert sql_source(None, "SELECT 1", "postgresql") == "(SELECT 1) AS ethiclens_src"
