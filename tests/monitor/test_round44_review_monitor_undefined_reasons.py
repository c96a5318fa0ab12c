"""Round 44 review (monitor): a window estimate without a value says why, on every face.

Before, only a DI carried its reason ("undefined: neither group was selected in this window");
a TPR gap in a window where a group had no positive label was null with no reason in the JSON
(the terminal wrote a bare 'TPR gap undefined'), and every estimate of a ONE_GROUP window too.
Now each carries it, from the window's counts, in the JSON, ``read_store``, the terminal, and
the scalar ``window_estimates``."""

import pandas as pd

from ethiclens.monitor import MonitorRequest, read_store, run_monitor, window_estimates
from ethiclens.monitor._render import summary_lines

NO_POSITIVE = "undefined: neither group has rows with a positive label in this window"


def _frame():
    # day 1: labels all 0, nothing selected (DI and TPR gap undefined); day 2: group b absent
    day1 = pd.DataFrame(
        {
            "ts": [f"2024-03-01T{h:02d}:00:00Z" for h in range(20)],
            "g": ["a", "b"] * 10,
            "pred": [0] * 20,
            "y": [0] * 20,
        }
    )
    day2 = pd.DataFrame(
        {"ts": [f"2024-03-02T{h:02d}:00:00Z" for h in range(6)], "g": ["a"] * 6,
         "pred": [0, 1] * 3, "y": [1, 0, 0, 1, 1, 0]}
    )  # fmt: skip
    return pd.concat([day1, day2], ignore_index=True)


def _request(path):
    return MonitorRequest(
        target=path, time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g=a",), engine="pandas",
    )  # fmt: skip


def test_every_undefined_window_estimate_carries_its_reason(tmp_path):
    path = tmp_path / "d.csv"
    _frame().to_csv(path, index=False)
    doc = run_monitor(_request(path), tmp_path / "m.sqlite", warn=False).to_dict()
    first, second = doc["comparisons"][0]["history"]
    est = first["estimates"]
    assert est["tpr_gap"]["value"] is None and est["tpr_gap"]["reason"] == NO_POSITIVE
    assert est["disparate_impact"]["reason"].startswith("undefined: neither group was selected")
    assert second["status"] == "ONE_GROUP"
    for name, got in second["estimates"].items():
        assert got["value"] is None and got["reason"].startswith(
            "undefined: the compared group has no "
        ), (name, got)
    text = "\n".join(summary_lines(doc))
    assert f"TPR gap {NO_POSITIVE}" in text  # was 'TPR gap undefined' alone
    # the web page's and the Python API's reading of the store alike
    series = read_store(tmp_path / "m.sqlite")["comparisons"][0]["series"]
    assert series[0]["estimates"]["tpr_gap"]["reason"] == NO_POSITIVE
    assert series[1]["estimates"]["disparate_impact"]["reason"].startswith("undefined: the comp")


def test_the_scalar_window_estimates_name_the_side_without_labels():
    ref = {"n": 10, "sel": 2, "pos": 0, "tp": 0, "neg": 10, "fp": 2}
    grp = {"n": 10, "sel": 3, "pos": 4, "tp": 1, "neg": 6, "fp": 2}
    got = window_estimates(ref, grp, n_draws=10, rng=0)
    assert got["tpr_gap"]["reason"] == (
        "undefined: the reference group has no rows with a positive label in this window"
    )
    assert "reason" not in got["fpr_gap"]
    none = window_estimates({"n": 10, "sel": 2}, {"n": 10, "sel": 3}, n_draws=10, rng=0)
    assert none["tpr_gap"]["value"] is None and "no label counts given" in none["tpr_gap"]["reason"]
