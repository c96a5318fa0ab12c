"""Round 27: an unknown keyword of a target's call (``ethiclens.audit("compas", n_bot=5)``) is
refused as one of an array call is: an ``UnknownKeywordError``, the project's input error and
Python's ``TypeError``; ``paired=`` (arrays only) says why, not 'did you mean y_pred'."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import UnknownKeywordError


@pytest.mark.parametrize("call", [ethiclens.audit, ethiclens.compare])
def test_an_unknown_keyword_of_a_target_call_is_a_type_error(call):
    with pytest.raises(TypeError) as exc:
        call("compas", n_bot=5)
    assert isinstance(exc.value, UnknownKeywordError)
    assert isinstance(exc.value, EthicLensInputError)
    assert "'n_bot'" in str(exc.value) and "did you mean 'n_boot'?" in str(exc.value)


def test_paired_says_it_is_for_arrays():
    with pytest.raises(UnknownKeywordError) as exc:
        ethiclens.compare("compas", paired=False)
    text = str(exc.value)
    assert "paired= is for arrays" in text and "y_pred" not in text
