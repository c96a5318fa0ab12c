"""Round 16: compare's 'bootstrap' is the older spelling of 'percentile': one method, recorded
under one name, and a refusal lists the methods once."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import compare


def _pair(n=600):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    return y, rng.integers(0, 2, n), rng.integers(0, 2, n), rng.choice(["a", "b"], n)


def test_bootstrap_is_recorded_as_percentile_with_the_same_numbers():
    y, a, b, g = _pair()
    old = compare(y, a, b, g, ci="bootstrap", n_boot=100, random_state=0)
    new = compare(y, a, b, g, ci="percentile", n_boot=100, random_state=0)
    assert old.config["ci_method"] == new.config["ci_method"] == "percentile"
    assert old.to_json() == new.to_json()


def test_an_unknown_method_lists_each_method_once():
    y, a, b, g = _pair()
    with pytest.raises(EthicLensInputError) as err:
        compare(y, a, b, g, ci="bca", n_boot=100)
    # round 24: in the words every face uses (each method once, the older spelling said)
    older = "bootstrap: an older spelling of percentile"
    assert err.value.fix == f"use one of jeffreys, percentile ({older})"


def test_the_weighted_refusal_names_the_method_as_given():
    y, a, b, g = _pair()
    with pytest.raises(EthicLensInputError, match="value: 'bootstrap'"):
        compare(y, a, b, g, ci="bootstrap", sample_weight=np.ones(len(y)))
