"""Round 16: a survey year given as text is read by every face's rule: ASCII digits only."""

import pytest

from ethiclens.datasets import load_acs_income
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("year", ["2018\u00b2", "\u0662\u0660\u0661\u0668", "2_018"])
def test_a_year_in_other_digits_is_refused_as_a_year(year):
    with pytest.raises(EthicLensInputError, match="the ACS 1-year survey year must be an integer"):
        load_acs_income(year=year)


@pytest.mark.parametrize("year", [" 2018", "2,018"])
def test_a_year_written_apart_is_told_what_it_holds(year):
    """Round 50: ' 2018' was refused in the years' range words, as though no year: its blanks
    (or comma) are named, with 2018 to give, as every checked number's are."""
    with pytest.raises(EthicLensInputError, match=r"written without .* Fix: give 2018$"):
        load_acs_income(year=year)
