"""Round 43 review of ResultsStore.record's field checks (2a0fc9d7).

Before: re-recording a run (record replaces the run of the same dataset, ε and seed) whose
seed was a NumPy integer failed with SQLite's 'UNIQUE constraint failed' (the DELETE bound
np.int64 as bytes and matched nothing, the INSERT took the checked int); a required field
left None was SQLite's 'NOT NULL constraint failed' naming '--store'; a lone surrogate in a
text field was a UnicodeEncodeError traceback that left the store inside its transaction
(the next record: 'cannot start a transaction within a transaction').
"""

import sqlite3

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._records import GroupRecord, RunRecord, RunResult
from ethiclens.experiments._store import ResultsStore


def _result(seed=0, acc=0.5, run=None, group=None):
    fields = dict(dataset="compas", epsilon=1.0, seed=seed, status="done", test_accuracy=acc)
    stats = dict(attribute="race", group="Other", group_index=0, n_train=4, n_test=2)
    stats.update(acc_train=1.0, acc_test=0.5, delta=0.5)
    return RunResult(
        run=RunRecord(**{**fields, **(run or {})}),
        groups=[GroupRecord(**{**stats, **(group or {})})],
    )


@pytest.fixture
def store(tmp_path):
    st = ResultsStore(tmp_path / "s.sqlite", config_hash="abc")
    yield st
    st.close()


def _rows(store):
    with sqlite3.connect(store.path) as conn:
        return conn.execute("SELECT seed, test_accuracy, error FROM runs").fetchall()


def test_a_run_recorded_again_with_a_numpy_seed_replaces_the_first(store):
    store.record(_result(seed=5, acc=0.1))
    store.record(_result(seed=np.int64(5), acc=0.2))
    assert _rows(store) == [(5, 0.2, None)]


@pytest.mark.parametrize(
    ("run", "group", "column"),
    [
        ({"status": None}, None, "result.run.status"),
        ({"dataset": None}, None, "result.run.dataset"),
        ({"seed": None}, None, "result.run.seed"),
        (None, {"group": None}, "result.groups[0].group"),
        (None, {"attribute": None}, "result.groups[0].attribute"),
        (None, {"group_index": None}, "result.groups[0].group_index"),
        (None, {"group": "\ud800"}, "result.groups[0].group"),
        ({"trainer": "a\udcff"}, None, "result.run.trainer"),
    ],
)
def test_a_missing_or_unstorable_field_is_refused_by_name(store, run, group, column):
    with pytest.raises(EthicLensInputError) as info:
        store.record(_result(run=run, group=group))
    assert f"argument '{column}'" in str(info.value) and "constraint" not in str(info.value)
    store.record(_result(seed=1))  # the store stays writable
    assert _rows(store) == [(1, 0.5, None)]


def test_a_failed_runs_error_with_a_surrogate_is_kept_as_escapes(store):
    store.record(_result(run={"status": "failed", "error": "OSError: f\udcff.csv"}))
    store.record(_result(seed=1))
    assert _rows(store) == [(0, 0.5, "OSError: f\\udcff.csv"), (1, 0.5, None)]
