"""Round 40: the threshold table gives each DI/EO verdict the audit's reason (an unbounded DI
was ``di: null`` with no why; a withheld or undefined one said nothing either)."""

import json

import numpy as np

import ethiclens as el
import ethiclens.fairness  # noqa: F401 - imported at collection, not in the first test

G = np.array(["a"] * 30 + ["b"] * 200 + ["c"] * 150)
S = np.r_[np.full(30, 0.9), np.full(200, 0.1), np.full(150, 0.1)]
Y = np.r_[np.zeros(30), np.ones(100), np.zeros(100), np.ones(75), np.zeros(75)].astype(int)
KW = dict(reference={"g": "b"}, n_boot=100, random_state=0)


def _audit_reasons(weights=None):
    r = el.audit(Y, (S >= 0.5).astype(int), {"g": G}, sample_weight=weights, **KW)
    return {
        (c.group, k): c.metrics[m].reason
        for c in r.comparisons
        for k, m in (("di", "disparate_impact"), ("eo", "equalized_odds_difference"))
    }


def test_reasons_are_the_audits_at_the_audited_threshold():
    for w in (None, np.linspace(0.5, 2, len(S))):
        t = el.threshold_table(Y, S, {"g": G}, sample_weight=w, thresholds=[0.5], **KW)
        rows = t.frame[t.frame["group"] != "b"].set_index("group")
        for (group, key), reason in _audit_reasons(w).items():
            got = rows.loc[group, f"{key}_reason"]
            assert (got if isinstance(got, str) else None) == reason
    doc = json.loads(t.to_json())
    a = next(r for r in doc["rows"] if r["group"] == "a")
    assert a["di"] is None and "unbounded" in a["di_reason"]
    assert next(r for r in doc["rows"] if r["group"] == "b")["di_reason"] is None


def test_flagged_and_unlabelled_reasons():
    t = el.threshold_table(None, S, {"g": G}, thresholds=[0.5], **KW)
    rows = t.frame.set_index("group")
    assert rows.loc["c", "di_reason"].startswith("both groups have selection rate 0")
    assert rows.loc["a", "eo_reason"] is None  # no labels: no EO
    big = np.r_[np.full(300, 0.9), np.full(300, 0.1)]
    two = {"g": np.repeat(["x", "y"], 300)}
    t = el.threshold_table(None, big, two, thresholds=[0.5], n_boot=100, reference={"g": "y"})
    x = t.frame.set_index("group").loc["x"]
    assert x["di_status"] == "FLAGGED" and "unbounded" in x["di_reason"]
    assert "lies entirely outside" in x["di_reason"]
