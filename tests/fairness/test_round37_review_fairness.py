"""Round 37 review of the fairness line cuts (8c360f94, 89275645, bb5dbf33): what each cut
must keep, pinned whole.

- contain_estimate (public) takes every interval and point as it did before 8c360f94: a NaN
  bound stays NaN (the kit's contain_one read a NaN low as "no interval" and gave None/None, or
  extended past a NaN high), and a one-element array point is compared as before instead of
  failing inside numpy's broadcasting.
- The ten built-in comparison metrics (89275645: one table instead of ten calls): the judged
  two, the composite's three and the column headers, per name and in order.
- The counts table's three refusals that share _counts.FIX_BUILD (bb5dbf33), and the other
  fix its cell refusals keep.
"""

import math

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import Interval, _metrics, audit_counts, contain_estimate

OUTSIDE = "extended to the estimate, which lies outside the draws' interval"
nan = float("nan")


def _same(iv: Interval, low, high, method: str) -> None:
    for got, want in ((iv.low, low), (iv.high, high)):
        assert (math.isnan(got) and math.isnan(want)) if want != want else got == want
    assert iv.method == method


def test_contain_estimate_widens_to_a_point_outside_and_says_so():
    _same(contain_estimate(Interval(0.2, 0.4, "m"), 0.1), 0.1, 0.4, f"m; {OUTSIDE}")
    _same(contain_estimate(Interval(0.2, 0.4, "m"), 1), 0.2, 1.0, f"m; {OUTSIDE}")
    inside = Interval(0.2, 0.4, "m")
    for point in (0.3, 0.2, None, nan, math.inf, -math.inf):
        assert contain_estimate(inside, point) is inside
    undefined = Interval(None, None, "m")
    assert contain_estimate(undefined, 0.9) is undefined


def test_contain_estimate_keeps_nan_bounds_as_before():
    both = Interval(nan, nan, "m")
    assert contain_estimate(both, 0.5) is both  # was Interval(None, None, 'm') on 8c360f94
    _same(contain_estimate(Interval(nan, 0.5, "m"), 0.7), nan, 0.7, f"m; {OUTSIDE}")
    low_only = Interval(0.2, nan, "m")
    assert contain_estimate(low_only, 0.3) is low_only  # was extended to (0.2, 0.3)
    _same(contain_estimate(low_only, 0.1), 0.1, nan, f"m; {OUTSIDE}")


def test_contain_estimate_takes_a_one_element_array_point_as_before():
    iv = Interval(0.2, 0.4, "m")
    assert contain_estimate(iv, np.array([0.3])) is iv  # was a numpy broadcasting ValueError


def test_builtin_comparison_metrics_judged_composite_and_headers():
    got = [
        (m.name, m.policy, m.in_composite, m.short, m.needs_labels)
        for m in _metrics._COMPARISON_REGISTRY.entries.values()
        if _metrics._COMPARISON_REGISTRY.is_builtin(m.name)
    ]
    assert got == [
        ("disparate_impact", "di", True, "DI", False),
        ("statistical_parity_difference", None, True, "SPD", False),
        ("equalized_odds_difference", "eo", True, "EO diff", True),
        ("equal_opportunity_difference", None, False, "Equal opp.", "positive"),
        ("predictive_parity_difference", None, False, "Pred. parity", True),
        ("fpr_balance", None, False, None, True),
        ("fnr_difference", None, False, "FNR diff", "positive"),
        ("npv_difference", None, False, "NPV diff", True),
        ("accuracy_difference", None, False, "Acc. diff", True),
        ("theil_difference", None, False, "Theil diff", True),
    ]
    assert _metrics.COMPOSITE_PARTS == tuple(n for n, _, c, *_ in got if c)


def _table(**cols):
    base = {"sex": ["F", "F", "M", "M"], "y_pred": [0, 1, 0, 1], "count": [5, 3, 4, 6]}
    return pd.DataFrame({**base, **cols})


BUILD = "build it with ethiclens counts or ethiclens.sources.counts_of"


@pytest.mark.parametrize(
    ("table", "message", "column", "fix"),
    [
        (_table().drop(columns="count"), "missing from the counts table", "count", BUILD),
        (
            _table(weight_sum=[5.0, 3.0, 4.0, 6.0]),
            "the counts table has weight_sum but not weight_sq_sum",
            "weight_sq_sum",
            BUILD,
        ),
        (_table(count=[0, 0, 0, 0]), "no rows to audit (every count is 0)", "count", BUILD),
        (
            _table(count=[5, -3, 4, 6]),
            None,
            "count",
            "build the table with ethiclens counts or ethiclens.sources.counts_of",
        ),
    ],
)
def test_counts_table_refusal_fixes(table, message, column, fix):
    with pytest.raises(EthicLensInputError) as info:
        audit_counts(table, protected=["sex"], n_boot=50)
    err = info.value
    assert (err.column, err.fix) == (column, fix)
    if message is not None:
        assert str(err) == f"column {column!r}: {message}. Fix: {fix}"
