"""Round 40 (p2nia hunt): a protected object column holding equal values of other types
(1.0 beside 1, Decimal 1.10 beside 1.1; True beside 1 until round 50, now refused) is one
group to the audit and to a P2NIA release, but make_counterfactuals wrote each record's copies
under its own spelling, so analyze_counterfactuals refused its own output ("200 record(s) lack
a flipped copy (first: row id 1, 1 → True)"). Now the group is written as its first value on
every copy and the pairs are analysed."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


@pytest.mark.parametrize(
    ("values", "first", "other"),
    [
        ([1, 1.0, 2], "1", "2"),
        ([Decimal("1.1"), Decimal("1.10"), Decimal("2")], "1.1", "2"),
    ],
)
def test_equal_values_of_other_types_are_one_group_on_every_copy(values, first, other):
    X = pd.DataFrame({"A": pd.Series(values * 10, dtype=object), "x": range(30)})
    frame = make_counterfactuals(X, "A")
    assert len(frame) == 60  # each record once observed, once flipped to the other group
    assert set(frame["_cf_source"].astype(str)) == {first, other}
    assert set(frame["_cf_target"].astype(str)) == {first, other}
    pred = (frame["x"] % 2).to_numpy()  # same prediction on every copy of a record
    result = analyze_counterfactuals(frame, pred, n_boot=100, random_state=0)
    pairs = {(p.source, p.target): p for p in result.pairs}
    assert sorted(pairs) == sorted([(first, other), (other, first)])
    assert pairs[(first, other)].n == 20 and pairs[(other, first)].n == 10
    assert all(p.flip_rate == 0.0 for p in result.pairs)


def test_true_beside_one_is_refused():
    # round 50 (a decision): True beside 1 is a flag beside a code the data may not mean as
    # one group; the audit refuses the column, so the probe does (was: one group 'True')
    X = pd.DataFrame({"A": pd.Series([True, 1, 0] * 10, dtype=object), "x": range(30)})
    with pytest.raises(Exception, match=r"True \(a true/false value\) and 1 \(a number\)"):
        make_counterfactuals(X, "A")


def test_a_named_group_of_another_type_is_still_refused():
    X = pd.DataFrame({"A": [True, False] * 5, "x": np.arange(10)})
    with pytest.raises(Exception, match="holds booleans"):
        make_counterfactuals(X, "A", groups=[1, 0])
