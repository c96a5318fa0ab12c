"""Round 32c: the model card states the gate's outcome, as the JSON (run.gate) and the HTML
report's run record do: a run whose gate failed had a card that never said so."""

from __future__ import annotations

import json

import numpy as np

import ethiclens
from ethiclens.report import render_model_card
from ethiclens.report._model_card import render_model_card_html


def _result():
    rng = np.random.default_rng(0)
    n = 600
    g = rng.choice(["a", "b<i>"], n)
    yt = rng.integers(0, 2, n)
    yp = np.where(g == "a", 1, rng.integers(0, 2, n))
    result = ethiclens.audit(yt, yp, sensitive_features={"grp": g})
    result.run = {
        "gate": {
            "passed": False,
            "fail_on": "flagged",
            "failures": ["grp:b<i> (FLAGGED)"],
            "baseline": "old|report.json",
            "regressions": [],
            "notes": [],
        }
    }
    return result


def test_the_card_states_a_failed_gate_as_the_json_does():
    result = _result()
    gate = json.loads(result.to_json())["run"]["gate"]
    card = render_model_card(result)
    line = next(x for x in card.splitlines() if x.startswith("- Gate:"))
    assert gate["passed"] is False and "failed" in line and "flagged" in line
    assert r"grp:b\<i\> \(FLAGGED\)" in line and r"old\|report.json" in line
    html = render_model_card_html(result)
    assert "Gate: <strong>failed</strong>" in html and "grp:b&lt;i&gt; (FLAGGED)" in html


def test_a_card_without_a_gate_is_unchanged():
    result = _result()
    result.run = None
    assert "Gate" not in render_model_card(result)
