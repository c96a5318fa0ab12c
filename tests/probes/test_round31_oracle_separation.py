"""inject_bias: a default separation refused because of reference_rate says so."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import inject_bias


def test_default_separation_refusal_names_the_reference_rate():
    with pytest.raises(EthicLensInputError) as exc:
        inject_bias(100, disparate_impact=0.8, reference_rate=1)
    msg = str(exc.value)
    assert "separation impossible at reference_rate 1 and base rate 0.5" in msg
    assert "or a reference_rate nearer base_rates[0]" in msg
    assert exc.value.column == "separation"


def test_feasible_settings_still_draw():
    data = inject_bias(
        100, disparate_impact=0.8, reference_rate=0.5, separation=0.9, random_state=0
    )
    assert data.truth["disparate_impact"] == pytest.approx(0.8)
