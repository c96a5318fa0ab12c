"""Round 31 review: a ``provenance={'card': ...}`` that no report can show (an unknown
section or field, a section that is no mapping) is refused by the audit, naming
``provenance['card']``, before its work is done, as a provenance JSON cannot hold is (was
accepted, then refused by ``to_html`` and the model card once the audit had run)."""

from __future__ import annotations

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.report import render_model_card

N = 300
Y, P = np.arange(N) % 2, (np.arange(N) // 2) % 2
G = np.array(["x", "y"])[np.arange(N) % 2]


@pytest.mark.parametrize(
    "card",
    [{"sign_off": {"name": "x"}}, {"notes": "n"}, {"model_details": "M"}, "text"],
)
def test_a_card_no_report_shows_is_refused_by_the_audit(card):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(Y, P, G, n_boot=100, random_state=0, provenance={"card": card})
    assert err.value.column == "provenance['card']" and err.value.kind == "argument"


def test_a_card_reports_show_is_kept():
    card = {"model_details": {"name": "M", "version": 3}, "sign_off": {"date": "2024-01-02"}}
    result = ethiclens.audit(Y, P, G, n_boot=100, random_state=0, provenance={"card": card})
    assert result.data["provenance"]["card"] == card
    assert "M" in render_model_card(result)
