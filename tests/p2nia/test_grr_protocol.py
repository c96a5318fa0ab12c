"""GRR release and estimation, the protocol's files, the black-box baseline, Theorem 2.1."""

import json
import math

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.p2nia import (
    blackbox_audit,
    debias,
    estimate,
    keep_probability,
    make_request,
    project_to_simplex,
    randomize,
    read_release,
    release,
    response_matrix,
    write_release,
)
from ethiclens.p2nia._grr import max_likelihood_ratio
from ethiclens.p2nia._metrics import joint_from_codes, metrics_from_joint


@pytest.fixture(scope="module")
def platform():
    rng = np.random.default_rng(0)
    n = 30_000
    a = rng.choice(["F", "M"], n, p=[0.4, 0.6])
    y = (rng.random(n) < np.where(a == "F", 0.3, 0.5)).astype(int)
    tpr, fpr = np.where(a == "F", 0.6, 0.8), np.where(a == "F", 0.1, 0.2)
    p = np.where(y == 1, rng.random(n) < tpr, rng.random(n) < fpr).astype(int)
    return pd.DataFrame({"sex": a, "y": y, "p": p, "age": rng.integers(18, 80, n)})


def _truth(df):
    codes = pd.Categorical(df.sex, categories=["F", "M"]).codes
    return metrics_from_joint(joint_from_codes(codes, df.y, df.p, 2))


@pytest.mark.parametrize("k", [2, 3, 7])
@pytest.mark.parametrize("epsilon", [0.1, 1.0, 4.0])
def test_response_matrix_is_exactly_epsilon_ldp(k, epsilon):
    M = response_matrix(epsilon, k)
    assert np.allclose(M.sum(axis=0), 1)  # a distribution over reports for every true value
    assert max_likelihood_ratio(M) == pytest.approx(math.exp(epsilon), rel=1e-12)
    assert M[0, 0] == pytest.approx(keep_probability(epsilon, k))


def test_randomize_follows_the_response_matrix():
    rng = np.random.default_rng(1)
    reports = randomize(np.zeros(200_000, int), 1.0, 4, rng)
    freq = np.bincount(reports, minlength=4) / len(reports)
    assert np.allclose(freq, response_matrix(1.0, 4)[:, 0], atol=0.004)


@pytest.mark.parametrize("epsilon", [0.5, 2.0, 10.0])
def test_grr_joint_estimator_is_unbiased(platform, epsilon):
    """The inverted (A, Y, Ŷ) joint is unbiased at every ε: mean error over releases -> 0."""
    codes = pd.Categorical(platform.sex, categories=["F", "M"]).codes
    truth = joint_from_codes(codes, platform.y, platform.p, 2)
    errors = []
    for r in range(200):
        rel = release(
            make_request(5000, "sex", epsilon=epsilon), platform, "y", "p", random_state=r
        )
        m = rel.manifest["columns"]
        observed = joint_from_codes(
            pd.Categorical(rel.table.sex, categories=["F", "M"]).codes,
            rel.table.Y,
            rel.table.Y_hat,
            2,
        )
        mats = [response_matrix(m[c]["epsilon"], m[c]["k"]) for c in ("sex", "Y", "Y_hat")]
        errors.append(debias(observed, mats, project=False) - truth)
    errors = np.asarray(errors)
    z = errors.mean(0) / (errors.std(0, ddof=1) / np.sqrt(len(errors)))
    assert np.all(np.abs(z) < 4), z  # every cell's mean error within 4 standard errors of 0


@pytest.mark.parametrize("epsilon", [5.0, 10.0])
def test_grr_metric_error_shrinks_to_zero(platform, epsilon):
    truth = _truth(platform)
    errors = {"dp": [], "eo": []}
    for r in range(60):
        rel = release(
            make_request(5000, "sex", epsilon=epsilon), platform, "y", "p", random_state=r
        )
        est = estimate(rel, n_boot=0)
        for m in errors:
            errors[m].append(est.values[m]["value"] - truth[m])
    for m, errs in errors.items():
        errs = np.asarray(errs)
        assert abs(errs.mean()) < 0.02 + 3 * errs.std(ddof=1) / np.sqrt(len(errs)), (m, errs)


