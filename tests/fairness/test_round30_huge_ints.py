"""Round 30: a Python int past float's range (10**400) in a binned attribute, a counts table's
count, or a threshold list is refused in one line naming the column or argument, not an
OverflowError from pandas or numpy (a 400-digit text was already read as infinity)."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import bin_attribute

HUGE = [10**400, -(10**400)]


@pytest.mark.parametrize("big", HUGE, ids=["plus", "minus"])
def test_a_huge_value_to_bin_is_outside_the_edges(big):
    with pytest.raises(EthicLensInputError, match="outside the bin edges") as err:
        bin_attribute([1, big], [0, 10], "age")
    assert err.value.column == "age"


def test_the_audit_refuses_a_huge_age_to_bin():
    rng = np.random.default_rng(0)
    age = list(rng.integers(0, 99, 200))
    age[3] = 10**400
    y, p = rng.integers(0, 2, 200), rng.integers(0, 2, 200)
    with pytest.raises(EthicLensInputError, match="outside the bin edges"):
        ethiclens.audit(y, p, sensitive_features={"age": age}, bins={"age": [0, 50, 100]})


@pytest.mark.parametrize("big", HUGE, ids=["plus", "minus"])
def test_a_huge_count_is_refused_as_no_count(big):
    table = pd.DataFrame(
        {"g": ["a", "a", "b", "b"], "y_true": [1, 0, 1, 0], "y_pred": [1, 1, 0, 0]}
    )
    table["count"] = pd.Series([big, 200, 200, 200], dtype=object)
    with pytest.raises(EthicLensInputError, match="counts must be whole numbers >= 0") as err:
        ethiclens.audit_counts(table, protected=["g"])
    assert err.value.column == "count"


@pytest.mark.parametrize("big", HUGE, ids=["plus", "minus"])
def test_a_huge_threshold_is_refused_as_outside_zero_one(big):
    rng = np.random.default_rng(0)
    y, s, g = rng.integers(0, 2, 200), rng.uniform(0, 1, 200), rng.choice(["a", "b"], 200)
    with pytest.raises(EthicLensInputError, match="strictly between 0 and 1"):
        ethiclens.threshold_table(y, s, {"g": g}, thresholds=[0.5, big])
