"""Round 34: preset() from Python named its argument as the command line's option ("option
'--preset': unknown preset", a face the caller did not use) without the near miss, a name that
is no text (a list) was a bare "unhashable type" TypeError, and an unknown override was
SweepGrid's bare TypeError. Each is one refusal in the Python face's words."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import preset


def test_an_unknown_preset_is_an_argument_with_its_near_miss():
    with pytest.raises(EthicLensInputError) as info:
        preset("Paper")
    assert str(info.value) == (
        "argument 'name': unknown preset: must be one of paper, quick (value: 'Paper'). "
        "Fix: did you mean 'paper'? use one of paper, quick"
    )


def test_a_name_that_is_no_text_is_refused_as_unknown():
    with pytest.raises(EthicLensInputError, match="argument 'name': unknown preset"):
        preset(["paper"])


def test_an_unknown_override_is_an_unknown_keyword():
    with pytest.raises(EthicLensInputError, match="did you mean 'seeds'") as info:
        preset("quick", seed=3)
    assert isinstance(info.value, TypeError)
    assert preset("quick", seeds=1).seeds == [0]
