"""``ethiclens.monitor.window_estimates`` (public) took any input to numpy: ``level=1.5`` ended
in ValueError 'Quantiles must be in the range [0, 1]', ``n_draws=0`` in IndexError, ``sel`` above
``n`` in ValueError 'b <= 0', a NaN count gave a DI interval bound of nan, ``pos`` without
``tp`` a KeyError (tracebacks). Each is now one EthicLensInputError naming the argument."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import window_estimates

REF, GRP = {"sel": 5, "n": 10}, {"sel": 3, "n": 10}


@pytest.mark.parametrize(
    ("ref", "grp", "options", "named"),
    [
        (REF, GRP, {"level": 1.5}, "level"),
        (REF, GRP, {"n_draws": 0}, "n_draws"),
        (REF, GRP, {"n_draws": True}, "n_draws"),
        (REF, GRP, {"rng": "x"}, "rng"),
        ({"sel": 11, "n": 10}, GRP, {}, "ref"),
        ({"sel": -1, "n": 10}, GRP, {}, "ref"),
        (REF, {"sel": float("nan"), "n": 10}, {}, "grp"),
        ({"sel": 5, "n": 10, "pos": 4}, GRP, {}, "ref"),
        ({**REF, "pos": 4, "tp": 2}, GRP, {}, "grp"),
        ([5, 10], GRP, {}, "ref"),
    ],
)
def test_bad_inputs_are_refused_naming_them(ref, grp, options, named):
    with pytest.raises(EthicLensInputError) as refused:
        window_estimates(ref, grp, **options)
    assert refused.value.column == named


def test_counts_as_numpy_numbers_and_weighted_fractions_still_count():
    eo = {"pos": 4, "tp": 2, "neg": 6, "fp": 1}
    out = window_estimates({"sel": np.int64(5), "n": 10, **eo}, {"sel": 3.5, "n": 10.0, **eo})
    assert out["disparate_impact"]["value"] == pytest.approx(0.7)
    assert out["tpr_gap"]["value"] == 0.0
    same = window_estimates(REF, GRP, rng=np.random.default_rng(3))
    assert same == window_estimates(REF, GRP, rng=np.random.default_rng(3))
