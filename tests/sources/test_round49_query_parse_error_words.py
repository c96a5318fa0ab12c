"""Round 49: a --query that sqlglot cannot parse was refused in sqlglot's internals
("Required keyword: 'expression' missing for <class 'sqlglot.expressions.core.Mul'>",
"Expected table name but got <Token token_type: ...>"). It now says the query could not be
parsed, where, and the fix; a quoted token (a literal that may hold a password) is not shown."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources._sql import read_only_query


@pytest.mark.parametrize(
    "query, near",
    [
        ("SELECT * FROM t WHERE x = 2 *", "near '*' (line 1, column 29)"),
        ("SELECT FROM WHERE", "near 'WHERE' (line 1, column 17)"),
        ("SELECT y FROM t WHERE pw = 'hunter2' AND (", "near '(' (line 1, column 42)"),
    ],
)
def test_a_query_sqlglot_cannot_parse_is_told_in_words(query, near):
    with pytest.raises(EthicLensInputError) as info:
        read_only_query(query)
    text = str(info.value)
    assert f"the query could not be parsed as SQL {near}" in text
    assert "Fix: correct the SQL there" in text
    for internal in ("sqlglot", "<class", "Token", "Required keyword", "hunter2"):
        assert internal not in text
