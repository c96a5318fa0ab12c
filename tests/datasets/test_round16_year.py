"""Round 16: a survey year given as text is read by every face's rule: ASCII digits only."""

import pytest

from ethiclens.datasets import load_acs_income
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("year", ["2018\u00b2", "\u0662\u0660\u0661\u0668", " 2018", "2_018"])
def test_a_year_in_other_digits_is_refused_as_a_year(year):
    with pytest.raises(EthicLensInputError, match="the ACS 1-year survey year must be an integer"):
        load_acs_income(year=year)
