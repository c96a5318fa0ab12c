"""Round 43: sql_counts/sql_columns given a table or query that is no text (table=5,
table=['t'], query=5) ended in an AttributeError/TypeError traceback, query=b'...' was
'not SQL EthicLens can check: TokenError', table='' 'the query failed: no such table:.', and a
table name holding NUL (a config file's target.table: "t\\u0000") 'column "'t\\\\x00'": column
names may not contain NUL'. Each is now one refusal naming --table/--query (target.table in a
config file), before any connection."""

from __future__ import annotations

import sqlite3

import pytest

from ethiclens import AuditSpec
from ethiclens import audit as run_audit
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, sql_columns, sql_counts

ROLES = Roles("p", ["g"], "y")


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "d.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (y INTEGER, p INTEGER, g TEXT)")
    con.executemany("INSERT INTO t VALUES (?, ?, ?)", [(1, 0, "a"), (0, 1, "b")] * 3)
    con.commit()
    con.close()
    return f"sqlite:///{path}"


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ({"table": 5}, "option '--table': must be text (a table's name), not int (value: 5)"),
        ({"table": ["t"]}, "option '--table': must be text (a table's name), not list"),
        ({"query": 5}, "option '--query': must be text (one SELECT statement), not int"),
        (
            {"query": b"SELECT * FROM t"},
            "option '--query': must be text (one SELECT statement), not bytes",
        ),
        ({"table": ""}, "option '--table': must not be empty (value: '')"),
        ({"table": "t\x00"}, "option '--table': a table's name may not hold a NUL character"),
        ({"table": "main.t\x00"}, "option '--table': a table's name may not hold a NUL character"),
    ],
)
def test_a_table_or_query_that_is_no_name_is_one_refusal(db, given, said):
    for call in (lambda: sql_counts(db, ROLES, **given), lambda: sql_columns(db, **given)):
        with pytest.raises(EthicLensInputError) as info:
            call()
        assert str(info.value).startswith(said), str(info.value)


def test_a_config_table_holding_nul_is_named_as_its_key(db):
    spec = AuditSpec.from_dict(
        {
            "target": {"db": db, "table": "t\x00"},
            "roles": {"y_true": "y", "y_pred": "p", "protected": ["g"]},
        }
    )
    with pytest.raises(EthicLensInputError) as info:
        run_audit(spec)
    assert str(info.value).startswith("key 'target.table': a table's name may not hold a NUL"), str(
        info.value
    )


def test_a_good_table_and_query_still_count(db):
    assert sql_counts(db, ROLES, table="t")["count"].sum() == 6
    assert sql_counts(db, ROLES, query="SELECT * FROM t")["count"].sum() == 6
