"""An unbounded ratio (the reference's rate is 0) is null in the JSON, as an undefined one is:
its reason must say it is unbounded whatever its status (it had none when not FLAGGED)."""

import json

import numpy as np
import pandas as pd

import ethiclens.fairness as f


def _data(n_per_group=400):
    rng = np.random.default_rng(1)
    g = pd.Series(["a"] * n_per_group + ["b"] * n_per_group, name="g")
    y = rng.integers(0, 2, 2 * n_per_group)
    p = rng.integers(0, 2, 2 * n_per_group)
    p[:n_per_group] = 0  # the reference 'a' is never selected
    return y, p, g


def _di_json(result):
    return json.loads(result.to_json())["comparisons"][0]["metrics"]["disparate_impact"]


def test_unbounded_di_read_pass_by_below_rule_says_why_it_is_null():
    y, p, g = _data()
    r = f.audit(y, p, g, reference="a", di_rule="below", random_state=0, n_boot=100)
    di = _di_json(r)
    assert di["value"] is None and di["status"] == f.PASS
    assert "unbounded" in di["reason"] and "'a'" not in di["reason"]
    assert di["reason"].startswith("a has selection rate 0")


def test_unbounded_di_below_the_floor_says_unbounded_and_the_floor():
    y, p, g = _data(40)
    r = f.audit(y, p, g, reference="a", random_state=0, n_boot=100)
    di = _di_json(r)
    assert di["value"] is None and di["status"] == f.INSUFFICIENT_DATA
    assert "unbounded" in di["reason"] and "below the floor" in di["reason"]


def test_flagged_unbounded_di_reason_unchanged():
    y, p, g = _data()
    r = f.audit(y, p, g, reference="a", random_state=0, n_boot=100)
    di = _di_json(r)
    assert di["status"] == f.FLAGGED
    assert di["reason"].startswith("a is never selected, so DI is unbounded; DI interval")
    assert di["reason"].count("unbounded") == 1


def test_registered_ratio_unbounded_has_reason():
    def tnr(c, labelled):
        den = c[..., 1] + c[..., 3]
        with np.errstate(all="ignore"):
            return np.where(den > 0, c[..., 3] / np.where(den > 0, den, 1), np.nan)

    f.register_group_metric(f.GroupMetric("r39_tnr", "TNR", tnr, True, "no negative labels"))
    try:
        f.register_comparison_metric(
            f.ComparisonMetric("r39_tnr_ratio", "TNR ratio", "ratio", ("r39_tnr",), "negative")
        )
        y, p, g = _data()
        p = 1 - p  # 'a' always predicted positive: its TNR is 0, 'b''s is not
        r = f.audit(y, p, g, reference="a", random_state=0, n_boot=100)
        m = json.loads(r.to_json())["comparisons"][0]["metrics"]["r39_tnr_ratio"]
        assert m["value"] is None and m["status"] == f.REPORTED
        assert m["reason"] == "a has tnr 0, so the ratio is unbounded (inf; null in JSON)"
        assert r.comparisons[0].metrics["r39_tnr_ratio"].value == np.inf
    finally:
        f.unregister_metric("r39_tnr_ratio")
        f.unregister_metric("r39_tnr")
