"""Round 35: a floor reason prints its counts as the report does (1,500, not 1500)."""

import numpy as np

import ethiclens


def _reasons(**kw) -> set[str]:
    rng = np.random.default_rng(0)
    group = np.array(["a"] * 1100 + ["b"] * 1000)
    y, p = rng.integers(0, 2, 2100), rng.integers(0, 2, 2100)
    policy = ethiclens.Policy(min_group_size=1100, min_label_count=1000)
    result = ethiclens.audit(
        y, p, sensitive_features=group, n_boot=100, random_state=0, policy=policy, **kw
    )
    return {m.reason for c in result.comparisons for m in c.metrics.values()}


def test_row_and_label_floors_print_thousands_separators():
    reasons = _reasons()
    assert "n = 1,000, below the floor of 1,100 (sensitive_feature_0:b)" in reasons
    assert any(
        "labels, below the floor of 1,000 each (sensitive_feature_0:b)" in r for r in reasons
    )


def test_weighted_floor_prints_its_effective_count_grouped():
    reasons = _reasons(sample_weight=np.full(2100, 1.5))
    assert "n_eff = 1,000.0, below the floor of 1,100 (sensitive_feature_0:b)" in reasons
