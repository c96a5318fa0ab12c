"""With ci='bca' or 'percentile' the jackknife called each guarded metric once per group (the
argument guard of 1ca0a313, ~20,000 calls at 2,000 groups). The engine's own calls now take the
built-ins unguarded; outside callers keep the guard, and the numbers are the same."""

import sys

import numpy as np
import pytest

import ethiclens.fairness as fairness
from ethiclens._checks import argument_kinds
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._metrics import group_specs, unguarded

# the code of argument_kinds' wrapper (the guard every guarded metric runs through)
GUARD = next(c for c in argument_kinds.__code__.co_consts if hasattr(c, "co_consts"))
GUARD = next(c for c in GUARD.co_consts if getattr(c, "co_name", "") == "checked")


def _guard_calls(ci: str) -> int:
    rng = np.random.default_rng(0)
    groups = np.array([f"g{i:02d}" for i in range(60)]).repeat(20)
    y, p = rng.integers(0, 2, groups.size), rng.integers(0, 2, groups.size)
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        if event == "call" and frame.f_code is GUARD:
            calls += 1

    sys.setprofile(count)
    try:
        fairness.audit(y, p, groups, ci=ci, n_boot=100, seed=1)
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize("ci", ["bca", "percentile"])
def test_the_jackknife_skips_the_guard(ci):
    # 60 groups x 11 metrics went through the guard in the jackknife alone
    assert _guard_calls(ci) < 60


def test_outside_callers_keep_the_guard_and_the_numbers():
    cells = np.array([[4.0, 1.0, 2.0, 3.0], [1.0, 0.0, 0.0, 5.0]])
    for spec in group_specs().values():
        raw = unguarded(spec.fn)
        assert raw is not spec.fn
        np.testing.assert_array_equal(raw(cells, True), spec.fn(cells, True))
    with pytest.raises(EthicLensInputError, match="argument 'cells'"):
        fairness.true_positive_rate(None)
