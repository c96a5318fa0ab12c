"""Round 35: a run reads the metric registry as it was when it began, so a metric another
thread registers or removes meanwhile (a notebook's, a server's) cannot break it."""

import numpy as np
import pytest

import ethiclens
from ethiclens.fairness import (
    COMPARISON_METRIC_SPECS,
    ComparisonMetric,
    GroupMetric,
    register_comparison_metric,
    register_group_metric,
    unregister_metric,
)

_REMOVE_MIDWAY = []


def _negative_share(cells, labelled):
    if _REMOVE_MIDWAY:  # as another thread would, while the audit runs
        _REMOVE_MIDWAY.clear()
        unregister_metric("r35_neg_ratio")
        unregister_metric("r35_neg_share")
    cells = np.asarray(cells, float)
    neg = cells[..., 2] + cells[..., 3] if labelled else cells[..., 1]
    with np.errstate(all="ignore"):
        return np.where(cells.sum(-1) > 0, neg / cells.sum(-1), np.nan)


@pytest.fixture
def removed_midway():
    register_group_metric(GroupMetric("r35_neg_share", "Neg.", _negative_share, False, "no rows"))
    spec = ComparisonMetric("r35_neg_ratio", "Neg. ratio", "ratio", ("r35_neg_share",), False)
    register_comparison_metric(spec)
    _REMOVE_MIDWAY.append(True)
    yield
    _REMOVE_MIDWAY.clear()
    unregister_metric("r35_neg_ratio")
    unregister_metric("r35_neg_share")


def _data():
    rng = np.random.default_rng(0)
    return rng.integers(0, 2, 300), rng.integers(0, 2, 300), rng.choice(["a", "b"], 300)


def test_audit_keeps_the_metrics_it_began_with(removed_midway):
    y, p, g = _data()
    # was KeyError: 'r35_neg_share' from the engine's next look at the registry
    result = ethiclens.audit(y, p, sensitive_features=g, n_boot=100, random_state=0)
    assert "r35_neg_ratio" in result.comparisons[0].metrics
    assert "r35_neg_ratio" not in COMPARISON_METRIC_SPECS  # the removal took effect after it


def test_compare_keeps_the_metrics_it_began_with(removed_midway):
    y, p, g = _data()
    q = np.where(np.arange(300) < 30, 1 - p, p)
    comp = ethiclens.compare(y, p, q, sensitive_features=g, n_boot=100, random_state=0)
    assert {d.metric for d in comp.differences} >= {"r35_neg_ratio"}
