"""provenance={'card': ...} is checked when the audit is asked for, not when the card is drawn.

Before: ``audit(..., provenance={'card': {'bogus': {}}})`` ran the whole audit and the refusal
('unknown model-card section') came only from ``r.to_model_card(path)`` or ``r.to_html(path)``.
"""

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError

_RNG = np.random.default_rng(0)
_DF = pd.DataFrame(
    {"y": _RNG.integers(0, 2, 60), "p": _RNG.integers(0, 2, 60), "g": ["a", "b"] * 30}
)


@pytest.mark.parametrize(
    ("card", "said"),
    [
        ({"bogus": {"x": "y"}}, "unknown model-card section 'bogus'"),
        (5, "must be a mapping of model-card sections"),
        ({"model_details": {"bogus": "x"}}, "unknown field model_details.bogus"),
        ({"model_details": {"name": {"a": 1}}}, "model_details.name must be text"),
    ],
)
def test_a_bad_card_is_refused_by_the_audit(card, said):
    with pytest.raises(EthicLensInputError, match="provenance\\['card'\\]") as err:
        el.audit(_DF.y, _DF.p, _DF[["g"]], provenance={"card": card})
    assert said in str(err.value)


def test_a_good_card_is_kept_and_drawn(tmp_path):
    card = {"model_details": {"name": "scorer <b>", "owner": "risk team"}}
    r = el.audit(_DF.y, _DF.p, _DF[["g"]], provenance={"card": card})
    text = r.to_model_card(tmp_path / "card.md").read_text()
    assert "risk team" in text
