"""Round 27: an EO gap at (or just above) the least one a valid classifier can have at the
injected DI is built, not refused. EO over the unprivileged group's separation is convex with
its least value at a kink; the solver only looked for sign changes on a 4,001-point grid, so
a gap between the true least value and the grid's was refused while the refusal named it
possible ("no valid classifier has an EO gap of 0.05 at DI 0.9 (possible EO gaps at this DI:
[0.050, 0.650])")."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import inject_bias


@pytest.mark.parametrize("gap", [0.05, 0.05 + 1e-6, 0.05 + 5e-5])
def test_a_gap_at_the_least_possible_is_built(gap):
    # DI 0.9 at the defaults: the least EO gap is exactly 0.05 (separation 0.3)
    data = inject_bias(2000, disparate_impact=0.9, eo_gap=gap, random_state=0)
    assert data.truth["equalized_odds_difference"] == pytest.approx(gap, abs=1e-9)


def test_a_gap_below_the_least_possible_is_still_refused():
    possible = "possible EO gaps at this DI: \\[0.050, 0.650\\]"
    with pytest.raises(EthicLensInputError, match=possible):
        inject_bias(2000, disparate_impact=0.9, eo_gap=0.0499, random_state=0)


def test_a_gap_the_grid_finds_is_built_as_before():
    data = inject_bias(2000, disparate_impact=0.9, eo_gap=0.2, random_state=0)
    assert data.truth["equalized_odds_difference"] == pytest.approx(0.2, abs=1e-12)
