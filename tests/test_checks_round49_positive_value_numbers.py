"""The positive one of two numeric labels is the larger number (10 of 2/10), as the found
values list them, not the later in text order ('2' after '10'); words and yes/no unchanged."""

import numpy as np
import pytest

import ethiclens
from ethiclens._checks import label_fix, positive_value
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy._inputs import _label_fix


@pytest.mark.parametrize(
    ("labels", "positive"),
    [
        ([2, 10], 10),
        ([10, 2], 10),
        (["2", "10"], "10"),  # the web's found values, as text
        ([9.0, 10.0], 10.0),
        ([-1, -2], -1),
        (["no", "yes"], "yes"),
        (["b", "a"], "b"),
        ([1, "x"], "x"),
    ],
)
def test_positive_value_orders_numbers_as_numbers(labels, positive):
    assert positive_value(labels) == positive


def test_label_fix_and_pcer_recode_with_1_for_the_larger():
    assert "== 10).astype(int)" in label_fix("y", [2, 10])
    assert "with 1 for 10" in str(_label_fix("y", "y_true", [10, 2]).cli)
    assert "two values 2, 10" in str(_label_fix("y", "y_true", [10, 2]).cli)


def test_audit_refusal_names_the_larger_label():
    y = np.array([2, 10] * 10)
    with pytest.raises(EthicLensInputError) as e:
        ethiclens.audit(y, y, np.array(["a", "b"] * 10), n_boot=100)
    assert "== 10).astype(int)" in str(e.value) and "== 2)" not in str(e.value)
