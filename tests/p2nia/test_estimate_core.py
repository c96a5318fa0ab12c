"""P2NIA estimates through the fairness core: same point estimates as the former formulas,
intervals that contain the estimate and cover the truth, the audit's statuses, the schema."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.fairness import INSUFFICIENT_DATA, REPORTED, UNDEFINED, Policy
from ethiclens.p2nia import (
    estimate,
    load_estimate_schema,
    make_request,
    release,
    response_matrix,
    validate_estimate_output,
)
from ethiclens.p2nia._metrics import joint_from_codes, metrics_from_joint


@pytest.fixture(scope="module")
def platform():
    rng = np.random.default_rng(0)
    n = 30_000
    a = rng.choice(["F", "M"], n, p=[0.4, 0.6])
    y = (rng.random(n) < np.where(a == "F", 0.3, 0.5)).astype(int)
    tpr, fpr = np.where(a == "F", 0.6, 0.8), np.where(a == "F", 0.1, 0.2)
    p = np.where(y == 1, rng.random(n) < tpr, rng.random(n) < fpr).astype(int)
    return pd.DataFrame({"sex": a, "y": y, "p": p})


# --- the former estimator, verbatim: loops over groups, one projection per joint -------------


def _old_cond(num, den):
    return num / den if den > 0 else np.nan


def _old_max_gap(values):
    if any(np.isnan(v) for v in values):
        return np.nan
    return float(max(values) - min(values))


def _old_metrics_from_joint(joint, metrics=("dp", "eo", "eopp")):
    out = {}
    if joint.ndim == 2:
        joint = joint[:, None, :]
    if "dp" in metrics:
        out["dp"] = _old_max_gap(
            [_old_cond(joint[a, :, 1].sum(), joint[a].sum()) for a in range(joint.shape[0])]
        )
    if joint.shape[1] == 2:
        tpr = [_old_cond(joint[a, 1, 1], joint[a, 1].sum()) for a in range(joint.shape[0])]
        fpr = [_old_cond(joint[a, 0, 1], joint[a, 0].sum()) for a in range(joint.shape[0])]
        if "eopp" in metrics:
            out["eopp"] = _old_max_gap(tpr)
        if "eo" in metrics:
            gaps = [_old_max_gap(tpr), _old_max_gap(fpr)]
            out["eo"] = np.nan if any(np.isnan(g) for g in gaps) else max(gaps)
    return out


def _old_project(v):
    v = np.asarray(v, float).ravel()
    u = np.sort(v)[::-1]
    css = np.cumsum(u)
    rho = np.nonzero(u * np.arange(1, len(v) + 1) > (css - 1))[0][-1]
    theta = (css[rho] - 1) / (rho + 1.0)
    return np.maximum(v - theta, 0)


def _old_point(rel):
    m, t = rel.manifest, rel.table
    prot = m["roles"]["protected"]
    dom = [str(v) for v in m["columns"][prot]["domain"]]
    a = pd.Categorical(t[prot].astype(str), categories=dom).codes
    yhat = t["Y_hat"].to_numpy().astype(int)
    n_a, cols = len(dom), m["columns"]
    if not m["roles"]["label"]:
        joint = np.bincount(a * 2 + yhat, minlength=n_a * 2).astype(float)
        joint = (joint / joint.sum()).reshape(n_a, 2)
        mats = [
            response_matrix(cols[prot]["epsilon"], n_a),
            response_matrix(cols["Y_hat"]["epsilon"], 2),
        ]
    else:
        joint = joint_from_codes(a, t["Y"].to_numpy().astype(int), yhat, n_a)
        mats = [
            response_matrix(cols[prot]["epsilon"], n_a),
            response_matrix(cols["Y"]["epsilon"], 2),
            response_matrix(cols["Y_hat"]["epsilon"], 2),
        ]
    if m["mechanism"] == "grr":
        M = mats[0]
        for x in mats[1:]:
            M = np.kron(M, x)
        joint = _old_project(np.linalg.solve(M, joint.ravel())).reshape(joint.shape)
    return _old_metrics_from_joint(joint, m["request"]["metrics"])


@pytest.mark.parametrize(
    "metrics,epsilon,accounting,n,seed",
    [
        (["dp", "eo", "eopp"], 1.0, "record", 5000, 0),
        (["dp", "eo", "eopp"], 10.0, "record", 2000, 1),
        (["dp"], 1.0, "record", 5000, 2),
        (["dp"], 0.5, "per-column", 3000, 3),
        (["dp", "eo", "eopp"], 3.0, "per-column", 1000, 4),
        (["eo"], 2.0, "record", 800, 5),
    ],
)
def test_point_estimates_equal_the_former_formula(platform, metrics, epsilon, accounting, n, seed):
    req = make_request(n, "sex", metrics=metrics, epsilon=epsilon, accounting=accounting)
    rel = release(req, platform, "y", "p", random_state=seed)
    new = estimate(rel, n_boot=0).values
    old = _old_point(rel)
    assert set(new) == set(old)
    for k, v in old.items():
        if np.isnan(v):
            assert new[k]["value"] is None and new[k]["status"] == UNDEFINED
        else:
            assert new[k]["value"] == pytest.approx(v, abs=1e-12), k


def test_metrics_from_joint_matches_the_former_loops():
    rng = np.random.default_rng(3)
    for n_a in (2, 3, 5):
        for _ in range(20):
            joint = rng.dirichlet(np.ones(n_a * 4)).reshape(n_a, 2, 2)
            if rng.random() < 0.3:
                joint[rng.integers(n_a), 1, :] = 0  # a group without positive labels
                joint /= joint.sum()
            new, old = metrics_from_joint(joint), _old_metrics_from_joint(joint)
            for k in old:
                assert (np.isnan(new[k]) and np.isnan(old[k])) or abs(new[k] - old[k]) < 1e-12
            flat = joint.sum(axis=1)
            assert metrics_from_joint(flat)["dp"] == pytest.approx(
                _old_metrics_from_joint(flat)["dp"], abs=1e-12
            )


def _truth(df):
    codes = pd.Categorical(df.sex, categories=["F", "M"]).codes
    return metrics_from_joint(joint_from_codes(codes, df.y, df.p, 2))


def test_grr_intervals_cover_the_truth_in_a_small_simulation(platform):
    """40 GRR releases at ε = 4 (record) of 3,000 rows: the 95% intervals of DP and EO cover
    the platform's true values in most runs, and every interval contains its estimate."""
    truth = _truth(platform)
    covered = {"dp": 0, "eo": 0}
    runs = 40
    for r in range(runs):
        req = make_request(3000, "sex", metrics=["dp", "eo"], epsilon=4.0)
        est = estimate(release(req, platform, "y", "p", random_state=100 + r), n_boot=300)
        for k in covered:
            v = est.values[k]
            assert v["status"] == REPORTED and v["ci_low"] <= v["value"] <= v["ci_high"]
            covered[k] += v["ci_low"] <= truth[k] <= v["ci_high"]
    for k, c in covered.items():
        assert c >= 0.8 * runs, (k, c)  # nominal 95%; 80% of 40 leaves room for chance


