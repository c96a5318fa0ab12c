"""Round 40 (p2nia hunt): inject_bias (and run_oracle, oracle_disparate_impacts, which take its
keywords) given an int past a float's range, e.g. disparate_impact=10**400, raised numpy's
TypeError ("ufunc 'isfinite' not supported for the input types") instead of refusing the
argument. Now each of the four number arguments is refused by name (round 50: in its range's
words, 'must lie ...', not 'must be a finite number', which 10**400 is)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import inject_bias, oracle_disparate_impacts

HUGE = 10**400


@pytest.mark.parametrize("name", ["disparate_impact", "eo_gap", "reference_rate", "separation"])
@pytest.mark.parametrize("sign", [1, -1])
def test_an_int_past_a_float_is_refused_by_name(name, sign):
    kwargs = {"disparate_impact": 0.8, name: sign * HUGE}
    with pytest.raises(EthicLensInputError, match="must lie") as info:
        inject_bias(100, random_state=0, **kwargs)
    assert info.value.column == name


def test_a_list_of_disparate_impacts_with_a_huge_int_is_refused():
    with pytest.raises(EthicLensInputError, match="must lie") as info:
        oracle_disparate_impacts([0.8, HUGE])
    assert info.value.column == "disparate_impact"


def test_a_large_int_that_a_float_holds_is_still_read():
    assert inject_bias(100, disparate_impact=1, random_state=0).truth["disparate_impact"] == 1.0
