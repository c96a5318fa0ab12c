"""Round 42: a Decimal in range (a grid's train.lr = Decimal('0.1'), a positive rate
Decimal('0.4') given to membership_inference) was refused as out of range ("must be a number
in (0, 100]") with nothing saying what to change; the fix now says to pass a float (or an int),
as ε, η and the other settings' refusals of a Decimal do."""

from decimal import Decimal

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid
from ethiclens.privacy import SplitPredictions, membership_inference


@pytest.mark.parametrize(
    ("train", "noun"), [({"lr": Decimal("0.1")}, "a float"), ({"epochs": Decimal("2")}, "an int")]
)
def test_a_grid_setting_given_as_decimal_says_what_to_pass(train, noun):
    with pytest.raises(EthicLensInputError, match=f"pass it as {noun}, not a Decimal"):
        SweepGrid(train=train)


def test_a_decimal_positive_rate_says_what_to_pass():
    rng = np.random.default_rng(0)

    def split():
        return SplitPredictions(
            y_true=rng.integers(0, 2, 60),
            y_pred=rng.integers(0, 2, 60),
            groups=np.repeat(["a", "b"], 30),
            loss=rng.random(60),
        )

    rates = {"a": 0.5, "b": Decimal("0.4")}
    with pytest.raises(EthicLensInputError, match="pass it as a float, not a Decimal") as info:
        membership_inference(split(), split(), positive_rates=rates)
    assert info.value.column == "positive_rates"
