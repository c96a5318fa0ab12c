"""A column, flag, name or URL given as a whole number past Python's int-to-text limit
(10**5000: ``str()`` of it raises ValueError) is named in a refusal, shortened as every long
whole number is (errors.plain_text), never a ValueError about 'the limit (4300 digits)'."""

import pandas as pd
import pytest

from ethiclens import monitor, probes, sources, spec, web
from ethiclens.errors import EthicLensInputError

HUGE = 10**5000
SHOWN = "100000000000…000000 (5,001 digits)"


def _counts():
    return pd.DataFrame({"g": ["a", "b"], "y_pred": [1, 0], "count": [3, 4]})


CALLS = {
    "error column (probes.make_counterfactuals protected)": lambda tmp: probes.make_counterfactuals(
        pd.DataFrame({"g": ["a", "b"]}), HUGE
    ),
    "error column (web.parse_size flag)": lambda tmp: web.parse_size("x", flag=HUGE),
    "example flag (monitor.read_store flag)": lambda tmp: monitor.read_store(
        tmp / "none.sqlite", flag=HUGE
    ),
    "masked cut (web.WebConfig allowed_hosts)": lambda tmp: web.WebConfig(
        data_dir=tmp, allowed_hosts=HUGE
    ),
    "names (audit_counts protected)": lambda tmp: spec.audit_counts(_counts(), protected=HUGE),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_huge_whole_number_is_named_not_a_digit_limit_error(call, tmp_path):
    with pytest.raises(EthicLensInputError) as err:
        call(tmp_path)
    assert SHOWN in str(err.value)
    assert "4300" not in str(err.value)


def test_mask_url_of_a_huge_whole_number_is_its_shortened_text():
    assert sources.mask_url(HUGE) == SHOWN
