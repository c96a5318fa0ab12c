"""Round 20 (M3): a window whose groups miss the label floor (--min-labels) is
INSUFFICIENT_DATA with a reason, and its TPR and FPR gaps have no interval where the audit's
floor for the same metric (equal opportunity, FPR balance) withholds one: the FPR gap needs
both labels' floor, as the audit's fpr_balance does."""

import numpy as np
import pandas as pd

from ethiclens.fairness import audit
from ethiclens.monitor import MonitorRequest, run_monitor


def _rows(positives: dict, n=150):
    """One day: ``n`` rows per group, ``positives[g]`` of them labelled 1, about a third
    selected (the first group selected more)."""
    parts = []
    for k, (g, pos) in enumerate(positives.items()):
        i = np.arange(n)
        parts.append(pd.DataFrame({
            "t": [f"2025-01-01T{h % 24:02d}:00:00Z" for h in i], "g": g,
            "pred": ((i * 7 + k) % (3 + k) == 0).astype(int), "label": (i < pos).astype(int),
        }))  # fmt: skip
    return pd.concat(parts, ignore_index=True)


def _window(frame, tmp_path, **kw):
    path = tmp_path / "rows.csv"
    frame.to_csv(path, index=False)
    request = MonitorRequest(target=str(path), time="t", window="1d", y_pred="pred",
                             y_true="label", protected=("g=A",), n_draws=200, **kw)  # fmt: skip
    return run_monitor(request, tmp_path / "s.sqlite").to_dict()["comparisons"][0]["history"][0]


def test_below_the_label_floor_is_insufficient_data_as_in_the_audit(tmp_path):
    frame = _rows({"A": 13, "B": 15})
    h = _window(frame, tmp_path)
    assert h["status"] == "INSUFFICIENT_DATA"
    assert "13 positive labels, below the floor of 30" in h["reason"]
    assert "TPR gap" in h["reason"] and "FPR gap" in h["reason"]
    est = h["estimates"]
    for name in ("tpr_gap", "fpr_gap"):  # the value shown, no interval
        assert est[name]["value"] is not None
        assert est[name]["ci_low"] is None and est[name]["ci_high"] is None, name
    for name in ("selection_rate_gap", "disparate_impact"):  # the rows' floor is met
        assert est[name]["ci_low"] is not None and est[name]["ci_high"] is not None, name
    result = audit(frame["label"], frame["pred"], frame[["g"]], reference={"g": "A"},
                   n_boot=200).to_dict()  # fmt: skip
    metrics = result["comparisons"][0]["metrics"]
    assert metrics["fpr_balance"]["status"] == "INSUFFICIENT_DATA"
    assert metrics["equal_opportunity_difference"]["status"] == "INSUFFICIENT_DATA"


def test_above_the_label_floor_is_estimated_with_intervals(tmp_path):
    h = _window(_rows({"A": 60, "B": 70}), tmp_path)
    assert h["status"] == "ESTIMATED" and h["reason"] is None
    assert all(e["ci_low"] is not None for e in h["estimates"].values())
