"""Round 39 (hunt_report): an undefined value in the HTML report and the model card carries its
reason (the JSON's ``reason``), never a bare "undefined" the reader must look up elsewhere."""

import numpy as np
import pytest

import ethiclens
from ethiclens.report import render_model_card, render_model_card_html
from ethiclens.report._audit_report import estimate_cell


@pytest.fixture(scope="module")
def result():
    # 'b' has no positive labels (TPR undefined); 'ref' is never predicted positive (PPV
    # undefined); 'c' is never predicted negative (NPV undefined)
    g = np.array(["ref"] * 200 + ["b"] * 150 + ["c"] * 50)
    yt = np.r_[np.tile([0, 1], 100), np.zeros(150, int), np.tile([0, 1], 25)]
    yp = np.r_[np.zeros(200, int), np.tile([0, 1], 75), np.ones(50, int)]
    return ethiclens.audit(
        yt,
        yp,
        {"g": g},
        reference={"g": "ref"},
        n_boot=100,
        random_state=0,
        min_group_size=10,
        min_labels=5,
    )


def test_html_report_cells_say_why_a_value_is_undefined(result):
    # the report's table cell (render_html draws charts too: over a second)
    b = next(g for g in result.attributes[0].groups if g.group == "b")
    cell = str(estimate_cell(b.metrics["true_positive_rate"]))
    assert cell == "<em>undefined</em><br><small>TPR undefined (no positive labels)</small>"
    c = next(c for c in result.comparisons if c.group == "b")
    cell = str(estimate_cell(c.metrics["predictive_parity_difference"]))
    assert "<small>PPV undefined for &#39;ref&#39; (no predicted positives)</small>" in cell


def test_markdown_card_cells_say_why_a_value_is_undefined(result):
    card = render_model_card(result)
    assert "| undefined — NPV undefined \\(no predicted negatives\\) |" in card
    assert "| undefined |" not in card


def test_html_card_cells_say_why_a_value_is_undefined(result):
    card = render_model_card_html(result)
    assert "<td>undefined — FDR undefined (no predicted positives)</td>" in card
    assert "<td>undefined</td>" not in card
