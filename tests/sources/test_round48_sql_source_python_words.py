"""sources.sql_source is a Python face: every refusal it shares with the command line's
--table/--query (a query that is no SELECT, empty, two statements) names its argument and a
keyword example (the command line keeps its flags: sql_columns refuses them first)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import sql_source

QUERIES = ["DELETE FROM t", "", "SELECT 1; SELECT 2", "UPDATE t SET y = 1"]


@pytest.mark.parametrize("query", QUERIES)
def test_python_caller_is_told_its_argument(query):
    with pytest.raises(EthicLensInputError) as info:
        sql_source(None, query, "sqlite")
    said = str(info.value)
    assert said.startswith("argument 'query': ") and "--query" not in said
    assert 'e.g. query="SELECT' in said
