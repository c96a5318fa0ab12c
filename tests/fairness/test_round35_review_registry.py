"""Round 35 review: a large audit works its metrics two at a time in threads (groups x draws
from ``THREADED_DRAWS`` on: 1,000 groups at B = 1,000); those threads read the run's copy of
the metric registry too, not the live one (was KeyError: a metric removed mid-audit)."""

import numpy as np
import pytest

import ethiclens
from ethiclens.fairness import (
    ComparisonMetric,
    GroupMetric,
    _engine,
    register_comparison_metric,
    register_group_metric,
    unregister_metric,
)

_REMOVE_MIDWAY = []


def _negative_share(cells, labelled):
    if _REMOVE_MIDWAY:  # as another thread would, after the run took its copy
        _REMOVE_MIDWAY.clear()
        unregister_metric("r35r_neg_ratio")
        unregister_metric("r35r_neg_share")
    cells = np.asarray(cells, float)
    neg = cells[..., 2] + cells[..., 3] if labelled else cells[..., 1]
    with np.errstate(all="ignore"):
        return np.where(cells.sum(-1) > 0, neg / cells.sum(-1), np.nan)


@pytest.fixture
def threaded_and_removed_midway(monkeypatch):
    monkeypatch.setattr(_engine, "THREADED_DRAWS", 1)  # the threads of a 1,000-group audit
    register_group_metric(GroupMetric("r35r_neg_share", "Neg.", _negative_share, False, "none"))
    spec = ComparisonMetric("r35r_neg_ratio", "Neg. ratio", "ratio", ("r35r_neg_share",), False)
    register_comparison_metric(spec)
    _REMOVE_MIDWAY.append(True)
    yield
    _REMOVE_MIDWAY.clear()
    unregister_metric("r35r_neg_ratio")
    unregister_metric("r35r_neg_share")


def _data():
    rng = np.random.default_rng(0)
    return rng.integers(0, 2, 300), rng.integers(0, 2, 300), rng.choice(["a", "b", "c"], 300)


@pytest.mark.parametrize("ci", ["jeffreys", "percentile"])
def test_threaded_audit_keeps_the_metrics_it_began_with(threaded_and_removed_midway, ci):
    y, p, g = _data()
    # was KeyError: 'r35r_neg_share' from a metric thread reading the live registry
    result = ethiclens.audit(y, p, sensitive_features=g, n_boot=100, ci=ci, random_state=0)
    assert all("r35r_neg_ratio" in c.metrics for c in result.comparisons)
    assert "r35r_neg_share" in result.attributes[0].groups[0].metrics


def test_threaded_audit_gives_the_numbers_of_one_thread(monkeypatch):
    y, p, g = _data()
    one = ethiclens.audit(y, p, sensitive_features=g, n_boot=100, random_state=0).to_dict()
    monkeypatch.setattr(_engine, "THREADED_DRAWS", 1)
    two = ethiclens.audit(y, p, sensitive_features=g, n_boot=100, random_state=0).to_dict()
    one.pop("provenance", None), two.pop("provenance", None)
    assert one == two
