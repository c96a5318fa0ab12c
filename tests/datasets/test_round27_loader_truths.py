"""Round 27: a loader's True/False argument (load_adult's include_test, load_acs_income's
download) is a truth value, never any object's truthiness."""

import numpy as np
import pytest

from ethiclens import datasets as ds
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("value", ["no", "False", 0.0, [], "yes"])
def test_include_test_that_is_no_bool_is_refused(value):
    # "no" and "False" used to append adult.test (a non-empty string is true)
    with pytest.raises(EthicLensInputError) as err:
        ds.load("adult", include_test=value)
    assert err.value.column == "include_test"
    assert err.value.value == value
    assert "True or False" in err.value.problem


@pytest.mark.parametrize(("value", "files"), [(False, 1), (np.bool_(True), 2), (None, 1)])
def test_true_false_and_the_default_read_as_before(value, files):
    data = ds.load("adult", include_test=value)
    assert len(data.provenance["files"]) == files


@pytest.mark.parametrize("value", ["no", "False", 1])
def test_acs_download_that_is_no_bool_is_refused(value):
    # "no" allowed a download (a non-empty string is true); refused even for shipped states
    with pytest.raises(EthicLensInputError) as err:
        ds.load("acs-income", states=["CO"], download=value)
    assert err.value.column == "download"
    assert err.value.value == value


def test_acs_download_false_reads_the_shipped_state():
    assert len(ds.load("acs-income", states=["CO"], download=False).label) > 0
