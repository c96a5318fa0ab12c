"""A counts table's cells are added as numbers, after their check: bin_counts joined text counts
('30' + '30' = '3030': n 12,120 for 240 rows) and dropped a missing or negative count silently;
audit_counts crashed (ValueError) on a text weight_sum column that its cell check accepts."""

import numpy as np
import pandas as pd
import pytest

import ethiclens.fairness as f
from ethiclens.errors import EthicLensInputError

BINS = {"age": [0, 40, 100]}


def _table():
    rows = [(a, y, p) for a in (20, 30, 50, 60) for y in (0, 1) for p in (0, 1)]
    t = pd.DataFrame(rows, columns=["age", "y_true", "y_pred"])
    t["count"] = 30
    t["weight_sum"] = 45.0
    t["weight_sq_sum"] = 90.0
    return t


def test_text_counts_are_added_as_numbers():
    t = _table()
    good = f.bin_counts(t, BINS)
    text = f.bin_counts(t.assign(count=t["count"].astype(str)), BINS)
    assert text.equals(good)
    assert text["count"].tolist() == [60] * 8
    r = f.audit_counts(text, protected=["age"], random_state=0, n_boot=100)
    assert [g.n for g in r.attributes[0].groups] == [240, 240]


@pytest.mark.parametrize("bad", [np.nan, -30, "abc"])
def test_missing_negative_or_unreadable_count_refused_not_added(bad):
    t = _table().astype({"count": object})
    t.loc[0, "count"] = bad
    with pytest.raises(EthicLensInputError, match="column 'count': cell \\(age=20"):
        f.bin_counts(t, BINS)


def test_text_weight_sums_read_as_numbers_not_joined():
    t = _table()
    base = f.audit_counts(t, protected=["age"], random_state=0, n_boot=100)
    text = t.assign(weight_sum=t["weight_sum"].astype(str))  # '45.0' cells: '45.045.0' joined
    r = f.audit_counts(text, protected=["age"], random_state=0, n_boot=100)
    assert r.to_json() == base.to_json()
    zero = t.assign(weight_sum="0.0", weight_sq_sum="0.0")
    with pytest.raises(EthicLensInputError, match="every weight is 0"):
        f.audit_counts(zero, protected=["age"], random_state=0, n_boot=100)
