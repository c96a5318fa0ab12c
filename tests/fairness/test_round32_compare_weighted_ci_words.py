"""compare(..., sample_weight=w, ci='percentile') from Python: the fix read "use ci='jeffreys'
(ci jeffreys) with sample_weight" (the flag in brackets renamed into a keyword); it now says it
once, in the caller's words."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError


def test_the_weighted_paired_refusal_says_the_fix_once_in_python_words():
    rng = np.random.default_rng(0)
    n = 200
    y, a, b = (rng.integers(0, 2, n) for _ in range(3))
    groups, weights = rng.choice(["x", "y"], n), rng.random(n)
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.compare(
            y, a, b, sensitive_features=groups, sample_weight=weights, ci="percentile"
        )
    text = str(exc.value)
    assert "Fix: use ci='jeffreys' with sample_weight" in text
    assert "(ci jeffreys)" not in text
    assert "--ci" not in text
