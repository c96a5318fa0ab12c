"""Round 40 (bdfe50be's regression): a provenance value the model card and the HTML report
refuse once drawn (``provenance={'model': {'params': {'lr': 0.1}}}``, ``{'data': ['a', ['b']]}``)
was accepted by the audit and refused only after its work. The audit now refuses it first, in
the card's words and naming the key; what the built-in callers pass still runs."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._options import _check_provenance

Y = np.array([0, 1] * 50)
G = np.repeat(["a", "b"], 50)


@pytest.mark.parametrize(
    ("provenance", "where"),
    [
        ({"model": {"params": {"lr": 0.1}}}, "provenance['model']['params']"),
        ({"model": {"name": [None, {"a": 1}]}}, "provenance['model']['name']"),
        ({"data": ["a", ["b"]]}, "provenance['data']"),
        ({"limitations": [[1]]}, "provenance['limitations']"),
        ({"intended_use": {"x": 1}}, "provenance['intended_use']"),
    ],
)
def test_refused_before_the_work_naming_the_key(provenance, where):
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(Y, Y, sensitive_features=G, n_boot=100, provenance=provenance)
    assert (info.value.column, info.value.kind) == (where, "argument"), str(info.value)
    assert "must be text or a list of text" in str(info.value)


def test_what_the_card_prints_still_passes():
    # a benchmark's shapes: data a dict holding lists, a model dict of scalars, text lists
    prov = {
        "dataset": "adult",
        "data": {"source": "UCI", "limitations": ["x"], "files": {"a": 1}},
        "model": {"name": "m", "n_test": 3, "seed": 0, "tags": ["a", None]},
        "limitations": ["a", None, 1.5],
        "intended_use": "screening",
        "models": {"a": "column 'p' of f.csv"},
    }
    assert _check_provenance(prov)["model"]["tags"] == ["a", None]
    assert _check_provenance({"data": "survey", "model": ["a", "b"]})["data"] == "survey"