def test_debias_inverts_exactly_without_sampling_noise():
    true = np.array([0.1, 0.05, 0.2, 0.15, 0.05, 0.1, 0.25, 0.1]).reshape(2, 2, 2)
    mats = [response_matrix(1.0, 2), response_matrix(0.5, 2), response_matrix(2.0, 2)]
    M = np.kron(np.kron(mats[0], mats[1]), mats[2])
    observed = (M @ true.ravel()).reshape(2, 2, 2)
    assert np.allclose(debias(observed, mats), true)
    proj = project_to_simplex(np.array([0.7, 0.5, -0.2]))
    assert proj.min() >= 0 and proj.sum() == pytest.approx(1)


def test_release_files_roundtrip_and_tampering(platform, tmp_path):
    req = make_request(2000, "sex", epsilon=3.0, metrics=["dp", "eo", "eopp"])
    out = write_release(release(req, platform, "y", "p", random_state=0), tmp_path / "rel")
    rel = read_release(out)
    m = rel.manifest
    assert m["rows"] == 2000 and set(rel.table.columns) == {"sex", "Y", "Y_hat"}
    assert sum(c["epsilon"] for k, c in m["columns"].items() if not k.startswith("_")) == (
        pytest.approx(3.0)
    )
    assert "3-LDP" in m["columns"]["_composition"] and "age" not in rel.table
    est = estimate(rel, n_boot=100)
    assert "GRR release of 2000 rows at ε = 3" in est.basis
    assert all(v["ci_method"].startswith("percentile bootstrap") for v in est.values.values())
    table = out / "release.csv"
    table.write_text(table.read_text().replace("M,", "F,", 1))
    with pytest.raises(EthicLensInputError, match="does not match the SHA-256"):
        read_release(out)
    write_release(release(req, platform, "y", "p", random_state=0), out, replace=True)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["epsilon"] = 0.5  # claim more privacy than was applied
    (out / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(EthicLensInputError, match="manifest does not match"):
        read_release(out)


def test_dp_only_request_releases_no_label(platform):
    rel = release(
        make_request(1000, "sex", metrics=["dp"], epsilon=2.0), platform, None, "p", random_state=0
    )
    assert set(rel.table.columns) == {"sex", "Y_hat"}
    assert rel.manifest["columns"]["sex"]["epsilon"] == 1.0
    with pytest.raises(EthicLensInputError, match="need Y"):
        estimate(rel, metrics=["eo"])


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(epsilon=0), "ε must be"),
        (dict(epsilon=float("inf")), "ε must be"),
        (dict(epsilon=-1), "ε must be"),
        (dict(metrics=["dp", "acc"]), "unknown metric"),
        (dict(protected_domain=["F"]), "two or more groups"),
    ],
)
def test_bad_requests(kwargs, message):
    with pytest.raises(EthicLensInputError, match=message):
        make_request(100, "sex", **{"epsilon": 1.0, **kwargs})


def test_bad_releases(platform):
    with pytest.raises(EthicLensInputError, match="exceeds the 30000 audit rows.*never"):
        release(make_request(40_000, "sex", epsilon=1.0), platform, "y", "p")
    single = platform.assign(sex="F")
    with pytest.raises(EthicLensInputError, match="single value"):
        release(make_request(100, "sex", epsilon=1.0), single, "y", "p")
    with pytest.raises(EthicLensInputError, match="need the label Y"):
        release(make_request(100, "sex", metrics=["eo"], epsilon=1.0), platform, None, "p")


