"""Round 33 review: an undefined B − A (no interval) named the bare interval method as its
``ci_method`` ('paired: Dirichlet(...)', as if an interval had been drawn), where the audit's
undefined estimate says '<method>: not reported, estimate undefined'."""

from __future__ import annotations

import json

import numpy as np

import ethiclens


def _data(n=600):
    rng = np.random.default_rng(0)
    g = np.array(["a"] * 300 + ["b"] * 200 + ["c"] * 100)
    return g, rng.integers(0, 2, n), rng.integers(0, 2, n), rng.integers(0, 2, n)


def _undefined(comp):
    return [
        d.difference
        for d in comp.differences + comp.group_differences
        if d.difference.status == "UNDEFINED"
    ]


def test_an_undefined_difference_says_its_interval_is_not_reported():
    g, yt, ya, yb = _data()
    w = np.where(g == "c", 0.0, 1.0)
    comp = ethiclens.compare(yt, ya, yb, sensitive_features={"g": g}, sample_weight=w, n_boot=100)
    undefined = _undefined(comp)
    assert undefined
    for m in undefined:
        assert m.ci_low is None and m.ci_high is None
        assert m.ci_method.startswith("paired, weighted: Dirichlet(")
        assert m.ci_method.endswith(": not reported, estimate undefined")
    text = json.dumps(json.loads(comp.to_json())["differences"])
    assert ": not reported, estimate undefined" in text
    # a defined difference keeps its method as it was
    defined = [d.difference for d in comp.differences if d.difference.ci_low is not None]
    assert defined and all("not reported" not in m.ci_method for m in defined)


def test_unweighted_and_unpaired_alike():
    g, yt, ya, yb = _data()
    yt = np.where(g == "c", 0, yt)  # no positive labels in c: its TPR is undefined
    for opts in ({}, {"ci": "percentile"}):
        comp = ethiclens.compare(yt, ya, yb, sensitive_features={"g": g}, n_boot=100, **opts)
        undefined = _undefined(comp)
        assert undefined
        assert all(m.ci_method.endswith(": not reported, estimate undefined") for m in undefined)
