"""txid_current() is refused in a --query as pg_current_xact_id() is (round 27).

pg_current_xact_id(), refused with every pg_* function, has an old name, txid_current(), that
no rule refused: inside the read-only transaction it still assigns the audit a transaction ID
(each run consumed one, and its rollback wrote an abort record). Both names are refused now, in
any spelling, before anything connects; txid_current_if_assigned(), which assigns nothing, is
not.
"""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import _sql

pytest.importorskip("sqlglot")


@pytest.mark.parametrize(
    "call",
    ["txid_current()", "TXID_CURRENT()", '"txid_current"()', "pg_catalog.txid_current()"],
)
def test_txid_current_is_refused(call):
    with pytest.raises(EthicLensInputError, match="effects beyond the query's result"):
        _sql.read_only_query(f"SELECT y, p, race FROM scores WHERE {call} > 0")


def test_pg_current_xact_id_is_refused_too():
    with pytest.raises(EthicLensInputError, match="pg_current_xact_id"):
        _sql.read_only_query("SELECT y, p, race FROM scores WHERE pg_current_xact_id() IS NULL")


def test_txid_current_if_assigned_still_runs():
    sql = _sql.read_only_query("SELECT y, p, txid_current_if_assigned() AS race FROM scores")
    assert "txid_current_if_assigned" in sql.lower()
