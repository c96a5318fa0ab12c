"""Round 14: names a comparison key cannot tell apart, and an exclusion of a merged group."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import sources
from ethiclens.errors import EthicLensInputError


def _labels(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng, rng.integers(0, 2, n), rng.integers(0, 2, n)


def test_clashing_comparison_keys_are_refused_on_rows_and_counts():
    rng, y, p = _labels(600)
    frame = pd.DataFrame(
        {"g": rng.choice(["a:x", "b", "zz"], 600), "g:a": rng.choice(["x", "w"], 600)}
    )
    with pytest.raises(EthicLensInputError, match="would both be named 'g:a:x'"):
        ethiclens.audit(y, p, frame, n_boot=100)
    counts = sources.counts_of(
        frame.assign(y=y, p=p),
        sources.Roles(y_true="y", y_pred="p", protected=("g", "g:a")),
    )
    with pytest.raises(EthicLensInputError, match="would both be named 'g:a:x'"):
        ethiclens.audit_counts(counts, n_boot=100)


def test_a_colon_without_a_clash_is_kept():
    rng, y, p = _labels(400)
    result = ethiclens.audit(y, p, {"time": rng.choice(["12:00", "13:00"], 400)}, n_boot=100)
    assert {c.group for c in result.comparisons} <= {"12:00", "13:00"}


def test_excluding_a_group_merged_away_names_the_merge():
    rng, y, p = _labels(600)
    g = rng.choice(["a", "b", "c"], 600)
    with pytest.raises(EthicLensInputError, match="'c' was merged into 'x'") as err:
        ethiclens.audit(
            y,
            p,
            {"g": g},
            merge_groups={"g": {"x": ["a", "c"]}},
            exclude_groups={"g": ["c"]},
            n_boot=100,
        )
    assert "exclude 'x' instead" in str(err.value)
