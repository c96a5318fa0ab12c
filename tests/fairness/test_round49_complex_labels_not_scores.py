"""Complex 0/1 labels or predictions (a column cast to complex, 0j and 1+0j) were refused
"looks like scores, not 0/1 labels: 2 distinct numbers in [0, 1]": not_binary compared complex
numbers with 0 and 1 as if real. A complex value is no score; it is refused as not 0/1."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

ZERO_ONE = np.array([0, 1] * 300)
GROUPS = np.array(["A", "B"] * 300)


@pytest.mark.parametrize("role", ["y_true", "y_pred"])
@pytest.mark.parametrize("scale", [1.0, 0.5])
def test_complex_values_are_not_called_scores(role, scale):
    values = {"y_true": ZERO_ONE, "y_pred": ZERO_ONE}
    values[role] = ZERO_ONE.astype(complex) * scale
    with pytest.raises(EthicLensInputError) as refused:
        ethiclens.audit(values["y_true"], values["y_pred"], GROUPS, n_boot=100)
    said = str(refused.value)
    assert f"argument '{role}': is not binary 0/1: found values" in said
    assert "looks like scores" not in said
