"""Round 34: inject_bias / run_oracle given numpy scalars (np.float32(0.8), as a sweep over an
np.linspace array hands them) computed the population truth in float32: SPD -0.099999994 and
EO 0.099999994 where a Python 0.8 gives -0.1 and 0.1 to double precision, so coverage was
judged against a truth off by 1e-8. Every number argument is now read as a Python float."""

from __future__ import annotations

import numpy as np

from ethiclens.probes import inject_bias


def test_numpy_scalars_give_the_same_truth_as_python_floats():
    plain = inject_bias(2000, disparate_impact=0.8, eo_gap=0.15, random_state=0)
    for kind in (np.float32, np.float64, np.float16):
        got = inject_bias(
            2000,
            disparate_impact=kind(0.8),
            eo_gap=kind(0.15),
            reference_rate=kind(0.5),
            separation=kind(0.3),
            random_state=0,
        )
        if kind is np.float64:
            assert got.truth == plain.truth
        for key in ("disparate_impact", "statistical_parity_difference"):
            assert type(got.truth[key]) is float, (kind, key, type(got.truth[key]))
    f32 = inject_bias(2000, disparate_impact=np.float32(0.8), random_state=0)
    # round 35: a float32 is read as the number it prints as (0.8), as base_rates is
    assert (
        f32.truth["statistical_parity_difference"]
        == inject_bias(2000, disparate_impact=0.8, random_state=0).truth[
            "statistical_parity_difference"
        ]
    )
    assert isinstance(f32.truth["equalized_odds_difference"], float)
