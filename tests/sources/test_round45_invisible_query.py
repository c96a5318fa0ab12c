"""Round 45 (blank-names hunt, sibling of csv_header's): a --query of characters that print as
nothing (a zero-width space U+200B, a Hangul filler U+3164, a blank braille cell U+2800) passed
the query's blank check (``str.strip`` keeps them) and was refused "the query is a \\u200b
statement, not a SELECT: databases are read, never written", where ' ' is "the query is empty".
``read_only_query`` (every face and engine reading SQL: audit, monitor, counts, Python) now
reads it by the one rule (``_text.prints_blank``)."""

from __future__ import annotations

import sqlite3

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources._sql import read_only_query

BLANKS = [" ", "\u200b", "\u3164", "\u2800", "\ufeff \u200b"]


@pytest.mark.parametrize("query", BLANKS, ids=ascii)
def test_a_query_that_prints_as_nothing_is_empty(query):
    with pytest.raises(EthicLensInputError) as caught:
        read_only_query(query, dialect="sqlite")
    assert caught.value.problem == "the query is empty", caught.value
    assert caught.value.column == "--query"


def test_the_audit_says_so(tmp_path):
    db = tmp_path / "x.db"
    with sqlite3.connect(db) as con:
        con.execute("create table t(y, p, g)")
        con.executemany("insert into t values (?, ?, ?)", [(1, 1, "a"), (0, 0, "b")] * 10)
    with pytest.raises(EthicLensInputError) as caught:
        spec = ethiclens.AuditSpec.of(
            db=f"sqlite:///{db}", query="\u200b", y_pred="p", protected=["g"]
        )
        ethiclens.run(spec)
    assert caught.value.problem == "the query is empty", caught.value
