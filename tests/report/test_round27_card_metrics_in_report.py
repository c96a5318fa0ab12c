"""Round 27: the signable HTML report carries the model card's ``metrics`` section (performance
measures, decision thresholds, variation approaches) as it carries its factors and data, so
the report a reviewer signs says what the card says; the card printed them, the report
nowhere (its provenance section leaves the card out)."""

from __future__ import annotations

import numpy as np

import ethiclens
from ethiclens.report import render_html, render_model_card
from ethiclens.report._provenance import check_card_info


def test_the_cards_metrics_section_is_in_the_signed_report():
    rng = np.random.default_rng(0)
    card = check_card_info(
        {
            "factors": {"relevant": "age bands"},
            "metrics": {
                "decision_thresholds": "a score of 0.7 or more is referred for review",
                "performance_measures": "recall of the referred group",
            },
            "evaluation_data": {"datasets": "the 2025 holdout"},
        }
    )
    result = ethiclens.audit(
        rng.integers(0, 2, 400),
        rng.integers(0, 2, 400),
        {"g": rng.choice(["a", "b"], 400)},
        n_boot=100,
        random_state=0,
        provenance={"card": card},
    )
    html = render_html(result)
    assert "Metrics (from the model card)" in html
    assert "a score of 0.7 or more is referred for review" in html
    assert "recall of the referred group" in html
    # in Mitchell et al.'s order, as the card prints them
    order = ["Factors (from", "Metrics (from", "Evaluation data (from"]
    assert [html.index(h) for h in order] == sorted(html.index(h) for h in order)
    assert "a score of 0.7 or more is referred for review" in render_model_card(result)
