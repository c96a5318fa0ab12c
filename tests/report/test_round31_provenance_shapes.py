"""Round 31: ``provenance=`` given in Python is free-form, but the model card read its ``data``
as a dict (``data="from the 2024 survey"`` raised AttributeError 'str' object has no attribute
'items'), and every report read its ``card`` as the checked mapping ``--card-info`` gives
(``card="text"`` or ``card={"model_details": "x"}`` raised AttributeError in ``to_html``). The
``data`` text is shown as written; a card that is no model-card mapping is refused naming
``provenance['card']``, as ``--card-info`` refuses it."""

import numpy as np
import pytest

import ethiclens
from ethiclens.report import render_html, render_model_card, render_model_card_html


def _audit(prov):
    r = np.random.default_rng(0)
    n = 300
    y, p = r.integers(0, 2, n), r.integers(0, 2, n)
    g = np.array(["x", "y"])[np.arange(n) % 2]
    return ethiclens.audit(y, p, g, n_boot=100, random_state=0, provenance=prov)


@pytest.mark.parametrize("data", ["from the 2024 survey", ["survey A", "survey B"], 5, True])
def test_data_given_as_text_is_on_the_card(data):
    result = _audit({"data": data})
    card = render_model_card(result)
    shown = "survey A; survey B" if isinstance(data, list) else str(data)
    if isinstance(data, bool):  # round 45: a yes/no in words, never Python's True
        assert "- Data: yes" in card and "<dt>data</dt><dd>true</dd>" in render_html(result)
        return
    assert f"- Data: {shown}" in card
    assert shown in render_model_card_html(result)
    assert all(part in render_html(result) for part in shown.split("; "))


@pytest.mark.parametrize(
    "card", ["text", ["a"], 5, {"model_details": "x"}, {"intended_use": ["y"]}, {"nope": {}}]
)
def test_a_card_that_is_no_model_card_is_refused_by_name(card):
    named = r"argument \"provenance\['card'\]\""
    with pytest.raises(ethiclens.EthicLensInputError, match=named):  # when asked (round 41)
        _audit({"card": card})
    result = _audit({})  # a result edited by hand is still refused when drawn
    result.data["provenance"] = {"card": card}
    for render in (render_html, render_model_card, render_model_card_html):
        with pytest.raises(ethiclens.EthicLensInputError, match=named):
            render(result)


def test_a_model_card_mapping_still_renders():
    card = {"model_details": {"name": "M1", "version": 3}, "ethical_considerations": "none"}
    result = _audit({"card": card})
    assert "M1" in render_model_card(result) and "M1" in render_html(result)
