"""Python-API battery, class: a list argument given one value that cannot be iterated as one
(None, a number, a 0-d array) or a naming argument given no text is refused naming the
argument, never tuple()'s "'NoneType' object is not iterable", numpy's 'iteration over a 0-d
array' or "'NoneType' object has no attribute 'startswith'"."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError


def _task(**over):
    from ethiclens.experiments import SweepTask

    kw = {"dataset": "compas", "epsilons": (1.0,), "seeds": (0,), "trainer": "logreg"}
    return lambda: SweepTask(**(kw | over))


def _states(bad):
    from ethiclens.datasets import acs_states

    return lambda: acs_states(bad)


def _entry(flag):
    from ethiclens.datasets import get_entry

    return lambda: get_entry("nope", flag=flag)


CASES = [
    (_task(epsilons=None), "epsilons"),
    (_task(seeds=3), "seeds"),
    (_task(attributes="race"), "attributes"),
    (_task(epsilons=np.array(1.0)), "epsilons"),
    (_states(np.array(1.0)), "states"),
    (_states(np.array("CO")), "states"),
    (_entry(None), "flag"),
    (_entry(3), "flag"),
]


@pytest.mark.parametrize("call, argument", CASES)
def test_refused_naming_the_argument(call, argument):
    with pytest.raises(EthicLensInputError) as info:
        call()
    assert info.value.column == argument
    assert f"argument '{argument}'" in str(info.value)


def test_lists_still_taken():
    from ethiclens.datasets import acs_states

    assert _task(epsilons=[1.0, 8.0], attributes=["race"])().epsilons == (1.0, 8.0)
    assert acs_states(np.array(["ne", "CO"])) == ["CO", "NE"]
