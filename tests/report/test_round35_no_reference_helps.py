"""Round 35: a headline withheld because no row is predicted positive no longer advises
choosing another reference group (every group's selection rate is 0, so DI is 0/0 whichever
group is the reference); it says to check the predictions and the positive label. Where another
group is selected, the advice to choose it stays."""

from __future__ import annotations

import numpy as np

import ethiclens
from ethiclens.report import render_model_card, terminal_summary
from ethiclens.report._audit_report import withheld_hint
from ethiclens.report._verdict import withheld_in_words


def _audit(selected_c: bool):
    g = np.repeat(["a", "b", "c"], [300, 200, 150])
    y = np.tile([0, 1], 325)
    p = np.zeros(650, dtype=int)
    if selected_c:
        p[-150::2] = 1  # only c is ever selected
    return ethiclens.audit(y, p, {"g": g}, n_boot=100, random_state=0)


def test_no_group_selected_says_no_reference_helps():
    result = _audit(selected_c=False)
    assert result.min_disparate_impact.withheld
    hint = withheld_hint(result, cli=True)
    assert "whichever group is the reference" in hint and "--pos-label" in hint
    assert "choose another reference" not in hint
    assert "pos_label=" in withheld_hint(result, cli=False)
    words = withheld_in_words(result)
    assert "no group can serve as the reference" in words
    assert "Choosing another reference" not in words
    assert "whichever group is the reference" in render_model_card(result)
    terminal = " ".join(x for x in terminal_summary(result) if isinstance(x, str))
    assert "choose another reference" not in terminal


def test_another_selected_group_is_still_offered_as_the_reference():
    result = _audit(selected_c=True)
    assert result.min_disparate_impact.withheld
    hint = withheld_hint(result, cli=True)
    assert "choose another reference (--protected ATTR=GROUP)" in hint
    assert "whichever group" not in hint
    assert "Choosing another reference group" in withheld_in_words(result)
