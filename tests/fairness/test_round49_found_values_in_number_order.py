"""A label or prediction column of numbers that is not 0/1 listed its values in text order:
labels 0 .. 599 were refused "found values 0, 1, 10, 100, 101, 102, ... (the first 10 of 600
distinct values)", 2/10 "found values 10, 2 ... holds two values 10, 2". Numbers are now
listed in numeric order (text, and mixed types, keep the text order)."""

import numpy as np
import pytest

import ethiclens
from ethiclens.fairness import not_binary

GROUPS = np.array(["A", "B"] * 300)
PRED = np.array([0, 1] * 300)


@pytest.mark.parametrize(
    ("labels", "said"),
    [
        (np.arange(600), "found values 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 (the first 10 of 600"),
        (np.array([2, 10] * 300), "found values 2, 10. Fix: the column holds two values 2, 10:"),
        (np.array(["2", "10"] * 300), "found values 10, 2."),  # text: in text order
    ],
)
def test_values_listed_in_number_order(labels, said):
    with pytest.raises(ethiclens.errors.EthicLensInputError) as refused:
        ethiclens.audit(labels, PRED, GROUPS, n_boot=100)
    assert said in str(refused.value)


def test_scores_first_values_in_number_order():
    said = str(not_binary([0.5, 0.25, 0.125, 0.0625], "p", "y_pred"))
    assert "(the first 4: 0.0625, 0.125, 0.25, 0.5)" in said
    assert not_binary([0, 1, 2, 10, float("nan")], "y", "y_true").found == (
        "0",
        "1",
        "2",
        "10",
        "nan",
    )
