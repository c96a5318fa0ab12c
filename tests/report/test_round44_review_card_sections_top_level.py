"""Round 44 review: a model card's sections given at provenance's top level (a card-info
file's shape: provenance={'model_details': ..., 'sign_off': ...}) were taken and left out of
every card and report unsaid; the card reads them only under provenance['card']. Refused now
naming the sections and the fix, before the audit's work, by audit, audit_counts and compare."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import _options
from ethiclens.report import _provenance

Y = np.array([0, 1, 1, 0] * 25)
G = np.array(["a", "b"] * 50)
CARD = {"model_details": {"name": "M1"}, "sign_off": {"prepared_by": "Ann"}}


@pytest.mark.parametrize("run", ["audit", "compare"])
def test_card_sections_at_the_top_of_provenance_are_refused(run):
    call = {
        "audit": lambda p: ethiclens.audit(Y, Y, G, provenance=p, n_boot=100),
        "compare": lambda p: ethiclens.compare(Y, Y, 1 - Y, G, provenance=p, n_boot=100),
    }[run]
    with pytest.raises(EthicLensInputError) as caught:
        call({**CARD, "dataset": "loans"})
    said = str(caught.value)
    assert said.startswith("argument 'provenance': holds the model card's sections")
    assert "'model_details', 'sign_off'" in said
    assert "provenance={'card': {'model_details': ..., 'sign_off': ...}}" in said


def test_intended_use_stays_provenances_own_text():
    r = ethiclens.audit(Y, Y, G, provenance={"intended_use": "x", "card": CARD}, n_boot=100)
    assert r.data["provenance"]["card"] == CARD


def test_the_section_names_are_the_cards():
    assert _options.CARD_SECTIONS == tuple(_provenance.CARD_FIELDS)
