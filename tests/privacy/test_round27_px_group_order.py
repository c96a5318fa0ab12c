"""Round 27: pcer_audit's group_order only names which group is 0: with the same seed the
reversed order mirrors ΔPCER and its interval, and leaves every other interval as it was (each
group's draws depended on its place in the order: ΔPCER +11.88 [-39.51, +610.40] read
-11.88 [-585.22, +489.61] reversed, and the DP-Gap's interval moved)."""

import numpy as np
import pytest

from ethiclens.privacy import SplitPredictions, pcer_audit


def _split(rng, n, acc):
    g = rng.choice(["a", "b", "c"], n, p=[0.5, 0.3, 0.2])
    y = rng.integers(0, 2, n)
    p = np.where(rng.random(n) < acc, y, 1 - y)
    return SplitPredictions(y, p, g)


@pytest.mark.parametrize("ci", ["jeffreys", "percentile"])
def test_reversed_order_mirrors_the_headline(ci):
    rng = np.random.default_rng(0)
    train, test = _split(rng, 900, 0.9), _split(rng, 450, 0.8)
    keep = np.isin(train.groups, ["a", "b"]), np.isin(test.groups, ["a", "b"])
    two = [
        SplitPredictions(s.y_true[k], s.y_pred[k], s.groups[k])
        for s, k in zip((train, test), keep, strict=True)
    ]
    ab = pcer_audit(*two, group_order=["a", "b"], n_boot=200, ci=ci).estimates
    ba = pcer_audit(*two, group_order=["b", "a"], n_boot=200, ci=ci).estimates
    assert ba["delta_pcer"].value == pytest.approx(-ab["delta_pcer"].value)
    assert ba["delta_pcer"].ci_low == pytest.approx(-ab["delta_pcer"].ci_high)
    assert ba["delta_pcer"].ci_high == pytest.approx(-ab["delta_pcer"].ci_low)
    for name in ("dp_gap", "eo_gap"):
        assert (ba[name].ci_low, ba[name].ci_high) == pytest.approx(
            (ab[name].ci_low, ab[name].ci_high)
        )


def test_any_order_of_three_groups_keeps_each_groups_interval():
    rng = np.random.default_rng(1)
    train, test = _split(rng, 900, 0.9), _split(rng, 450, 0.8)
    first = pcer_audit(train, test, n_boot=200)
    other = pcer_audit(train, test, group_order=["c", "a", "b"], n_boot=200)
    by_group = {g.group: g.estimates["pcer"] for g in other.groups}
    for g in first.groups:
        est = g.estimates["pcer"]
        assert (by_group[g.group].ci_low, by_group[g.group].ci_high) == (est.ci_low, est.ci_high)
    dispersion = first.estimates["dispersion"], other.estimates["dispersion"]
    assert dispersion[0].ci_high == pytest.approx(dispersion[1].ci_high)
