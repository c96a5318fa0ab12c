"""Round 48: the model card (Markdown and HTML, --model-card) said neither the run's notes (a
label's other values 'counted as negative', data.provenance.notes) nor the groups named like a
missing value, which the HTML report's summary says (report._audit_report.run_notes,
missing_code_notes). The card's 'Evaluation data' section now says them, from those functions,
masked and escaped as every card text."""

from __future__ import annotations

import html
import warnings

import pandas as pd
import pytest

import ethiclens
from ethiclens.report import render_model_card, render_model_card_html
from ethiclens.report._audit_report import missing_code_notes, run_notes


@pytest.fixture(scope="module")
def result():
    frame = pd.DataFrame(
        {
            "y": ["yes", "no", "maybe", "postgresql://u:pw@h/db"] * 30,
            "p": ["yes", "no", "no"] * 40,
            "g": ["a", "b", "?"] * 40,
        }
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ethiclens.audit(frame.y, frame.p, frame[["g"]], pos_label="yes")


@pytest.mark.parametrize("render", [render_model_card, render_model_card_html])
def test_the_card_says_the_run_notes_and_the_missing_value_notes(result, render):
    notes = [*missing_code_notes(result), *run_notes(result)]
    assert len(notes) == 2 and "counted as negative" in notes[1]
    text = html.unescape(render(result)).replace("\\", "")  # Markdown's escapes undone
    assert all(n in text for n in notes) and "pw@" not in text
