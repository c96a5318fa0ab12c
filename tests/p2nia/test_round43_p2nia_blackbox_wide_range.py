"""Round 43 (p2nia): a black-box numeric domain as wide as floats go.

blackbox_audit(predict, {"x": (-1e308, 1e308), ...}) raised numpy's OverflowError 'high - low
range exceeds valid bounds' (both bounds finite, as the domain check asks), and a bound of
10**400 raised 'int too large to convert to float' from the check itself. Now the wide range
is drawn from the same uniforms (a range that fits is drawn exactly as before), and a bound
past the largest float is refused as every other non-finite bound is.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit, uniform_queries

BIGGEST = sys.float_info.max


def _predict(X):
    return (X["x"] > 0).astype(int).to_numpy()


@pytest.mark.parametrize("low, high", [(-1e308, 1e308), (-BIGGEST, BIGGEST)])
def test_a_range_wider_than_a_float_is_drawn(low, high):
    q = uniform_queries({"x": (low, high)}, 1000, np.random.default_rng(0))
    u = np.random.default_rng(0).random(1000)  # the same uniforms, placed in the range
    assert np.isfinite(q.x).all() and (q.x >= low).all() and (q.x <= high).all()
    assert np.array_equal(q.x > 0, u > 0.5)
    result = blackbox_audit(_predict, {"g": ["A", "B"], "x": (low, high)}, "g", 400, random_state=0)
    assert 0 <= result["dp"] <= 1


def test_a_range_that_fits_is_drawn_as_before():
    q = uniform_queries({"x": (0.2, 0.9)}, 50, np.random.default_rng(3))
    assert np.array_equal(q.x.to_numpy(), np.random.default_rng(3).uniform(0.2, 0.9, 50))


@pytest.mark.parametrize("bound", [10**400, -(10**400)])
def test_a_bound_past_the_largest_float_is_refused_naming_the_domain(bound):
    dom = (min(0, bound), max(0, bound))
    with pytest.raises(EthicLensInputError, match="finite numbers") as info:
        blackbox_audit(_predict, {"g": ["A", "B"], "x": dom}, "g", 100, random_state=0)
    assert info.value.column == "domains['x']"
