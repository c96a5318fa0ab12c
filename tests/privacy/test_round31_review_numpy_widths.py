"""Round 31 review: train_dp_mlp's new check of the hidden widths took only Python ints, so
numpy's (hidden=tuple(np.array([16, 8])), a grid built with numpy) were refused as 'must be a
non-empty list of integers', where they trained before. They train again; a float, a bool and
a width of 0 stay refused."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import train_dp_mlp

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def data():
    from ethiclens.experiments import prepare

    return prepare("compas", 0)


def test_numpy_widths_train(data):
    hidden = tuple(np.array([16, 8]))
    run = train_dp_mlp("compas", data=data, epsilon=None, seed=0, epochs=1, hidden=hidden)
    assert run.config.hidden == (16, 8)


@pytest.mark.parametrize("hidden", [(np.float64(16),), (np.bool_(True),), (np.int64(0),)])
def test_other_numpy_widths_still_refused(data, hidden):
    with pytest.raises(EthicLensInputError, match="^argument 'hidden': "):
        train_dp_mlp("compas", data=data, epsilon=None, seed=0, epochs=1, hidden=hidden)
