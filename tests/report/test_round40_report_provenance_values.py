"""Round 40: provenance given in Python printed Python's own words in the signed report and card:
a limitation None as the caveat '- None', a mapping as "- {'a': 'b'}" (limitations, the
intended use, a model field), an evaluation-data field None as '- source: None'. Now None is
left out, as a blank text is, and a mapping or a nested list is refused naming its key, as
``provenance['card']`` (--card-info) refuses it."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.report import render_html, render_model_card


def _audit(provenance):
    rng = np.random.default_rng(0)
    groups = pd.DataFrame({"g": np.repeat(["a", "b"], 100)})
    y, p = rng.integers(0, 2, 200), rng.integers(0, 2, 200)
    return ethiclens.audit(
        y, p, sensitive_features=groups, n_boot=100, random_state=0, provenance=provenance
    )


def test_none_is_left_out_and_numbers_are_kept():
    card = render_model_card(_audit({"limitations": [None, 1.5, "ok"], "data": {"source": None}}))
    lines = card.splitlines()
    assert "- 1.5" in lines and "- ok" in lines
    assert "- None" not in lines and "None" not in card


@pytest.mark.parametrize(
    ("provenance", "where"),
    [
        ({"limitations": {"a": "b"}}, "provenance['limitations']"),
        ({"limitations": [{"a": 1}]}, "provenance['limitations']"),
        ({"intended_use": {"x": 1}}, "provenance['intended_use']"),
        ({"model": {"name": {"x": 1}}}, "provenance['model']['name']"),
        ({"model": {"version": [["1"]]}}, "provenance['model']['version']"),
    ],
)
def test_a_mapping_is_refused_naming_its_key(provenance, where):
    # the audit itself refuses these now (tests/fairness/test_round40_fairness3_provenance.py):
    # a result read back from a JSON report written before holds them
    result = _audit(None)
    result.data["provenance"] = provenance
    # the HTML report draws its charts before its text: one case, read before them (the title)
    renders = (render_model_card, render_html) if "name" in where else (render_model_card,)
    for render in renders:
        with pytest.raises(EthicLensInputError) as info:
            render(result)
        assert (info.value.column, info.value.kind) == (where, "argument"), str(info.value)
        assert "must be text or a list of text" in str(info.value)
