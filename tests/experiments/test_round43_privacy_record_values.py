"""Round 43: ``ResultsStore.record`` of a run carrying NumPy scalars or values of the wrong kind.

Before: a seed or n_train given as ``np.int64`` (or a statistic as ``np.float32``) was bound by
sqlite3 as raw bytes, so the record succeeded and every later reader refused the store as
damaged (``seed ... holds b'\\x05\\x00...'``), and a resumed sweep did not see the run as
finished. A bool seed, a negative seed, text for a statistic, a group_index of 2 (which the
tables never read), ±inf in a group's statistic (which the readers refuse) and an empty dataset
were stored; a seed past 64 bits was an OverflowError traceback. Now NumPy scalars are stored as
the Python numbers they are, and the rest is one refusal naming the field, before any write.
"""

import math
import re

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ResultsStore
from ethiclens.experiments._records import GroupRecord, RunRecord, RunResult


def _group(i: int, name: str, **changed) -> GroupRecord:
    stats = dict(attribute="race", group=name, group_index=i, n_train=50, n_test=40)
    stats.update(acc_train=0.7, acc_test=0.6, delta=0.1, positive_rate=0.3, tpr=0.4, fpr=0.2)
    return GroupRecord(**{**stats, "mia_auc": 0.55, **changed})


def _result(run=None, group=None) -> RunResult:
    fields = dict(dataset="compas", epsilon=2.0, seed=5, status="done", n_train=90, n_test=80)
    record = RunRecord(**{**fields, **(run or {})})
    return RunResult(run=record, groups=(_group(0, "a", **(group or {})), _group(1, "b")))


@pytest.fixture
def store(tmp_path):
    store = ResultsStore(tmp_path / "r.sqlite", "h")
    yield store
    store.close()


def test_numpy_scalars_are_stored_as_numbers_and_read_back(store):
    run = {"seed": np.int64(5), "n_train": np.int32(90), "test_accuracy": np.float32(0.6)}
    group = {"n_train": np.int64(50), "delta": np.float32(0.1), "mia_auc": np.float64(0.55)}
    store.record(_result(run, group))
    groups = store.group_stats()
    assert store.finished() == {("compas", "2.0", 5)}  # a resume sees the run
    first = groups[groups.group_name == "a"].iloc[0]
    assert (first.seed, first.n_train, first.delta, first.mia_auc) == (5, 50, 0.1, 0.55)
    assert store.runs().test_accuracy.tolist() == [0.6]


def test_nan_is_stored_as_undefined(store):
    store.record(_result(group={"delta": math.nan}))
    groups = store.group_stats()
    assert groups.delta.isna().tolist() == [True, False]


@pytest.mark.parametrize(
    ("run", "group", "field"),
    [
        ({"seed": True}, None, "run.seed"),
        ({"seed": -1}, None, "run.seed"),
        ({"seed": 2**70}, None, "run.seed"),
        ({"seed": 1.5}, None, "run.seed"),
        ({"dataset": ""}, None, "run.dataset"),
        ({"status": "running"}, None, "run.status"),
        (None, {"delta": "0.1"}, "groups[0].delta"),
        (None, {"mia_auc": math.inf}, "groups[0].mia_auc"),
        (None, {"group_index": 2}, "groups[0].group_index"),
        (None, {"group": 1}, "groups[0].group"),
    ],
)
def test_a_field_of_the_wrong_kind_is_refused_before_any_write(store, run, group, field):
    with pytest.raises(EthicLensInputError, match=re.escape(f"argument 'result.{field}'")) as err:
        store.record(_result(run, group))
    assert "Fix: record the run as a sweep does" in str(err.value)
    assert not store.conn.in_transaction
    assert store.conn.execute("SELECT count(*) FROM runs").fetchone() == (0,)
    store.record(_result())  # the store stays writable
    assert store.finished() == {("compas", "2.0", 5)}


def test_versions_are_json_of_plain_values_or_refused(store):
    """versions={'numpy': np.int64(2)} was a TypeError traceback (not JSON serializable),
    versions='x' a ValueError, versions=None a TypeError, {'a': nan} stored as invalid JSON."""
    store.record(_result({"versions": {"numpy": np.int64(2), "torch": "2.1"}}))
    store.record(_result({"seed": 6, "versions": None}))
    stored = store.conn.execute("SELECT versions FROM runs ORDER BY seed").fetchall()
    assert stored == [('{"numpy": 2, "torch": "2.1"}',), ("{}",)]
    for bad in ("x", {"a": math.nan}, {"a": object()}):
        with pytest.raises(EthicLensInputError, match=re.escape("argument 'result.run.versions'")):
            store.record(_result({"seed": 7, "versions": bad}))
    assert store.finished() == {("compas", "2.0", 5), ("compas", "2.0", 6)}
