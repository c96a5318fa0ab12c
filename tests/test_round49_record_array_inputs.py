"""A numpy record (structured) array given where one value per row goes (y_true, y_pred,
y_score, sample_weight, a pcer split's labels or losses) crashed with pandas' bare "Cannot
construct a Series from an ndarray with compound dtype" (or, one float field, was taken): it
is one refusal naming the argument, its fields and the field to pass. The protected
attributes' record array (one attribute per field) is still audited."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions

N = 100
Y = np.array([0, 1] * 50)
G = np.array(["a", "b"] * 50)
LABELS = np.array([(v,) for v in Y], dtype=[("y", "i8")])
TWO = np.array([(v, 0.5) for v in Y], dtype=[("y", "i8"), ("s", "f8")])
FLOATS = np.array([(0.5,)] * N, dtype=[("s", "f8")])

CALLS = {
    "y_true": (lambda: ethiclens.audit(LABELS, Y, G, n_boot=100), "'y'", "y_true['y']"),
    "y_pred": (lambda: ethiclens.audit(Y, TWO, G, n_boot=100), "'y', 's'", "y_pred['y']"),
    "y_score": (lambda: ethiclens.audit(Y, Y, G, y_score=FLOATS), "'s'", "y_score['s']"),
    "sample_weight": (lambda: ethiclens.audit(Y, Y, G, sample_weight=FLOATS), "'s'", None),
    "pred_b": (lambda: ethiclens.compare(Y, Y, LABELS, G), "'y'", "pred_b['y']"),
    "thresholds": (lambda: ethiclens.threshold_table(Y, FLOATS, G), "'s'", "y_score['s']"),
    "pcer y_true": (
        lambda: SplitPredictions(y_true=LABELS, y_pred=Y, groups=G, name="train"),
        "'y'",
        "y_true['y']",
    ),
    "pcer loss": (lambda: SplitPredictions(Y, Y, G, loss=FLOATS, name="train"), "'s'", None),
}


@pytest.mark.parametrize("case", list(CALLS))
def test_a_record_array_is_refused_by_its_fields(case):
    call, fields, field = CALLS[case]
    with pytest.raises(EthicLensInputError) as info:
        call()
    said = str(info.value)
    assert f"is a numpy record array (fields {fields}), not one value per row" in said
    assert field is None or f"e.g. {field}" in said


def test_protected_attributes_as_a_record_array_still_audited():
    table = np.array([(g,) for g in G], dtype=[("race", "U3")])
    result = ethiclens.audit(Y, Y, table, n_boot=100)
    assert [a["name"] for a in result.to_dict()["attributes"]] == ["race"]
