"""Round 50 (p2nia/probes hunt): inject_bias's four numbers written past a double's range
(disparate_impact=10**400, 'oracle --di 1e400', --eo-gap -1e400) were refused as 'must be a
finite number', which they are, where every other checked number too large is refused in its
range's words (ε's 'above 10000', --n-boot's 'from 100 to 1,000,000', the audit's
--di-threshold 'from 0.01 up to 1'). Each is now refused by its range, shown as written; inf
and NaN keep 'must be a finite number'."""

from __future__ import annotations

import math

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import inject_bias, oracle_disparate_impacts

HUGE = 10**400
RANGES = {
    "disparate_impact": "must lie from 0 to 1 / the reference selection rate",
    "eo_gap": "must lie in [0, 1]",
    "reference_rate": "must lie in (0, 1]",
    "separation": "must lie in [-1, 1]",
}


@pytest.mark.parametrize("name", sorted(RANGES))
@pytest.mark.parametrize("sign", [1, -1])
def test_a_python_number_past_a_double_is_refused_by_its_range(name, sign):
    kwargs = {"disparate_impact": 0.8, name: sign * HUGE}
    with pytest.raises(EthicLensInputError, match="401 digits") as info:
        inject_bias(100, random_state=0, **kwargs)
    assert info.value.column == name
    assert info.value.problem.startswith(RANGES[name]), info.value.problem
    assert "finite" not in str(info.value)


def test_a_list_of_disparate_impacts_says_the_range_too():
    with pytest.raises(EthicLensInputError, match=RANGES["disparate_impact"]):
        oracle_disparate_impacts([0.8, HUGE])


@pytest.mark.parametrize(("flag", "typed"), [("--di", "1e400"), ("--eo-gap", "-1E400")])
def test_a_typed_number_past_a_double_is_refused_by_its_range(capsys, flag, typed):
    args = ["oracle", "--n", "100", "--repetitions", "2", "--n-boot", "100", flag, typed]
    assert main(args) == 2
    err = capsys.readouterr().err
    name = flag[2:].replace("-", "_").replace("di", "disparate_impact")
    assert f"option '{flag}': {RANGES[name]}" in err and f"(value: '{typed}')" in err, err
    assert "finite" not in err, err


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_inf_and_nan_are_still_no_finite_number(value):
    with pytest.raises(EthicLensInputError, match="must be a finite number"):
        inject_bias(100, disparate_impact=value, random_state=0)
