"""Round 21: a statistic undefined only because a group below the PCER floor lacks rows or
labels (a one-row group has no positive test label, so its TPR and EO-Gap are undefined) is
INSUFFICIENT_DATA, as DP-Gap is for the same group; UNDEFINED is kept for a value that is
undefined with enough data (ΔPCER of three groups, a large group without positive labels)."""

from __future__ import annotations

import numpy as np

from ethiclens.privacy import SplitPredictions as S
from ethiclens.privacy import pcer_audit
from ethiclens.privacy._summary import headline_line


def _split(seed: int, n: int = 400, tiny_label: int = 0, big_positive: bool = True):
    r = np.random.default_rng(seed)
    groups = np.array(["A"] * (n // 2) + ["B"] * (n // 2) + ["C"])
    y = r.integers(0, 2, len(groups))
    y[-1] = tiny_label  # the one row of C: no positive (or negative) label
    if not big_positive:
        y[: n // 2] = 0  # A (large) has no positive label
    pred = np.where(r.random(len(groups)) < 0.8, y, 1 - y)
    return y, pred, groups


def _audit(**kw):
    train, test = (S(*_split(s, **kw), name=name) for s, name in ((0, "train"), (1, "test")))
    return pcer_audit(train, test, n_boot=120, random_state=0)  # 3 groups: 120


def test_a_gap_undefined_through_a_group_below_the_floor_is_insufficient_data():
    res = _audit()
    stats = res.to_dict()["statistics"]
    assert stats["dp_gap"]["status"] == "INSUFFICIENT_DATA"
    eo = stats["eo_gap"]
    assert eo["status"] == "INSUFFICIENT_DATA", eo
    assert eo["value"] is None and eo["ci_method"] == "none (below the floor)"
    assert "below the floor of 30" in eo["reason"] and "TPR of C" in eo["reason"], eo
    tpr = res.groups[2].estimates["tpr_test"]
    assert (tpr.status, tpr.value) == ("INSUFFICIENT_DATA", None), tpr
    assert "no positive labels on test" in tpr.reason
    # ΔPCER of three groups is undefined whatever the data: UNDEFINED still
    assert stats["delta_pcer"]["status"] == "UNDEFINED"
    assert "EO-Gap = [dim]— (INSUFFICIENT_DATA)" in headline_line(res)


def test_a_gap_undefined_with_enough_data_stays_undefined():
    eo = _audit(big_positive=False).to_dict()["statistics"]["eo_gap"]
    assert eo["status"] == "UNDEFINED", eo
    assert "TPR of A" in eo["reason"], eo
