"""p2nia built column names with str(c) before _data_row_header: a frame column named
10**5000 crashed a refusal with "Exceeds the limit (4300 digits)". The names are now shortened
as every refusal shortens them (errors.plain_text), in io._data_row_header and did_you_mean."""

import pandas as pd
import pytest

from ethiclens._checks import did_you_mean
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release
from ethiclens.p2nia._synth import column_domains

BIG = 10**5000


def _frame():
    rows = {"g": ["a", "b"] * 5, "y": [0, 1] * 5, "p": [1, 0] * 5}
    return pd.DataFrame({**rows, BIG: [1] * 10, 5: [1] * 10, 6: [2] * 10})


def _release_missing():
    release(make_request(protected="zz", n=10, epsilon=1.0, metrics=["dp"]), _frame(), "y", "p")


def _domains_missing():
    column_domains(_frame(), ["zz"], {})


@pytest.mark.parametrize("call", [_release_missing, _domains_missing])
def test_a_missing_column_beside_a_huge_int_name_is_refused(call):
    with pytest.raises(EthicLensInputError) as info:
        call()
    said = str(info.value)
    assert "column 'zz': not in the audit data" in said
    assert "(5,001 digits)" in said or "look like a data row" in said


def test_repeated_huge_int_names_are_named():
    frame = pd.DataFrame([[1, 2, 3, 4]], columns=[BIG, BIG, "y", "p"])
    request = make_request(protected="g", n=10, epsilon=1.0, metrics=["dp"])
    with pytest.raises(EthicLensInputError, match=r"\(5,001 digits\)'?: columns repeated"):
        release(request, frame, "y", "p")


def test_did_you_mean_reads_a_huge_int_choice():
    assert did_you_mean("zz", ["a", BIG]) == ""
    assert did_you_mean(BIG, ["a", "b"]) == ""
