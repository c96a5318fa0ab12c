"""Round 26: threshold_table takes decimal.Decimal and fractions.Fraction thresholds (and step,
audited_threshold) as the numbers they are; text and booleans are still refused."""

import json
from decimal import Decimal
from fractions import Fraction

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

ARGS = ([0, 1, 0, 1], [0.2, 0.8, 0.4, 0.6], ["a", "a", "b", "b"])


def _table(**kw) -> dict:
    out = json.loads(ethiclens.threshold_table(*ARGS, random_state=3, **kw).to_json())
    return {k: v for k, v in out.items() if k != "created"}


@pytest.mark.parametrize(
    "exact, plain",
    [
        ({"thresholds": [Decimal("0.3")]}, {"thresholds": [0.3]}),
        ({"thresholds": [Decimal("0.3"), Fraction(7, 10)]}, {"thresholds": [0.3, 0.7]}),
        ({"step": Decimal("0.25")}, {"step": 0.25}),
        ({"audited_threshold": Decimal("0.4")}, {"audited_threshold": 0.4}),
    ],
)
def test_exact_numbers_are_numbers(exact, plain):
    assert _table(**exact) == _table(**plain)


@pytest.mark.parametrize("value", [Decimal("NaN"), Decimal("sNaN"), Decimal("1.5")])
def test_a_decimal_outside_zero_one_is_refused_in_words(value):
    with pytest.raises(EthicLensInputError, match="strictly between 0 and 1"):
        ethiclens.threshold_table(*ARGS, thresholds=[value])


@pytest.mark.parametrize("value", [True, "0.3"])
def test_text_and_booleans_are_still_refused(value):
    with pytest.raises(EthicLensInputError, match="1 threshold\\(s\\) are not numbers"):
        ethiclens.threshold_table(*ARGS, thresholds=[value, 0.5])
