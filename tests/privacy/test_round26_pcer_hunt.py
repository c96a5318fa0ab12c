"""Round 26 (PCER hunt): ``membership_inference`` called on its own withholds the attack on a
group below the default Policy's PCER floor (30 rows per split), as ``pcer_audit`` does: an
AUC of two members and two non-members was REPORTED (0.75). A missing loss is told from an
infinite one (its fix was to clip probabilities). A split of no rows is named as empty (it
was "only in train [...]"). Predictions equal to the labels on both splits (a perfect model,
or the label column given as predictions: every δ_g is 0) are noted."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens import privacy
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import INSUFFICIENT_DATA, REPORTED
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit, read_split


def _split(seed, tiny=2):
    rng = np.random.default_rng(seed)
    n = 300
    groups = rng.choice(["a", "b"], n).astype(object)
    groups[:tiny] = "c"
    y = rng.integers(0, 2, n)
    return SplitPredictions(y, np.where(rng.random(n) < 0.8, y, 1 - y), groups, rng.random(n))


def test_the_attack_alone_withholds_a_tiny_group():
    res = membership_inference(_split(1), _split(2), positive_rates=None)
    tiny = next(g for g in res.groups if g.group == "c")
    assert tiny.status == INSUFFICIENT_DATA and tiny.auc is None and tiny.advantage is None
    assert "below the floor of 30 rows per split" in tiny.reason
    assert all(g.status == REPORTED for g in res.groups if g.group != "c")
    # min_group_size=1: no floor, as asked
    res = membership_inference(_split(1), _split(2), min_group_size=1)
    assert next(g for g in res.groups if g.group == "c").status == REPORTED


def test_a_missing_loss_is_told_from_an_infinite_one(tmp_path):
    frame = pd.DataFrame({"y": [0, 1] * 20, "p": [0, 1] * 20, "g": ["a", "b"] * 20})
    frame["loss"] = 0.5
    frame.loc[3, "loss"] = np.nan
    frame.to_csv(tmp_path / "tr.csv", index=False)
    kw = {"name": "train", "y_true": "y", "y_pred": "p", "protected": "g", "loss": "loss"}
    with pytest.raises(EthicLensInputError) as info:
        read_split(tmp_path / "tr.csv", **kw)
    assert "(1 missing, 0 infinite)" in str(info.value) and "drop the rows without a loss" in (
        info.value.fix
    ), str(info.value)


@pytest.mark.parametrize("face", ["pcer_audit", "membership_inference"])
@pytest.mark.parametrize("role", ["train", "test"])
def test_an_empty_split_is_named_as_empty(face, role):
    empty = SplitPredictions([], [], [], loss=[])
    splits = {"train": _split(1), "test": _split(2), role: empty}
    with pytest.raises(EthicLensInputError, match=f"argument '{role}': has no rows"):
        getattr(privacy, face)(splits["train"], splits["test"])


def test_predictions_that_are_the_labels_are_noted():
    def same(seed):
        s = _split(seed, tiny=0)
        return SplitPredictions(s.y_true, s.y_true, s.groups, s.loss)

    notes = pcer_audit(same(1), same(2), n_boot=100).notes
    assert any(n.startswith("every prediction equals its label on train and test") for n in notes)
    assert not any("equals its label" in n for n in pcer_audit(_split(1), _split(2)).notes)


def test_many_groups_hold_one_pair_of_draws_at_a_time():
    # 120 groups: 7,140 pairs, whose draws were all held at once for each statistic (a
    # thousand groups took gigabytes); now one pair's at a time, the same numbers
    import tracemalloc

    n_groups, n = 120, 120 * 40

    def split(seed):
        rng = np.random.default_rng(seed)
        y = rng.integers(0, 2, n)
        groups = np.array([f"g{i}" for i in np.arange(n) % n_groups])
        return SplitPredictions(y, np.where(rng.random(n) < 0.8, y, 1 - y), groups)

    from ethiclens.privacy._pcer import (
        _folded_interval,
        _pairwise_components,
        draw_cells,
        group_statistics,
        split_cells,
    )

    # the fold of 200 draws of their statistics, as the audit ran it before round 37 (its
    # draws reach no Bonferroni level of 120 groups' spreads: they now go without intervals)
    order = tuple(sorted({f"g{i}" for i in range(n_groups)}))
    cells = [split_cells(s, order) for s in (split(1), split(2))]
    rng = np.random.default_rng(0)
    with np.errstate(all="ignore"):
        boot = group_statistics(*(draw_cells(c, 200, rng) for c in cells), 1e-3)
    stats = group_statistics(*cells, 1e-3), boot
    tracemalloc.start()
    try:
        signed = _pairwise_components(stats, n_groups)["dispersion"]
        method = _folded_interval(signed, what=f"each of the {len(signed)} group pairs'")[2]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 25e6, peak  # was about 55 MB, growing as the square of the groups
    assert "each of the 7140 group pairs'" in method
    train, test = split(1), split(2)
    tracemalloc.start()
    try:
        res = pcer_audit(train, test, n_boot=200)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 25e6, peak
    assert len(res.groups) == n_groups and res.n_boot == 200
    for name in ("dispersion", "dp_gap", "eo_gap"):
        e = res.estimates[name]
        assert (e.status, e.ci_low, e.ci_high) == ("REPORTED", None, None) and e.value > 0
        assert "more than the 6,887 the memory budget keeps for 120 groups" in e.reason
    assert "its 7,140 signed differences" in res.estimates["dispersion"].reason
    assert any(n.startswith("no interval for dispersion, dp_gap, eo_gap") for n in res.notes)
