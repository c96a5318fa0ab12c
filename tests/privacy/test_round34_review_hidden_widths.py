"""TrainConfig's hidden widths as users hold them: numpy whole numbers are the ints they are
(to_dict is JSON, as epochs=np.int64(2) since fcbe690e; was 'Object of type int64 is not JSON
serializable'), and a width that is no sequence (hidden=5) is refused by the check naming
argument 'hidden' (was TypeError: 'int' object is not iterable, from the constructor)."""

import json

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import TrainConfig
from ethiclens.privacy._dpsgd import _check_optimizer_settings


@pytest.mark.parametrize("hidden", [np.array([8, 4]), (np.int64(8), 4), [np.uint16(8), 4]])
def test_numpy_widths_are_ints(hidden):
    config = TrainConfig(hidden=hidden)
    assert config == TrainConfig(hidden=(8, 4))
    assert json.loads(json.dumps(config.to_dict()))["hidden"] == [8, 4]
    _check_optimizer_settings(config)


@pytest.mark.parametrize("hidden", [5, None, 2.5, np.int64(8)])
def test_no_sequence_is_refused_by_the_check(hidden):
    with pytest.raises(EthicLensInputError, match="^argument 'hidden': hidden layer widths"):
        _check_optimizer_settings(TrainConfig(hidden=hidden))
