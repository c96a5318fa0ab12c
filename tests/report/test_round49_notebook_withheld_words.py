"""Round 49 (report hunt, sibling of c2422626 on the notebook faces): repr(result) and the
notebook cell (_repr_html_) gave a withheld headline's reason as the JSON stores it, metric keys
and statuses ('Composite bias score: withheld (a component is undefined or below its sample
floor for g:A (equalized_odds_difference undefined))'), where the terminal, the HTML report
and the model card say it in words (report._audit_report._plain_withheld)."""

import numpy as np
import pytest

import ethiclens
from ethiclens.report._audit_report import _plain_withheld


@pytest.fixture(scope="module")
def result():
    rng = np.random.default_rng(2)
    g = np.repeat(["R", "A"], [560, 40])  # A: below the floors, so both headlines withheld
    y, p = rng.integers(0, 2, g.size), rng.integers(0, 2, g.size)
    return ethiclens.audit(y, p, {"g": g}, reference={"g": "R"}, n_boot=100)


@pytest.mark.parametrize("face", [repr, lambda r: r._repr_html_()])
def test_the_notebook_faces_say_a_withheld_headline_in_the_reports_words(result, face):
    text = face(result)
    for h, label in (
        (result.composite, "Composite bias score"),
        (result.min_disparate_impact, "Minimum DI"),
    ):
        assert h.withheld
        words = _plain_withheld(h, result).rstrip(".")
        assert f"{label}: withheld ({words})" in text
    assert "insufficient_data" in result.composite.withheld_reason  # the JSON's keys stay there
    assert "insufficient_data" not in text and "disparate_impact" not in text


def test_a_group_named_with_a_trailing_dot_keeps_it_in_the_repr():
    """Review of 85651c9e: the sentence's closing '.' was cut with rstrip, taking the dots of a
    group named 'A.' with it ('Affected: g:A)'); only the sentence's own one goes now."""
    rng = np.random.default_rng(2)
    g = np.repeat(["R", "A."], [560, 40])
    y, p = rng.integers(0, 2, g.size), rng.integers(0, 2, g.size)
    result = ethiclens.audit(y, p, {"g": g}, reference={"g": "R"}, n_boot=100)
    text = repr(result)
    assert text.count("Affected: g:A.)") == 2 and "Affected: g:A)" not in text, text
