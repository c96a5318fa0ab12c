"""Round 33 review: ``AuditResult.by_group()`` of a weighted audit showed only ``n`` (rows),
while its floors judged Kish effective rows (the JSON's ``n_effective``): a group of 300 rows
whose weights leave 36 effective rows read as far above a floor of 100. A weighted audit's
frame has ``n_effective`` beside ``n``; an unweighted audit's columns are unchanged."""

from __future__ import annotations

import json

import numpy as np
import pytest

import ethiclens


def _data(n=1500):
    rng = np.random.default_rng(4)
    g = rng.choice(["a", "b"], n, p=[0.8, 0.2])
    w = np.where(rng.random(n) < 0.05, 30.0, 1.0)
    return g, rng.integers(0, 2, n), rng.integers(0, 2, n), w


@pytest.mark.parametrize("intervals", [True, False])
def test_a_weighted_by_group_shows_the_effective_rows(intervals):
    g, yt, yp, w = _data()
    result = ethiclens.audit(yt, yp, sensitive_features={"g": g}, sample_weight=w, n_boot=100)
    frame = result.by_group(intervals=intervals)
    assert list(frame.columns[:2]) == ["n", "n_effective"]
    groups = json.loads(result.to_json())["attributes"][0]["groups"]
    for grp in groups:
        kish = w[g == grp["group"]].sum() ** 2 / (w[g == grp["group"]] ** 2).sum()
        assert frame.loc[("g", grp["group"]), "n_effective"] == pytest.approx(kish, rel=1e-12)
        assert frame.loc[("g", grp["group"]), "n_effective"] == grp["n_effective"]
    assert list(result.by_group("g").columns[:2]) == ["n", "n_effective"]


def test_an_unweighted_by_group_has_no_such_column():
    g, yt, yp, _ = _data()
    frame = ethiclens.audit(yt, yp, sensitive_features={"g": g}, n_boot=100).by_group()
    assert "n_effective" not in frame.columns
    assert list(frame.columns[:3]) == ["n", "positives", "negatives"]
