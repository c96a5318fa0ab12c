"""Round 39 (hunt_report): a card field or provenance text that prints nothing is never
printed as if the owner had said it. ``--card-info`` with ``name: "  "`` titled the card
"# Model card:   " and the report "Fairness audit:    on h.csv", with bullets "- Owner: " and
"- " (only a blank sign-off field was refused); now the card info refuses it naming the field,
and blank provenance given in Python (which audit() keeps) reads as not given."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.report import render_model_card
from ethiclens.report._provenance import check_card_info


@pytest.mark.parametrize(
    ("info", "problem", "fix"),
    [
        ({"model_details": {"name": "  "}}, "model_details.name is blank", "leave name out"),
        ({"model_details": {"owner": ""}}, "model_details.owner is blank", "leave owner out"),
        ({"intended_use": {"primary_uses": "\u200b"}}, "intended_use.primary_uses is blank", ""),
        (
            {"ethical_considerations": ["ok", " "]},
            "ethical_considerations is blank (item 2 of its list)",
            "leave that item out",
        ),
    ],
)
def test_a_blank_card_field_is_refused_naming_it(info, problem, fix):
    with pytest.raises(EthicLensInputError) as err:
        check_card_info(info, "--card-info")
    assert err.value.problem == problem
    assert fix in err.value.fix


def test_a_blank_sign_off_keeps_its_own_words():
    with pytest.raises(EthicLensInputError) as err:
        check_card_info({"sign_off": {"prepared_by": " "}})
    assert "the report then leaves a line for ink" in err.value.fix


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    n = 300
    return rng.integers(0, 2, n), rng.integers(0, 2, n), {"g": rng.choice(["a", "b"], n)}


@pytest.mark.parametrize(
    "prov",
    [
        {"model": {"name": "  ", "version": ""}},
        {"dataset": " "},
        {"model": " "},
        {"intended_use": " "},
        {"limitations": ["x", " "]},
        {"label": " "},
    ],
)
def test_blank_provenance_reads_as_not_given(data, prov):
    card = render_model_card(ethiclens.audit(*data, n_boot=100, random_state=0, provenance=prov))
    lines = card.splitlines()
    assert lines[0] == "# Model card: audited model"
    assert not [line for line in lines if line.startswith("-") and line.rstrip()[-1] in "-:"]
    assert "- Prediction target:" not in card
