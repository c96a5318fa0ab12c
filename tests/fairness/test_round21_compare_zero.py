"""Round 21: B − A of a metric the model cannot change (the base rate, and any comparison built
only of such metrics) is exactly 0 with interval [0, 0], in every draw mode; it came out
±1e-17 (the two models' cells are the joint cells summed in different orders) and printed
``0.000 [-0.000, 0.000]``."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.fairness import (
    ComparisonMetric,
    GroupMetric,
    compare,
    register_comparison_metric,
    register_group_metric,
    unregister_metric,
)
from ethiclens.fairness._metrics import GROUP_METRIC_SPECS


def _data(n=997):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, n)
    return y, rng.integers(0, 2, n), rng.integers(0, 2, n), rng.choice(["a", "b", "c"], n)


def _exact_zero(d):
    m = d.difference
    assert (m.value, m.ci_low, m.ci_high) == (0.0, 0.0, 0.0), (d.group, d.metric, m)
    # each model's value is its own audit's (round 14), which may differ in the last bit
    assert d.value_a == pytest.approx(d.value_b, rel=1e-9, abs=1e-12)
    assert not d.excludes_zero


MODES = [
    {},
    {"ci": "percentile"},
    {"paired": False},
    {"sample_weight": "w"},
    {"sample_weight": "w", "paired": False},
]


@pytest.mark.parametrize("mode", MODES, ids=lambda m: ",".join(f"{k}={v}" for k, v in m.items()))
def test_base_rate_difference_is_exactly_zero(mode):
    y, a, b, g = _data()
    if mode.get("sample_weight") == "w":
        mode = {**mode, "sample_weight": np.random.default_rng(1).uniform(0.1, 3.0, len(y))}
    result = compare(y, a, b, g, n_boot=300, random_state=0, **mode)
    rows = [d for d in result.group_differences if d.metric == "base_rate"]
    assert len(rows) == 3
    for d in rows:
        _exact_zero(d)
    frame = result.to_frame()  # the other metrics still move
    assert (frame["ci_high"] - frame["ci_low"]).max() > 0


def test_only_the_base_rate_is_model_free_among_the_built_ins():
    from ethiclens.fairness._compare import model_free

    free = [name for name, spec in GROUP_METRIC_SPECS.items() if model_free(spec)]
    assert free == ["base_rate"]


@pytest.fixture
def label_share():
    def negative_label_share(cells, labelled):
        cells = np.asarray(cells, float)
        with np.errstate(all="ignore"):
            n = cells.sum(-1)
            return np.where(n > 0, (cells[..., 1] + cells[..., 3]) / n, np.nan)

    register_group_metric(
        GroupMetric(
            "negative_label_share", "Negative label share", negative_label_share, True, "no rows"
        )
    )
    register_comparison_metric(
        ComparisonMetric(
            "negative_label_gap",
            "Negative label gap",
            "difference",
            ("negative_label_share",),
            True,
        )
    )
    yield
    unregister_metric("negative_label_gap")
    unregister_metric("negative_label_share")


def test_a_users_label_only_metric_and_its_comparison_cancel_exactly(label_share):
    y, a, b, g = _data()
    result = compare(y, a, b, g, n_boot=300, random_state=0)
    rows = [d for d in result.group_differences if d.metric == "negative_label_share"]
    rows += [d for d in result.differences if d.metric == "negative_label_gap"]
    assert len(rows) == 5
    for d in rows:
        _exact_zero(d)
