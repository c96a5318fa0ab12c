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


def test_text_counts_are_refused_not_joined():
    # round 47: text counts are refused (a string column), as text weights and scores are;
    # they were added as numbers here, and before that joined ('30' + '30' = '3030')
    t = _table()
    text = t.assign(count=t["count"].astype(str))
    for run in (lambda: f.bin_counts(text, BINS), lambda: f.audit_counts(text, protected=["age"])):
        with pytest.raises(EthicLensInputError, match="a number written as text .*'30'"):
            run()


@pytest.mark.parametrize("bad", [np.nan, -30, "abc"])
def test_missing_negative_or_unreadable_count_refused_not_added(bad):
    t = _table().astype({"count": object})
    t.loc[0, "count"] = bad
    with pytest.raises(EthicLensInputError, match="column 'count': cell \\(age=20"):
        f.bin_counts(t, BINS)


def test_text_weight_sums_refused_not_joined():
    t = _table()
    text = t.assign(weight_sum=t["weight_sum"].astype(str))  # '45.0' cells: '45.045.0' joined
    with pytest.raises(EthicLensInputError, match="column 'weight_sum': .* written as text"):
        f.audit_counts(text, protected=["age"], random_state=0, n_boot=100)
    zero = t.assign(weight_sum="0.0", weight_sq_sum="0.0")
    with pytest.raises(EthicLensInputError, match="written as text .*'0.0'"):
        f.audit_counts(zero, protected=["age"], random_state=0, n_boot=100)
