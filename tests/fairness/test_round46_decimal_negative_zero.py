"""Round 46: a signed zero that is not a float, Decimal('-0') (or '-0.00') and a complex number
with a -0.0 part, is one group with its unsigned zero and named as that zero ('0', '0.00', '0j')
whichever row comes first, in audit(), threshold_table(), compare() and the counts path (it was
named by the first row: '-0' or '0')."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.sources import Roles, counts_of

Y = [0, 1, 1] * 100
P = [1, 0, 1] * 100


def _groups(result) -> list:
    return [g["group"] for g in result.to_dict()["attributes"][0]["groups"]]


@pytest.mark.parametrize(
    ("first", "then", "name"),
    [
        (Decimal("-0"), Decimal("0"), "0"),
        (Decimal("0"), Decimal("-0"), "0"),
        (Decimal("-0.00"), Decimal("0.00"), "0.00"),
        (complex(-0.0, 0.0), complex(0.0, 0.0), "0j"),
        (complex(0.0, -0.0), complex(0.0, 0.0), "0j"),
        (np.complex128(complex(-0.0, -0.0)), np.complex128(0), "0j"),
    ],
)
@pytest.mark.parametrize("dtype", [object, "category"])
def test_signed_zero_is_the_unsigned_group(first, then, name, dtype):
    g = pd.Series([first, then, "a"] * 100, dtype=dtype, name="g")
    groups = _groups(ethiclens.audit(Y, P, g))
    assert groups == [name, "a"]
    frame = pd.DataFrame({"y": Y, "p": P, "g": g})
    table = counts_of(frame, Roles(y_true="y", y_pred="p", protected=["g"]))
    assert _groups(ethiclens.audit_counts(table)) == groups


def test_decimal_negative_zero_other_faces():
    g = {"g": pd.Series([Decimal("-0"), Decimal("0"), "a"] * 100, dtype=object)}
    scores = np.linspace(0, 1, 300)
    table = ethiclens.threshold_table(Y, scores, g).to_dict()
    assert {r["group"] for r in table["rows"]} == {"0", "a"}
    comparison = ethiclens.compare(Y, P, [0, 1, 1] * 100, g).to_dict()
    assert {d["group"] for d in comparison["group_differences"]} == {"0", "a"}
