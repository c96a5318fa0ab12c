"""Round 42 review of 40bf76b5: ``ResultsStore.record`` now refuses a run whose ε is no budget
(True, a Decimal, -1, NaN) through ``epsilon_key``, but the refusal was raised inside the
run's ``BEGIN IMMEDIATE``: the transaction stayed open (holding the store's write lock) and
every later ``record`` of a good run failed with 'cannot start a transaction within a
transaction'. The ε is checked before the transaction now; the next run is recorded."""

import math
from decimal import Decimal

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ResultsStore
from ethiclens.experiments._records import RunRecord, RunResult


def _result(epsilon, seed: int) -> RunResult:
    return RunResult(run=RunRecord(dataset="compas", epsilon=epsilon, seed=seed, status="done"))


@pytest.mark.parametrize("bad", [True, Decimal("2.5"), -1.0, math.nan])
def test_a_refused_budget_leaves_the_store_writable(tmp_path, bad):
    store = ResultsStore(tmp_path / "r.sqlite", "h")
    try:
        with pytest.raises(EthicLensInputError, match="epsilon"):
            store.record(_result(bad, 0))
        assert not store.conn.in_transaction
        store.record(_result(1, 1))
        store.record(_result(math.inf, 2))
        rows = store.conn.execute("SELECT epsilon_key, epsilon, seed FROM runs").fetchall()
    finally:
        store.close()
    assert sorted(rows, key=lambda r: r[2]) == [("1.0", 1.0, 1), ("none", None, 2)]
