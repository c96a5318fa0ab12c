"""Issue 22 review: GRR's debiasing refuses what it refused before the line-cutting refactor."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import GRR, debias, response_matrix
from ethiclens.p2nia._mechanisms import LABEL, PREDICTION

MANIFEST = {
    "roles": {"protected": "a", "label": LABEL},
    "epsilon": 3.0,
    "columns": {"a": {"epsilon": 1.0}, LABEL: {"epsilon": 1.0}, PREDICTION: {"epsilon": 1.0}},
}


@pytest.mark.parametrize("shape", [(2, 3, 2), (2, 2, 3), (2, 2)])
def test_grr_joint_refuses_label_and_prediction_axes_that_are_not_binary(shape):
    # Y and Ŷ are 0/1: their response matrices are 2 × 2 whatever the joint's shape, so a
    # joint of another shape is refused (it was never debiased with a 3-value matrix)
    observed = np.full(shape, 1 / np.prod(shape))
    with pytest.raises(ValueError, match="mismatch"):
        GRR().joint(observed, MANIFEST)


def test_grr_joint_of_a_binary_joint_is_unchanged():
    observed = np.full((2, 2, 2), 1 / 8)
    assert np.allclose(GRR().joint(observed, MANIFEST), observed)


def test_debias_needs_a_list_of_matrices():
    observed = np.full((2, 2), 1 / 4)
    # round 48: no list (none, or a generator) is refused naming the argument (was numpy's
    # IndexError and Python's "not subscriptable", pinned here)
    with pytest.raises(EthicLensInputError, match="argument 'matrices'"):
        debias(observed, [])
    with pytest.raises(EthicLensInputError, match="argument 'matrices'"):
        debias(observed, (response_matrix(1.0, 2) for _ in range(2)))
    assert np.allclose(debias(observed, [response_matrix(1.0, 2)] * 2), observed)
