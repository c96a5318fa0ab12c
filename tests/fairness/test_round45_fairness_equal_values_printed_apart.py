"""Round 45 (fairness hunt): a Python object column holding values that are one value but
print apart (1 and 1.0, 1 and True, 0 and False) was audited as one group named after
whichever row came first: rows shuffled renamed the group ('1' or '1.0'), so a reference,
exclusion or baseline naming it held for one order only. Refused, every spelling named, on
every function that groups rows (audit, compare, threshold_table, audit_counts)."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError, audit, compare, threshold_table
from ethiclens.fairness import audit_counts

N = 300
PAIRS = [(1, 1.0), (1.0, 1), (0, False), (True, 1), (np.int64(1), 1.0), (1, np.float64(1.0))]


def _groups(a, b):
    return pd.Series([(a, b, 2)[i % 3] for i in range(N)], dtype=object, name="g")


def _labels():
    r = np.random.default_rng(0)
    return r.integers(0, 2, N), r.integers(0, 2, N), r.random(N)


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_equal_values_printed_apart_are_refused_in_either_order(a, b):
    y, p, s = _labels()
    for groups in (_groups(a, b), _groups(b, a)):
        with pytest.raises(EthicLensInputError, match="one value but print apart") as caught:
            audit(y, p, groups, n_boot=100, random_state=0)
        assert caught.value.column == "g"
        plain = [v.item() if isinstance(v, np.generic) else v for v in (a, b)]
        assert f"found {sorted(plain, key=str)}" in str(caught.value)


def test_every_function_that_groups_rows_refuses_them():
    y, p, s = _labels()
    g = _groups(1, 1.0)
    cells = {"g": g[[0, 1, 2, 5]], "y_pred": [1, 0, 1, 0], "count": [50, 60, 70, 80]}
    calls = [
        lambda: compare(y, p, 1 - p, g, n_boot=100),
        lambda: threshold_table(y, s, g, n_boot=100),
        lambda: audit_counts(pd.DataFrame(cells), protected=["g"], n_boot=100),
    ]
    for call in calls:
        with pytest.raises(EthicLensInputError, match="one value but print apart"):
            call()


def test_one_type_and_values_printed_alike_still_pass():
    y, p, s = _labels()
    cases = [(-0.0, 0.0), (1, np.int64(1)), (True, np.True_), ("a", np.str_("a")), ("1", 2)]
    for a, b in cases:
        r = audit(y, p, _groups(a, b), n_boot=100, random_state=0)
        assert len(r.comparisons) == 1
