"""Round 35 (datasets): options of the wrong type are refused naming the argument.
``load_acs_income(cache_dir=1)`` was a TypeError traceback ('expected str, bytes or
os.PathLike object, not int'), ``get_entry("compas", purpose=1)`` an AttributeError ('int'
object has no attribute 'upper'), and ``names("x")`` named a "column 'purpose'"."""

import pytest

from ethiclens.datasets import get_entry, load_acs_income, names
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("cache_dir", [1, ["/tmp"], b"/tmp"])
def test_a_cache_dir_that_is_no_path_is_refused(cache_dir):
    with pytest.raises(EthicLensInputError, match=r"argument 'cache_dir': must be a folder's"):
        load_acs_income(states="CA", cache_dir=cache_dir)


def test_a_fetch_that_cannot_be_called_is_refused(tmp_path):
    with pytest.raises(EthicLensInputError, match=r"argument 'fetch': must be a function"):
        load_acs_income(states="CA", cache_dir=tmp_path, download=True, fetch="folktables")


@pytest.mark.parametrize("purpose", [1, "x", ["audit"]])
def test_an_unknown_purpose_is_an_argument(purpose):
    for call in (lambda: names(purpose), lambda: get_entry("compas", purpose)):
        with pytest.raises(EthicLensInputError, match=r"argument 'purpose': unknown purpose"):
            call()
