"""Round 33 review: a comparison below a floor named as short a group whose Kish effective size
met the floor within its 1e-9 (float noise): 'n_eff = 100.0, below the floor of 100 (g:a)',
when only the reference (n_eff 50) was short."""

from __future__ import annotations

import numpy as np

import ethiclens


def test_a_group_that_met_its_floor_is_not_named_short():
    g = np.array(["a"] * 108 + ["b"] * 50)
    rng = np.random.default_rng(8)
    yt, yp = rng.integers(0, 2, 158), rng.integers(0, 2, 158)
    # 96 rows of 0.1 and 12 of 0.2: Kish n of a is 100, computed as 99.99999999999999
    w = np.concatenate([np.full(96, 0.1), np.full(12, 0.2), np.ones(50)])
    result = ethiclens.audit(
        yt, yp, sensitive_features={"g": g}, sample_weight=w, n_boot=100, reference={"g": "b"}
    )
    assert result.attributes[0].groups[0].n_effective < 100  # the noise is there
    reason = result.comparisons[0].metrics["disparate_impact"].reason
    assert reason == "n_eff = 50.0, below the floor of 100 (g:b)", reason
