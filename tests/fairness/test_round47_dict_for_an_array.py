"""Round 47: a dict where an array is meant (``ethiclens.audit({0: 1, 1: 0}, y_pred, groups)``)
was taken for a spec and refused with a bare TypeError about specs (or, as y_pred, 'must be
one-dimensional (shape ())'); it is now refused naming the argument and the fix, on every
function and role. A dict of columns for sensitive_features, and a spec dict, are unchanged."""

import numpy as np
import pytest

import ethiclens

Y = np.array([0, 1, 0, 1])
G = np.array(["a", "a", "b", "b"])
D = {0: 1, 1: 0, 2: 0, 3: 1}
FIX = (
    "Fix: pass its values in row order: a list, an array or a Series "
    "(e.g. list(d.values()) or pd.Series(d))"
)


@pytest.mark.parametrize(
    ("call", "role"),
    [
        (lambda: ethiclens.audit(D, Y, G), "'y_true'"),
        (lambda: ethiclens.audit(Y, D, G), "'y_pred'"),
        (lambda: ethiclens.audit(Y, Y, G, sample_weight=D), "'sample_weight'"),
        (lambda: ethiclens.audit(Y, Y, G, y_score={i: 0.5 for i in range(4)}), "'y_score'"),
        (lambda: ethiclens.audit(Y, Y, {"g": dict(enumerate(G))}), "\"sensitive_features['g']\""),
        (lambda: ethiclens.compare(D, Y, Y, G), "'y_true'"),
        (lambda: ethiclens.threshold_table(D, Y * 0.5, G), "'y_true'"),
        (lambda: ethiclens.fairness.audit(D, Y, G), "'y_true'"),
    ],
    ids=["audit", "y_pred", "weight", "score", "dict-column", "compare", "thresholds", "engine"],
)
def test_a_dict_for_an_array_is_refused_by_its_argument(call, role):
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        call()
    assert str(info.value).startswith(f"argument {role}: is a dict (4 keys), not one value per row")
    assert str(info.value).endswith(FIX)


def test_a_spec_dict_with_arrays_after_it_keeps_its_refusal():
    with pytest.raises(TypeError, match="the only positional argument"):
        ethiclens.audit({"target": {"dataset": "compas"}}, Y, G)
