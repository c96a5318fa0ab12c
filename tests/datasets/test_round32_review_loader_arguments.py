"""Round 32 review (datasets): load_bios takes the two occupation titles in a NumPy array or a
pandas Series as it did before round 32 (9e9a4caf refused all but a list or a tuple); a set,
whose order says no label, and one title are still refused naming the argument. load_acs_income
takes states as a pandas Index or a dict's keys as before (d960a67d refused them as 'must be
state codes'); None, a number and bytes stay refused."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.datasets import load_acs_income, load_bios
from ethiclens.errors import EthicLensInputError

ROWS = pd.DataFrame(
    {
        "text": ["cuts", "heals", "operates", "cares"] * 5,
        "occupation": ["surgeon", "nurse"] * 10,
        "gender": ["M", "F", "F", "M"] * 5,
    }
)


@pytest.fixture
def bios(tmp_path):
    path = tmp_path / "my_bios.csv"
    ROWS.to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    "titles",
    [np.array(["nurse", "surgeon"]), pd.Series(["nurse", "surgeon"], index=[1, 0])],
    ids=["array", "series"],
)
def test_titles_in_an_array(bios, titles):
    plain = load_bios(path=bios, occupations=("nurse", "surgeon"))
    got = load_bios(path=bios, occupations=titles)
    pd.testing.assert_series_equal(got.label, plain.label)
    assert got.positive_label == plain.positive_label == "occupation is nurse (vs surgeon)"


@pytest.mark.parametrize("titles", [{"nurse", "surgeon"}, np.array(["nurse"]), "nurse"])
def test_titles_without_an_order_still_refused(bios, titles):
    with pytest.raises(EthicLensInputError, match="^argument 'occupations': must be two"):
        load_bios(path=bios, occupations=titles)


@pytest.mark.parametrize("states", [pd.Index(["CO"]), {"CO": 1}.keys()], ids=["index", "keys"])
def test_states_in_any_collection(states):
    plain = load_acs_income(states=["CO"])
    pd.testing.assert_series_equal(load_acs_income(states=states).label, plain.label)


@pytest.mark.parametrize("states", [None, 5, b"CO"])
def test_states_that_are_no_codes_still_refused(states):
    with pytest.raises(EthicLensInputError, match="^argument 'states': must be state codes"):
        load_acs_income(states=states)