def test_blackbox_uniform_queries_are_biased_by_population(platform):
    """The platform's model depends on age; uniform queries over a different age range see a
    different population and estimate a different DP."""

    def predict(q):
        return ((q["age"] > 50) & (q["sex"] == "M")).astype(int).to_numpy()

    truth = metrics_from_joint(
        joint_from_codes(
            pd.Categorical(platform.sex, categories=["F", "M"]).codes,
            platform.y,
            predict(platform),
            2,
        )
    )["dp"]
    est = blackbox_audit(
        predict,
        {"sex": ["F", "M"], "age": (18, 100)},
        "sex",
        20_000,
        metrics=["dp"],
        random_state=0,
    )["dp"]
    assert abs(est - truth) > 0.1  # uniform age 18-100 vs the platform's 18-80


@pytest.mark.parametrize("alpha", [0.05, 0.2, 0.5])
def test_theorem_2_1_population_bias_is_exactly_alpha(alpha):
    """The paper's construction: D and D' at total-variation distance α; model
    M(x) = (1 − b)·1[c > 1/2] + b·a has DP 0 under D and α under D'."""
    # Exact distributions over (a, b) with c ~ U(0, 1) independent: P(c > 1/2) = 1/2.
    D = {(1, 1): 0, (0, 1): 0, (1, 0): 0.5, (0, 0): 0.5}
    Dp = {(1, 1): alpha / 2, (0, 1): alpha / 2, (1, 0): (1 - alpha) / 2, (0, 0): (1 - alpha) / 2}
    tv = 0.5 * sum(abs(D[k] - Dp[k]) for k in D)
    assert tv == pytest.approx(alpha)

    def dp(dist):
        rate = {}
        for a in (0, 1):
            mass = sum(p for (aa, _), p in dist.items() if aa == a)
            pos = sum(p * (a if b == 1 else 0.5) for (aa, b), p in dist.items() if aa == a)
            rate[a] = pos / mass
        return abs(rate[1] - rate[0])

    assert dp(D) == pytest.approx(0) and dp(Dp) == pytest.approx(alpha)
    # The same by simulation through the black-box auditor, with D' as the query population.
    rng = np.random.default_rng(0)
    n = 400_000
    b = (rng.random(n) < alpha).astype(int)
    q = pd.DataFrame({"a": rng.integers(0, 2, n), "b": b, "c": rng.random(n)})

    def model(frame):
        return ((1 - frame.b) * (frame.c > 0.5) + frame.b * frame.a).astype(int)

    est = blackbox_audit(model, {"a": [0, 1]}, "a", n, metrics=["dp"], queries=q)
    assert est["dp"] == pytest.approx(alpha, abs=0.01)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(epsilon=True), "not bool"),
        (dict(epsilon="1"), "not str"),
        (dict(epsilon=1e308), "above"),
        (dict(delta=0.5), "δ must be"),
        (dict(protected_domain="AB"), "must be a list"),
        (dict(mechanism="laplace"), "unknown mechanism"),
    ],
)
def test_requests_are_validated_as_a_whole(kwargs, message):
    with pytest.raises(EthicLensInputError, match=message):
        make_request(100, "sex", **{"epsilon": 1.0, **kwargs})


def test_large_epsilon_does_not_overflow(platform):
    assert keep_probability(1e4, 2) == 1.0 and keep_probability(800.0, 3) == 1.0
    rel = release(make_request(1000, "sex", epsilon=3000.0), platform, "y", "p", random_state=0)
    assert estimate(rel, n_boot=0).values["dp"]["value"] is not None


def test_in_memory_release_is_checked_before_estimating(platform):
    rel = release(make_request(500, "sex", epsilon=3.0), platform, "y", "p", random_state=0)
    rel.table.loc[0, "Y_hat"] = 2
    with pytest.raises(EthicLensInputError, match="'Y_hat'.*outside"):
        estimate(rel, n_boot=0)
    rel = release(make_request(500, "sex", epsilon=3.0), platform, "y", "p", random_state=0)
    rel.manifest["epsilon"] = 0.5
    with pytest.raises(EthicLensInputError, match="differs from the request"):
        estimate(rel, n_boot=0)
    with pytest.raises(EthicLensInputError, match="non-negative"):
        release(make_request(500, "sex", epsilon=1.0), platform, "y", "p", random_state=-1)
