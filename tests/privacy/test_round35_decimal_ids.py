"""Round 35: an audit with ids of 2**53 and more that are not machine integers (a database's
NUMERIC column: Decimal; Python ints past int64; digit text) matched the splits' ids four
times (the audit's checks and its attack's each), converting every id in Python each time:
200,000 Decimal ids per split took 15 s against 4 s for int64 ids. Each split's id numbers are
computed once (its ids are a read-only copy, so they cannot change under the cache), and only
the ids a double cannot hold exactly are converted one by one."""

from decimal import Decimal

import numpy as np
import pytest

from ethiclens.privacy import SplitPredictions, _inputs, pcer_audit

BIG = 2**60


def _split(ids, seed):
    rng = np.random.default_rng(seed)
    n = len(ids)
    return SplitPredictions(
        y_true=rng.integers(0, 2, n),
        y_pred=rng.integers(0, 2, n),
        groups=np.where(np.arange(n) % 2, "a", "b"),
        loss=rng.random(n),
        ids=ids,
    )


def test_each_splits_ids_are_converted_once_per_audit(monkeypatch):
    calls = []
    real = _inputs._id_numbers
    monkeypatch.setattr(_inputs, "_id_numbers", lambda ids: calls.append(len(ids)) or real(ids))
    train = _split(np.array([Decimal(BIG + i) for i in range(400)], dtype=object), 0)
    test = _split(np.array([Decimal(BIG + 1000 + i) for i in range(400)], dtype=object), 1)
    result = pcer_audit(train, test, n_boot=100)
    assert calls == [400, 400]
    assert not any("train row" in n for n in result.notes)


def test_big_decimal_ids_still_match_exactly_not_their_neighbours():
    train = _split(np.array([Decimal(BIG + i) for i in range(300)], dtype=object), 0)
    ids = [Decimal(BIG + 1000 + i) for i in range(300)]
    ids[:3] = [BIG + 1, BIG + 2, BIG + 3]  # ints: the same numbers as train's Decimals
    test = _split(np.array(ids, dtype=object), 1)
    for f in ("y_true", "y_pred", "groups"):  # the same records: the same fields
        getattr(test, f)[:3] = getattr(train, f)[1:4]
    test.loss[:3] = train.loss[1:4]
    hit, _ = _inputs.shared_test_rows(train, test)
    assert np.flatnonzero(hit).tolist() == [0, 1, 2]


def test_a_splits_ids_are_its_own_read_only_copy():
    ids = np.array([Decimal(BIG + i) for i in range(10)], dtype=object)
    split = _split(ids, 0)
    ids[0] = Decimal(BIG + 5)  # the caller's array changes: the split's does not
    assert split.ids[0] == BIG and split.ids is not ids
    with pytest.raises(ValueError, match="read-only"):
        split.ids[0] = 1
