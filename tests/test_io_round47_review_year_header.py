"""Review of 081527e4 (a headerless file named as such): its hint fired on any header with two
or more number names, so a real wide table of years (sex, 2019, 2020, 2021, label, pred) given a
typo ('lable') or a year it lacks ('2022') was told first that its column names 'look like a
data row' and to add a header. A column asked that is a number, or a near miss of a name, is a
typo in a real header: the plain refusal (did you mean ...); a headerless file keeps the hint."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import column_not_found
from ethiclens.p2nia import make_request, release

YEARS = ["sex", "2019", "2020", "2021", "label", "pred"]


@pytest.mark.parametrize(("asked", "near"), [("lable", "label"), ("2022", "2021")])
def test_a_typo_in_a_header_of_years_is_no_data_row(asked, near):
    exc = column_not_found(asked, YEARS, "w.csv")
    assert "data row" not in exc.fix and exc.fix.startswith("did you mean"), exc.fix
    assert f"{near!r}" in exc.fix, exc.fix


def test_the_p2nia_release_of_a_header_of_years_likewise():
    frame = pd.DataFrame([["a", 1, 0, 1, 1, 1], ["b", 0, 1, 1, 0, 1]] * 10, columns=YEARS)
    with pytest.raises(EthicLensInputError) as exc:
        release(make_request(20, "sex", epsilon=5.0), frame, "lable", "pred", random_state=1)
    assert "data row" not in exc.value.fix and "did you mean 'label'" in exc.value.fix, exc.value


def test_a_name_missing_from_a_headerless_file_keeps_the_hint():
    names = ["39", " State-gov", " 77516", " Male", " 0", " 1"]
    exc = column_not_found("income", names, "adult.csv")
    assert exc.fix.startswith("adult.csv's column names look like a data row"), exc.fix
