"""Round 32 review (privacy): record ids given as text past 64 bits (a Parquet/JSON string id
column of 21 digits) are compared exactly in the overlap check, as the numbers of round 32 are
(pd.to_numeric made them doubles: 50 training rows given as held out went unnoted), the way
' 7 ', '7.0' and '1_000' are read is kept; membership_inference reads a float32 rate (and
delta_pcer) as the decimal it prints as, and refuses a rate for a group the splits lack."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, membership_inference
from ethiclens.privacy._inputs import shared_test_rows

N = 300


def _pair(train_ids, test_ids, rows=None):
    rows = np.arange(50) if rows is None else rows
    rng = np.random.default_rng(0)
    y, pred = rng.integers(0, 2, N), rng.integers(0, 2, N)
    groups, loss = rng.choice(["a", "b"], N), rng.random(N)
    train = SplitPredictions(y_true=y, y_pred=pred, groups=groups, loss=loss, ids=train_ids)
    test = SplitPredictions(
        y_true=y[rows], y_pred=pred[rows], groups=groups[rows], loss=loss[rows], ids=test_ids
    )
    return train, test


def _matched(train_ids, test_ids):
    found = shared_test_rows(*_pair(train_ids, test_ids))
    return 0 if found is None else int(found[0].sum())


def _text(ids):
    return np.array([str(v) for v in ids], dtype=object)


@pytest.mark.parametrize("base", [10**20, -(10**20), 2**60])
def test_text_ids_past_64_bits_are_compared_exactly(base):
    ids = np.array([base + i for i in range(N)], dtype=object)
    assert _matched(_text(ids), _text(ids[:50])) == 50
    assert _matched(ids, _text(ids[:50])) == 50
    assert _matched(_text(ids), _text(ids[:50] + N)) == 0  # other records one id apart


def test_text_ids_are_read_as_before():
    ids = np.arange(N)
    assert _matched(np.array([f" {i} " for i in ids], dtype=object), ids[:50]) == 50
    assert _matched(np.array([f"{i}.0" for i in ids], dtype=object), ids[:50]) == 50
    assert _matched(ids + 0.0, ids[:50]) == 50
    assert _matched(np.array([f"1_{i:03d}" for i in ids], dtype=object), 1000 + ids[:50]) == 0
    assert _matched(_text(ids + 2**60 + 0.0), ids[:50] + 2**60) == 0  # doubles: no longer ids


def _rates(**kwargs):
    train, test = _pair(np.arange(N), np.arange(N, N + 50), np.arange(N - 50, N))
    return membership_inference(train, test, eta=0.004, min_group_size=1, **kwargs)


def test_float32_rates_are_the_decimals_they_print_as():
    exact = _rates(positive_rates={"a": 0.5, "b": 0.4}, delta_pcer=0.1)
    single = _rates(positive_rates={"a": np.float32(0.5), "b": 0.4}, delta_pcer=np.float32(0.1))
    assert single.delta_pcer_mia == exact.delta_pcer_mia
    assert type(single.delta_pcer_mia) is float
    assert single.to_dict()["delta_pcer"] == 0.1


def test_a_rate_for_a_group_the_splits_lack_is_refused():
    with pytest.raises(EthicLensInputError) as err:
        _rates(positive_rates={"a": 0.5, "b": 0.4, "c": 0.1})
    assert err.value.column == "positive_rates"
    assert "no group c in the splits, which hold a, b" in str(err.value)
    with pytest.raises(EthicLensInputError, match=r"no rate for group\(s\) b \(value"):
        _rates(positive_rates={"a": 0.5, "c": 0.1})  # a missing group is said first, as before
