"""Round 45 review of cb0f2882: a query of only invisible characters is 'the query is empty', but
such characters beside a ';' were read as a statement: 'select 1;\\u200b' (a zero-width space
pasted after the query) was "the query holds 2 statements", and '\\u200b;' "the query is a \\u200b
statement, not a SELECT" (the character itself in the message). A statement that prints as
nothing (_text.prints_blank) is now no statement, as an empty one after a ';' is."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources._sql import read_only_query


@pytest.mark.parametrize("tail", ["\u200b", "\u3164", " -- c\n\u2800", "\ufeff"], ids=ascii)
@pytest.mark.parametrize("dialect", ["sqlite", "postgres", "duckdb"])
def test_an_invisible_statement_after_the_query_is_none(tail, dialect):
    assert read_only_query(f"select y from t;{tail}", dialect) == "SELECT y FROM t"


@pytest.mark.parametrize("query", ["\u200b;", "\u3164 ;", ";\u2800"], ids=ascii)
def test_only_an_invisible_statement_holds_none_as_a_lone_semicolon(query):
    with pytest.raises(EthicLensInputError) as caught:
        read_only_query(query, "sqlite")
    with pytest.raises(EthicLensInputError) as semicolon:
        read_only_query(";", "sqlite")
    assert str(caught.value) == str(semicolon.value)
