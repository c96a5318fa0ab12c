"""Round 13: the threshold view marks one threshold as audited, the one used (0.1 + 0.2 beside
the grid's 0.3 gave two columns printed 0.3, both marked, with different rates); compare's
length refusal names model A, the input that set the count."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError, compare, threshold_table


def _scores(n=3000, seed=0):
    r = np.random.default_rng(seed)
    return (
        r.integers(0, 2, n),
        np.round(r.random(n), 2),
        pd.Series(r.choice(["A", "B"], n), name="g"),
    )


@pytest.mark.parametrize("audited", [0.1 + 0.2, 0.300001])
def test_exactly_one_threshold_is_marked_audited(audited):
    y, s, g = _scores()
    t = threshold_table(y, s, g, step=0.1, audited_threshold=audited, n_boot=200, random_state=0)
    marked = t.frame.loc[t.frame["audited"], "threshold"].unique()
    assert list(marked) == [audited]
    near = [x for x in t.frame["threshold"].unique() if abs(x - audited) < 1e-9]
    assert near == [audited]  # the grid's 0.3 gave way to 0.1 + 0.2


def test_compare_names_model_a_when_model_b_is_short():
    y, s, g = _scores()
    a = (s >= 0.5).astype(int)
    with pytest.raises(EthicLensInputError, match="has 2999 rows but pred_a has 3000"):
        compare(y, a, a[:-1], g)


def test_thresholds_and_step_together_are_refused():
    y, s, g = _scores()
    with pytest.raises(EthicLensInputError, match="thresholds or step, not both"):
        threshold_table(y, s, g, step=0.3, thresholds=[0.4], n_boot=200)
    t = threshold_table(y, s, g, thresholds=[0.4], n_boot=200, random_state=0)
    assert sorted(t.frame["threshold"].unique()) == [0.4, 0.5]  # and the audited one
