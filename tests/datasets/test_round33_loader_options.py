"""Round 33: an option the dataset's loader does not take (a typo, another dataset's option) was
a TypeError traceback from the loader; it is an input error naming the option, a near miss and
the dataset's options."""

import pytest

from ethiclens import datasets
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("name", "option", "near"),
    [
        ("acs-income", "state", "did you mean 'states'"),
        ("adult", "include_tests", "include_test"),
        ("compas", "states", "use one of features"),
        ("bios", "occupation", "occupations"),
    ],
)
def test_an_option_the_loader_lacks_is_refused_naming_it(name, option, near):
    with pytest.raises(EthicLensInputError, match=f"keyword argument '{option}'") as info:
        datasets.load(name, **{option: ["CO"]})
    assert near in str(info.value)
    with pytest.raises(EthicLensInputError, match="unexpected keyword argument"):
        datasets.get_entry(name).load(**{option: 1})


def test_the_loaders_own_options_still_work():
    assert len(datasets.load("acs-income", states=["NE"], download=False)) == 10785
    assert len(datasets.load("compas", features="paper")) == 6172
