"""Round 34 (P2NIA): ``blackbox_audit`` gives None, not NaN, for a metric it cannot define (a
group of the domain that no query holds): undefined is null, never NaN (``json.dumps`` wrote
``NaN``, which is no JSON); the experiment harness's tables read it as a missing estimate."""

from __future__ import annotations

import json

import pandas as pd

from ethiclens.experiments._p2nia_experiment import _row
from ethiclens.p2nia import blackbox_audit

DOMAINS = {"g": ["a", "b"], "x": (0.0, 1.0)}


def _model(q):
    return (q["x"] > 0.5).astype(int)


def test_a_group_no_query_holds_is_none():
    queries = pd.DataFrame({"g": ["a"] * 10, "x": [i / 10 for i in range(10)]})
    est = blackbox_audit(_model, DOMAINS, "g", 10, queries=queries, random_state=0)
    assert est == {"dp": None, "eopp": None, "eo": None}
    json.dumps(est, allow_nan=False)
    task = dict(dataset="d", model="m", rep=0, mechanism="blackbox", epsilon=0.0)
    row = _row(task, 10, "dp", est.get("dp"), 0.1, 0.0)
    assert row["estimate"] is None and row["abs_error"] is None


def test_defined_metrics_are_unchanged():
    queries = pd.DataFrame({"g": ["a", "b"] * 50, "x": [i / 100 for i in range(100)]})
    est = blackbox_audit(_model, DOMAINS, "g", 100, queries=queries, random_state=0)
    assert est == {
        "dp": 0.019999999999999962,
        "eopp": 0.03575989782886335,
        "eo": 0.08902691511387156,
    }
