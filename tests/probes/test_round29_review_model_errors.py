"""Round 29 review: which of the model's exceptions counterfactual() wraps and which pass.

An exception that is a ValueError and also a MemoryError (or a KeyboardInterrupt / SystemExit)
is the model's error, wrapped as every ValueError is: the ValueError clause comes first, as it
did before the round's cuts; a plain MemoryError, KeyboardInterrupt or SystemExit passes.
"""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes._counterfactual import _predict


class _ValueAndMemory(ValueError, MemoryError):
    pass


class _ValueAndInterrupt(ValueError, KeyboardInterrupt):
    pass


def _raising(exc):
    class Model:
        def predict(self, frame):
            raise exc

    return Model()


@pytest.mark.parametrize(
    "exc, unseen",
    [(_ValueAndMemory("unseen group"), True), (_ValueAndInterrupt("boom"), False)],
)
def test_a_value_error_that_is_also_a_passing_kind_is_wrapped(exc, unseen):
    with pytest.raises(EthicLensInputError) as info:
        _predict(_raising(exc), pd.DataFrame({"a": [1, 2]}))
    assert info.value.__cause__ is exc
    assert ("did not see in training" in str(info.value)) is unseen


@pytest.mark.parametrize("exc", [MemoryError("m"), KeyboardInterrupt(), SystemExit(3)])
def test_memory_interrupt_and_exit_pass_through(exc):
    with pytest.raises(type(exc)):
        _predict(_raising(exc), pd.DataFrame({"a": [1, 2]}))
