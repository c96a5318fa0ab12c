"""Round 45 (fairness hunt): thresholds given as np.arange(0.1, 1, 0.1) hold
0.30000000000000004 and 0.7000000000000001, which the terminal, the HTML report and the plot
print as 0.3 and 0.7 while a score of exactly 0.3 or 0.7 fell below them: on scores of one
decimal, the rates shown at "0.3" were those of 0.4. A given threshold within float noise of
a number of 10 decimals is now that number, as the default grid's are."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import threshold_table


def _data(n=600):
    r = np.random.default_rng(0)
    g = pd.Series(r.choice(["a", "b"], n), name="g")
    return r.integers(0, 2, n), np.round(r.integers(0, 10, n) * 0.1, 1), g


@pytest.mark.parametrize(
    "given", [np.arange(0.1, 1, 0.1), [0.1 * k for k in range(1, 10)], [0.1 + 0.2, 0.3]]
)
def test_float_noise_in_given_thresholds_does_not_shift_the_rates(given):
    y, s, g = _data()
    t = threshold_table(y, s, g, thresholds=given, n_boot=200, random_state=0)
    shown = sorted(t.frame["threshold"].unique())
    assert 0.3 in shown and 0.30000000000000004 not in shown  # one 0.3, the one printed
    for _, row in t.frame.iterrows():
        rows = (g == row["group"]).to_numpy()
        assert row["selection_rate"] == pytest.approx((s[rows] >= row["threshold"]).mean())


def test_thresholds_written_apart_are_kept():
    y, s, g = _data()
    given = [1e-13, 0.123456789012, 0.3000000001]
    t = threshold_table(y, s, g, thresholds=given, n_boot=200, random_state=0)
    assert sorted(t.frame["threshold"].unique()) == [*given, 0.5]
