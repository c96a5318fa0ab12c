"""Round 26: a baseline that holds rows of a group but none of its positive (or negative)
labels says nothing of that group's TPR (FPR): the gap's band is what the reference's bounds
and [0, 1] for the unknown rate allow. It was NaN ("|TPR gap| at most nan" in the summary and
the JSON) and the bets then used a made-up band of 0.5: a steady TPR gap of 0.8, the same as
in the baseline for all anyone knew, alarmed as "worse than in the baseline"."""

import math

import numpy as np
import pandas as pd

from ethiclens.monitor import MonitorRequest, run_monitor
from ethiclens.monitor._evidence import baseline_bounds


def _feed(path, days=10, n=600, seed=4):
    rng = np.random.default_rng(seed)
    frames = []
    for d in range(days):
        race = np.where(rng.random(n) < 0.5, "White", "Black")
        black = race == "Black"
        y = rng.random(n) < 0.5
        y[black] = y[black] & (d > 0)  # the baseline day holds no positive label of Black
        p = np.where(y, rng.random(n) < np.where(black, 0.1, 0.9), rng.random(n) < 0.1)
        ts = pd.Timestamp("2024-03-01", tz="UTC") + pd.Timedelta(days=d)
        ts = ts + pd.to_timedelta(rng.integers(0, 86400, n), unit="s")
        frames.append(pd.DataFrame({"ts": ts.strftime("%Y-%m-%dT%H:%M:%SZ"), "label": y.astype(int),
                                    "pred": p.astype(int), "race": race}))  # fmt: skip
    pd.concat(frames).to_csv(path, index=False)
    return path


def test_a_baseline_without_positive_labels_of_a_group_bounds_its_gap_by_the_range(tmp_path):
    req = MonitorRequest(target=str(_feed(tmp_path / "feed.csv")), time="ts", window="1d",
                         y_pred="pred", y_true="label", protected=("race=White",),
                         baseline_windows=1)  # fmt: skip
    doc = run_monitor(req, tmp_path / "s.sqlite").data
    (comp,) = doc["comparisons"]
    test = comp["tests"]["baseline_equalized_odds"]
    assert "nan" not in test["null"], test["null"]
    band = comp["history"][-1]["baseline"]["tpr_eps"]
    assert math.isfinite(band) and 0.8 < band <= 1, band
    # the TPR gap stays at 0.8 after the baseline: no worse than it, for all the baseline knew
    assert not test["alarm"], test


def test_the_bands_of_a_rate_without_rows_are_the_range():
    ref = {"n": np.array([100.0]), "sel": np.array([50.0]), "pos": np.array([50.0]),
           "tp": np.array([45.0]), "neg": np.array([50.0]), "fp": np.array([5.0])}  # fmt: skip
    grp = dict(ref, pos=np.array([0.0]), tp=np.array([0.0]), neg=np.array([100.0]))
    b = baseline_bounds(ref, grp, 0.05)
    assert np.isfinite(b["tpr_eps"]).all() and np.isfinite(b["fpr_eps"]).all()
    nothing = dict(grp, pos=np.array([0.0]), neg=np.array([0.0]), n=np.array([0.0]))
    assert baseline_bounds(nothing, nothing, 0.05)["tpr_eps"][0] == 1.0
