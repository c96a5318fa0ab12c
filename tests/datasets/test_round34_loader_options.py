"""Round 34: an option a dataset's loader does not take is refused in the words of every other
unknown keyword (``refuse_unknown``: "load_compas() got an unexpected keyword argument ...; did
you mean ...?"); it was the loader's own "NAME has no such option" words."""

import pytest

from ethiclens import datasets
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("name", "option", "words"),
    [
        (
            "acs-income",
            "state",
            "load_acs_income() got an unexpected keyword argument 'state'; did you mean 'states'?",
        ),
        (
            "adult",
            "include_tests",
            "load_adult() got an unexpected keyword argument "
            "'include_tests'; did you mean 'include_test'?",
        ),
        (
            "bios",
            "occupation",
            "load_bios() got an unexpected keyword argument 'occupation'; "
            "did you mean 'occupations'?",
        ),
    ],
)
def test_a_near_miss_is_refused_as_every_unknown_keyword(name, option, words):
    for load in (datasets.load, lambda n, **kw: datasets.get_entry(n).load(**kw)):
        with pytest.raises(EthicLensInputError) as info:
            load(name, **{option: ["CO"]})
        assert str(info.value) == words


def test_an_option_nothing_is_near_names_what_the_loader_takes():
    with pytest.raises(EthicLensInputError) as info:
        datasets.load("compas", states=["CO"])
    assert str(info.value) == (
        "load_compas() got an unexpected keyword argument 'states'. Fix: use one of features"
    )
    with pytest.raises(
        EthicLensInputError, match=r"load_german\(\) got .* 'year'.*use one of features"
    ):
        datasets.load("german", year=2018)