def test_intervals_contain_the_estimate_at_the_boundary():
    """No positive prediction in either group: DP is exactly 0 and its interval contains it
    (the Jeffreys path, where the extension is named, is tested in test_mechanisms)."""
    n = 2000
    data = pd.DataFrame({"sex": ["F", "M"] * (n // 2), "y": [0, 1, 1, 0] * (n // 4), "p": 0})
    rel = release(
        make_request(n, "sex", metrics=["dp"], epsilon=60.0), data, "y", "p", random_state=0
    )
    v = estimate(rel, n_boot=300).values["dp"]
    assert v["value"] == pytest.approx(0.0, abs=1e-9)
    assert v["ci_low"] <= v["value"] <= v["ci_high"]


def test_statuses_follow_the_core_vocabulary(platform):
    small = release(make_request(150, "sex", epsilon=10.0), platform, "y", "p", random_state=0)
    est = estimate(small, n_boot=100)
    for v in est.values.values():
        assert v["status"] == INSUFFICIENT_DATA
        assert v["ci_low"] is None and v["ci_high"] is None and "below the floor of" in v["reason"]
    assert "n = " in est.values["dp"]["reason"] and "floor of 100" in est.values["dp"]["reason"]
    relaxed = estimate(small, n_boot=100, policy=Policy(min_group_size=10, min_label_count=5))
    assert relaxed.values["dp"]["status"] == REPORTED
    assert relaxed.values["dp"]["value"] == est.values["dp"]["value"]
    # A strong randomisation at ε = 0.3 can leave a group with no mass after debiasing: too
    # little data for that ε (the release holds the group's rows), not an undefined metric.
    degenerate = [
        v
        for seed in range(10)
        for v in estimate(
            release(make_request(2000, "sex", epsilon=0.3), platform, "y", "p", random_state=seed),
            n_boot=0,
        ).values.values()
        if v["value"] is None
    ]
    assert degenerate, "expected at least one estimate without mass at ε = 0.3"
    for v in degenerate:
        assert v["status"] == INSUFFICIENT_DATA and v["ci_low"] is None, v
        assert "request more rows (--n) or a larger ε" in v["reason"], v


def test_estimate_json_follows_the_versioned_schema(platform):
    schema = load_estimate_schema()
    assert schema["properties"]["schema_version"]["enum"] == ["1.0", "1.1"]  # 1.1: additive
    for req in (
        make_request(2000, "sex", epsilon=2.0),
        make_request(2000, "sex", metrics=["dp"], epsilon=1.0, accounting="per-column"),
        make_request(120, "sex", epsilon=1.0),
    ):
        doc = json.loads(
            json.dumps(
                estimate(release(req, platform, "y", "p", random_state=0), n_boot=100).to_dict()
            )
        )
        validate_estimate_output(doc)
        assert doc["schema_version"] == "1.1"
    import jsonschema

    doc["metrics"]["dp"]["status"] = "OK"
    with pytest.raises(jsonschema.ValidationError):
        validate_estimate_output(doc)


def test_bad_policy_and_level_are_refused(platform):
    from ethiclens import EthicLensInputError

    rel = release(make_request(1000, "sex", epsilon=5.0), platform, "y", "p", random_state=0)
    with pytest.raises(EthicLensInputError, match="Policy"):
        estimate(rel, policy={"min_group_size": 5})
    with pytest.raises(EthicLensInputError, match="'level': must be a number strictly between 0.5"):
        estimate(rel, level=95)
    narrow = estimate(rel, n_boot=300, level=0.6).values["dp"]
    wide = estimate(rel, n_boot=300, level=0.99).values["dp"]
    assert wide["ci_high"] - wide["ci_low"] > narrow["ci_high"] - narrow["ci_low"]


def test_estimate_repr_html_parses_and_shows_statuses(platform):
    import xml.etree.ElementTree as ET

    big = estimate(
        release(make_request(2000, "sex", epsilon=2.0), platform, "y", "p", random_state=0),
        n_boot=100,
    )
    small = estimate(
        release(make_request(150, "sex", epsilon=10.0), platform, "y", "p", random_state=0),
        n_boot=100,
    )
    for est in (big, small):
        html = est._repr_html_()
        root = ET.fromstring(html)  # well-formed
        cells = [c.text or "" for c in root.iter("td")]
        for name, v in est.values.items():
            assert name in cells
            assert v["status"] in html  # the status word's title, beside its words
        assert "ε = " in html and "P2NIA" in html
        text = repr(est)
        assert text.startswith("Estimate(") and len(text) < 600
        assert all(f"[{v['status']}]" in text for v in est.values.values())
    assert "reported" in big._repr_html_() and "insufficient data" in small._repr_html_()
    assert "below the floor" in small._repr_html_()
