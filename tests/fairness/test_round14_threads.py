"""Issue 22, item 3: at many groups the audit works its metrics two at a time in threads
(``_engine.THREADED_DRAWS``); the numbers must be those of one thread, bit for bit."""

import json

import numpy as np
import pytest

import ethiclens
from ethiclens.fairness import _engine


def _data(n_rows=6_000, n_groups=40, seed=0):
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, n_groups, n_rows)
    y = (rng.random(n_rows) < np.linspace(0.3, 0.6, n_groups)[codes]).astype(int)
    p = np.where(y == 1, rng.random(n_rows) < 0.7, rng.random(n_rows) < 0.2).astype(int)
    score = np.clip(0.6 * p + 0.4 * rng.random(n_rows), 0, 1)
    weight = rng.random(n_rows) + 0.1
    groups = np.array([f"g{i}" for i in range(n_groups)])[codes]
    return y, p, groups, score, weight


def _report(monkeypatch, threshold, **kw):
    monkeypatch.setattr(_engine, "THREADED_DRAWS", threshold)
    y, p, groups, score, weight = _data()
    extra = {"y_score": score} if kw.pop("scores", False) else {}
    if kw.pop("weighted", False):
        extra["sample_weight"] = weight
    result = ethiclens.audit(y, p, groups, random_state=3, **extra, **kw)
    out = json.loads(result.to_json())
    out.pop("run", None)
    return out


@pytest.mark.parametrize(
    "kw",
    [
        {"n_boot": 400},
        {"n_boot": 200, "ci": "bca"},
        {"n_boot": 200, "ci": "percentile", "weighted": True},
        {"n_boot": 300, "weighted": True, "scores": True},
    ],
    ids=["jeffreys", "bca", "percentile-weighted", "jeffreys-weighted-scores"],
)
def test_threaded_metrics_give_the_numbers_of_one_thread(monkeypatch, kw):
    one = _report(monkeypatch, 10**15, **dict(kw))
    two = _report(monkeypatch, 1, **dict(kw))  # every attribute threaded
    assert one == two
    # the comparison intervals exist (the check compares real numbers, not nulls)
    reported = [
        m["ci_low"]
        for c in one["comparisons"]
        for m in c["metrics"].values()
        if m.get("ci_low") is not None
    ]
    assert len(reported) > 100
