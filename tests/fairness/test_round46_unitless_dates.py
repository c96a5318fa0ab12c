"""Round 46: a numpy array of NaT without a unit (``np.array([np.datetime64('NaT')] * n)``,
dtype ``datetime64`` with no unit) given to the arrays API crashed inside pandas ('TypeError:
datetime64 values must have a unit specified') as y_true, y_pred or a group column; it is
now refused as every other missing value is, naming the argument."""

import numpy as np
import pytest

import ethiclens
from ethiclens import EthicLensInputError

N = 8
LABELS = np.array([0, 1] * (N // 2))
GROUPS = np.array(["A", "A", "B", "B"] * (N // 4))
SCORES = np.linspace(0.1, 0.9, N)


def _nat(kind: str = "datetime64") -> np.ndarray:
    return np.array([np.__dict__[kind]("NaT")] * N)


@pytest.mark.parametrize(
    ("call", "named", "words"),
    [
        (lambda v: ethiclens.audit(v, LABELS, GROUPS), "y_true", "missing value"),
        (lambda v: ethiclens.audit(LABELS, v, GROUPS), "y_pred", "missing value"),
        (lambda v: ethiclens.audit(LABELS, LABELS, v), "sensitive_feature_0", "missing group"),
        (lambda v: ethiclens.audit(LABELS, LABELS, {"g": v}), "g", "missing group"),
        (lambda v: ethiclens.compare(LABELS, v, LABELS, GROUPS), "pred_a", "missing value"),
        (lambda v: ethiclens.threshold_table(v, SCORES, GROUPS), "y_true", "missing value"),
    ],
)
def test_unitless_nat_refused_by_name(call, named, words):
    for kind in ("datetime64", "timedelta64"):
        with pytest.raises(EthicLensInputError) as info:
            call(_nat(kind))
        assert info.value.column == named
        assert words in str(info.value)
