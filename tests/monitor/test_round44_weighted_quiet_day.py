"""A weighted monitor window where no row is predicted positive (a quiet day) has a selection
rate of 0 in each group, as the audit of the same rows with the same weights gives it: gap 0,
TPR and FPR gaps 0, the DI 0/0 undefined. Until round 44 the window's estimates were made of
the bets' effective counts, which count a rate whose rows all fall in one cell as no rows: every
estimate was null, "undefined: neither group has effective rows in this window", though each
group had 120 rows. The bets still skip such a rate (evidence multiplier 1), and say so in true
words, never "no effective rows"."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest

import ethiclens
from ethiclens.monitor import MonitorRequest, run_monitor
from ethiclens.monitor._evidence import UNDEFINED_DI
from ethiclens.monitor._report import _ONE_CELL_BEFORE, _undefined_estimates


def _quiet_day(path):
    rows = [
        {
            "ts": f"2025-01-02T{i % 24:02d}:00:00Z",
            "g": "ab"[i % 2],
            "pred": 0,
            "y": int(i % 5 == 0),
            "wt": 1 + (i // 2) % 3,
        }
        for i in range(240)
    ]
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_weighted_quiet_day_has_a_gap_of_0_as_the_audit(tmp_path, engine):
    data = _quiet_day(tmp_path / "d.csv")
    request = MonitorRequest(
        target=str(data), time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g",), weight="wt", engine=engine, n_draws=100,
    )  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = run_monitor(request, tmp_path / "s.sqlite", warn=False).to_dict()
    (comparison,) = doc["comparisons"]
    (day,) = comparison["history"]
    est = day["estimates"]
    assert est["selection_rate_gap"]["value"] == 0.0
    assert est["selection_rate_gap"]["ci_low"] < 0 < est["selection_rate_gap"]["ci_high"]
    assert est["tpr_gap"]["value"] == 0.0 and est["fpr_gap"]["value"] == 0.0
    assert est["disparate_impact"]["value"] is None
    assert est["disparate_impact"]["reason"] == UNDEFINED_DI
    assert "effective rows" not in str(doc)
    # the bets: not bet on, said so; the sequences say why they are undefined
    assert day["weighted"]["reason"].startswith("not bet on in this window")
    seq = comparison["sequences"]["selection_rate_gap"]
    assert seq["low"] is None and seq["reason"].startswith("undefined: no window yet was bet on")
    # the audit of the same rows, the same weights: each group's selection rate 0
    groups = ethiclens.audit(str(data), y_pred="pred", y_true="y", protected=["g"],
                             sample_weight="wt").to_dict()["attributes"][0]["groups"]  # fmt: skip
    assert [g["metrics"]["selection_rate"]["value"] for g in groups] == [0.0, 0.0]


def test_a_store_written_before_says_why_its_quiet_day_has_no_gap():
    """A store an earlier version wrote keeps the null estimate: its reason is the true one,
    not "neither group has effective rows" (each group had rows)."""
    counts = {"n": 120, "sel": 0}
    null = {"value": None, "ci_low": None, "ci_high": None}
    entry = {
        "counts": {"reference": counts, "group": counts},
        "weighted": {"reference": {"n": 0.0, "sel": 0.0}, "group": {"n": 0.0, "sel": 0.0}},
        "estimates": {"selection_rate_gap": dict(null), "disparate_impact": dict(null)},
    }
    _undefined_estimates([entry])
    assert entry["estimates"]["selection_rate_gap"]["reason"] == _ONE_CELL_BEFORE
    assert entry["estimates"]["disparate_impact"]["reason"] == UNDEFINED_DI
