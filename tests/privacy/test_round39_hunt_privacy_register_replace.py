"""Round 39: register_trainer(..., replace="no") replaced a registered trainer (the string is
true); now ``replace`` must be True or False, refused naming it otherwise."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import Trainer, get_trainer, register_trainer, unregister_trainer


@pytest.fixture
def registered():
    register_trainer(Trainer(name="r39-mine", label="first", fit="a:b"))
    yield
    unregister_trainer("r39-mine")


@pytest.mark.parametrize("replace", ["no", "False", 1, None])
def test_replace_must_be_a_truth(registered, replace):
    with pytest.raises(EthicLensInputError) as info:
        register_trainer(Trainer(name="r39-mine", label="second", fit="a:c"), replace=replace)
    assert info.value.column == "replace"
    assert get_trainer("r39-mine").label == "first"


def test_true_still_replaces(registered):
    register_trainer(Trainer(name="r39-mine", label="second", fit="a:c"), replace=np.bool_(True))
    assert get_trainer("r39-mine").label == "second"
