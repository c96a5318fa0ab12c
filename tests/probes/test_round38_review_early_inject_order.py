"""Review of f9d095c3: inject_bias's checks were split out (_injected_groups) and the rows and
group shares moved ahead of the four number arguments, so an input with two bad arguments was
refused for the other one (a 1,008,000-input grid: 742,560 refusals changed). inject_bias
refuses in its old order again: disparate_impact, eo_gap, reference_rate, separation, then
the rows and group shares, then base_rates and the rest."""

import math

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import inject_bias, oracle_disparate_impacts


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        (dict(n=10, disparate_impact=math.nan), "argument 'disparate_impact'"),
        (dict(n=10, disparate_impact=0.6, eo_gap=math.nan), "argument 'eo_gap'"),
        (
            dict(n=100, disparate_impact=0.6, group_sizes=(1, 0), separation=math.inf),
            "argument 'separation'",
        ),
        (dict(n=True, disparate_impact=0.6, reference_rate="x"), "argument 'reference_rate'"),
        (
            dict(n=100, disparate_impact=0.6, group_sizes="x", base_rates="x"),
            "argument 'group_sizes'",
        ),
        (dict(n=10, disparate_impact=0.6, base_rates=(0, 1)), "argument 'n'"),
    ],
)
def test_inject_bias_refuses_in_its_old_order(kwargs, named):
    n = kwargs.pop("n")
    with pytest.raises(EthicLensInputError) as err:
        inject_bias(n, random_state=0, **kwargs)
    assert str(err.value).startswith(named)


def test_the_up_front_check_still_refuses_as_inject_bias():
    # the split did not change what oracle_disparate_impacts sees (no rows: group_sizes unread)
    for di, eo_gap, named in [(-1.0, None, "disparate_impact"), (0.6, math.nan, "eo_gap")]:
        with pytest.raises(EthicLensInputError) as up_front:
            oracle_disparate_impacts([0.5, di], eo_gap=eo_gap)
        with pytest.raises(EthicLensInputError) as direct:
            inject_bias(100, disparate_impact=di, eo_gap=eo_gap, random_state=0)
        assert str(up_front.value) == str(direct.value)
        assert str(direct.value).startswith(f"argument '{named}'")
