"""Round 28 review: the server facts refused since round 28 were refused in attribute notation
too, so a table's column named version (a model's version: t.version, a join ON a.version =
b.version) was refused as a call of version(). x.f is f(x): a fact read without an argument
(version(), current_database(), inet_server_addr()...) is never called so; current_setting,
which takes one, still is."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import _sql

pytest.importorskip("sqlglot")


@pytest.mark.parametrize(
    "query",
    [
        "SELECT t.y, t.p, t.g FROM preds t WHERE t.version = 3",
        "SELECT a.y, a.p, b.g FROM preds a JOIN runs b ON a.version = b.version",
        "SELECT t.y, t.p, t.current_database AS g FROM t",
        "SELECT t.y, t.p, t.g FROM t WHERE t.inet_server_port > 0",
    ],
)
def test_a_column_named_as_a_fact_without_argument_runs(query):
    assert _sql.read_only_query(query)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT y, p, version() AS g FROM t",
        "SELECT y, p, pg_catalog.version() AS g FROM t",
        "SELECT y, p, ('data_directory').current_setting AS g FROM t",
    ],
)
def test_the_facts_themselves_stay_refused(query):
    with pytest.raises(EthicLensInputError, match="a report must not carry"):
        _sql.read_only_query(query)
