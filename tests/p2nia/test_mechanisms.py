"""The mechanism registry, the columns a request releases, and record vs per-column accounting."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.cli import main
from ethiclens.experiments import ExperimentConfig
from ethiclens.experiments._p2nia_experiment import tasks_for
from ethiclens.fairness import REPORTED
from ethiclens.p2nia import (
    Mechanism,
    estimate,
    get_mechanism,
    keep_probability,
    make_request,
    mechanism_names,
    read_release,
    register_mechanism,
    release,
    unregister_mechanism,
    validate_estimate_output,
    write_release,
)


@pytest.fixture(scope="module")
def platform():
    rng = np.random.default_rng(0)
    n = 20_000
    a = rng.choice(["F", "M"], n, p=[0.4, 0.6])
    y = (rng.random(n) < np.where(a == "F", 0.3, 0.5)).astype(int)
    p = (rng.random(n) < np.where(y == 1, 0.7, 0.15)).astype(int)
    return pd.DataFrame({"sex": a, "y": y, "p": p, "age": rng.integers(18, 80, n)})


class Identity(Mechanism):
    """A toy mechanism: releases A, (Y,) Ŷ unchanged and records the ε it was asked for."""

    name = "toy-identity"

    def release(self, request, drawn, rng, open_bins=False):
        domain = drawn.domain
        table = {request.protected: [domain[i] for i in drawn.a]}
        cols = {request.protected: {"domain": domain, "k": len(domain)}}
        if request.needs_label:
            table["Y"], cols["Y"] = drawn.y, {"domain": [0, 1], "k": 2}
        table["Y_hat"], cols["Y_hat"] = drawn.yhat, {"domain": [0, 1], "k": 2}
        cols["_toy"] = {"epsilon_recorded": request.epsilon, "note": "no privacy: a test double"}
        return pd.DataFrame(table), cols

    def validate_columns(self, manifest, request, released, data_cols):
        if manifest["columns"]["_toy"]["epsilon_recorded"] != request["epsilon"]:
            raise EthicLensInputError("toy ε differs", column="_toy")


@pytest.fixture
def toy():
    register_mechanism(Identity())
    yield "toy-identity"
    unregister_mechanism("toy-identity")


def test_a_registered_mechanism_runs_release_to_estimate(platform, toy, tmp_path):
    assert toy in mechanism_names()
    req = make_request(4000, "sex", mechanism=toy, epsilon=2.5)
    out = write_release(release(req, platform, "y", "p", random_state=0), tmp_path / "rel")
    rel = read_release(out)
    assert rel.manifest["mechanism"] == toy
    assert rel.manifest["columns"]["_toy"]["epsilon_recorded"] == 2.5
    assert rel.manifest["record_epsilon"] == 2.5
    est = estimate(rel, n_boot=200)
    # The identity release of the drawn rows: the estimate is the drawn rows' own metric.
    a = pd.Categorical(rel.table["sex"], categories=["F", "M"]).codes
    sel = [rel.table["Y_hat"][a == g].mean() for g in (0, 1)]
    assert est.values["dp"]["value"] == pytest.approx(abs(sel[0] - sel[1]), abs=1e-12)
    for v in est.values.values():
        assert v["status"] == REPORTED and v["ci_method"].startswith("jeffreys")
        assert v["ci_low"] <= v["value"] <= v["ci_high"]
    validate_estimate_output(json.loads(json.dumps(est.to_dict())))
    # The experiment accepts it too (one place to register, every consumer reads it).
    ExperimentConfig(mechanisms=(toy, "blackbox"), models=("rf",), repetitions=1).validate()


def test_unregistered_and_unknown_mechanisms_are_refused(platform, toy):
    unregister_mechanism(toy)
    with pytest.raises(EthicLensInputError, match="unknown mechanism.*grr, mst, aim"):
        make_request(1000, "sex", mechanism=toy, epsilon=1.0)
    with pytest.raises(EthicLensInputError, match="unknown mechanism"):
        get_mechanism("laplace")
    with pytest.raises(EthicLensInputError, match="unknown mechanism"):
        ExperimentConfig(mechanisms=("laplace",)).validate()
    register_mechanism(Identity())
    with pytest.raises(EthicLensInputError, match="already registered"):
        register_mechanism(Identity())


def test_toy_interval_of_a_zero_gap_starts_at_zero(toy):
    """Jeffreys draws never reach a rate of exactly 0, so |ΔSR| of the draws lies above a DP
    of exactly 0; the interval is folded at 0 from the signed gap's, which straddles 0."""
    n = 2000
    data = pd.DataFrame({"sex": ["F", "M"] * (n // 2), "y": 0, "p": 0})
    rel = release(
        make_request(n, "sex", mechanism=toy, metrics=["dp"], epsilon=1.0), data, "y", "p"
    )
    v = estimate(rel, n_boot=200).values["dp"]
    assert v["value"] == 0.0 and v["ci_low"] == 0.0 < v["ci_high"]
    assert "folded at 0" in v["ci_method"]


def test_a_dp_only_request_releases_exactly_a_and_yhat(platform):
    for accounting in ("record", "per-column"):
        req = make_request(3000, "sex", metrics=["dp"], epsilon=1.0, accounting=accounting)
        rel = release(req, platform, "y", "p", random_state=0)
        assert list(rel.table.columns) == ["sex", "Y_hat"]
        assert sorted(c for c in rel.manifest["columns"] if not c.startswith("_")) == [
            "Y_hat",
            "sex",
        ]
        assert rel.manifest["roles"]["label"] is None
    full = release(make_request(3000, "sex", epsilon=1.0), platform, "y", "p", random_state=0)
    assert list(full.table.columns) == ["sex", "Y", "Y_hat"]


@pytest.mark.parametrize("metrics,k", [(["dp"], 2), (["dp", "eo", "eopp"], 3)])
def test_per_column_accounting_flips_each_column_at_the_full_epsilon(platform, metrics, k):
    eps = 1.0
    req = make_request(20_000, "sex", metrics=metrics, epsilon=eps, accounting="per-column")
    rel = release(req, platform, "y", "p", random_state=3)
    m = rel.manifest
    assert m["accounting"] == "per-column" and m["epsilon"] == eps
    assert m["record_epsilon"] == pytest.approx(k * eps)
    for col in [c for c in m["columns"] if not c.startswith("_")]:
        meta = m["columns"][col]
        assert meta["epsilon"] == eps
        assert meta["keep_probability"] == pytest.approx(keep_probability(eps, meta["k"]))
    # Empirically: each released column keeps its true value with p = e^ε / (e^ε + k − 1).
    rows = platform.iloc[np.sort(np.random.default_rng(3).choice(len(platform), 20_000, False))]
    kept = (rel.table["Y_hat"].to_numpy() == rows["p"].to_numpy()).mean()
    assert kept == pytest.approx(keep_probability(eps, 2), abs=0.015)
    kept_a = (rel.table["sex"].to_numpy() == rows["sex"].to_numpy()).mean()
    assert kept_a == pytest.approx(keep_probability(eps, 2), abs=0.015)
    est = estimate(rel, n_boot=0)
    assert est.record_epsilon == pytest.approx(k * eps) and "record-level ε = " in est.basis
    # Record accounting at the same ε splits it: each column at ε / k.
    rec = release(make_request(2000, "sex", metrics=metrics, epsilon=eps), platform, "y", "p")
    assert rec.manifest["record_epsilon"] == eps
    assert rec.manifest["columns"]["Y_hat"]["epsilon"] == pytest.approx(eps / k)


def test_accounting_is_validated_in_request_and_manifest(platform, tmp_path):
    with pytest.raises(EthicLensInputError, match="unknown accounting"):
        make_request(1000, "sex", epsilon=1.0, accounting="per-row")
    with pytest.raises(EthicLensInputError, match="supports only"):
        make_request(1000, "sex", mechanism="mst", epsilon=1.0, accounting="per-column")
    req = make_request(2000, "sex", metrics=["dp"], epsilon=1.0, accounting="per-column")
    out = write_release(release(req, platform, "y", "p", random_state=0), tmp_path / "rel")
    from ethiclens.p2nia._protocol import _manifest_digest

    for key, value, match in (
        ("record_epsilon", 1.0, "record-level ε must be 2"),
        ("accounting", "record", "accounting differs"),
    ):
        m = json.loads((out / "manifest.json").read_text())
        m[key] = value
        m["manifest_sha256"] = _manifest_digest(m)  # a consistent hash cannot hide it
        bad = tmp_path / key
        bad.mkdir()
        (bad / "release.csv").write_bytes((out / "release.csv").read_bytes())
        (bad / "manifest.json").write_text(json.dumps(m))
        with pytest.raises(EthicLensInputError, match=match):
            read_release(bad)


def test_budget_tracking_adds_the_record_level_epsilon(platform, tmp_path):
    req = make_request(2000, "sex", epsilon=1.0, accounting="per-column", track_budget=True)
    out = tmp_path / "rel"
    write_release(release(req, platform, "y", "p", random_state=0), out)
    write_release(release(req, platform, "y", "p", random_state=1), out, replace=True)
    budget = json.loads((out / "manifest.json").read_text())["budget"]
    assert budget["this_release"] == pytest.approx(3.0)
    assert budget["cumulative_on_this_data"] == pytest.approx(6.0)


def test_cli_accounting_and_schema_valid_json(platform, tmp_path, capsys):
    platform.to_csv(tmp_path / "audit.csv", index=False)
    req, rel, est = tmp_path / "req.json", tmp_path / "rel", tmp_path / "est.json"
    args = ["p2nia", "request", "--n", "3000", "--protected", "sex", "--metrics", "dp"]
    assert main([*args, "--epsilon", "1", "--accounting", "per-column", "--out", str(req)]) == 0
    assert json.loads(req.read_text())["accounting"] == "per-column"
    release_args = [
        "p2nia",
        "release",
        "--request",
        str(req),
        "--data",
        str(tmp_path / "audit.csv"),
    ]
    assert main([*release_args, "--y-pred", "p", "--seed", "0", "--out", str(rel)]) == 0
    assert "record-level ε = 2" in capsys.readouterr().out
    assert main(["p2nia", "estimate", str(rel), "--n-boot", "100", "--json", str(est)]) == 0
    doc = json.loads(est.read_text())
    validate_estimate_output(doc)
    assert doc["accounting"] == "per-column" and doc["record_epsilon"] == 2.0
    assert set(doc["metrics"]) == {"dp"}
    bad = [*args, "--epsilon", "1", "--mechanism", "laplace", "--out", str(tmp_path / "x.json")]
    assert main(bad) == 2
    assert "grr, mst, aim" in capsys.readouterr().err


def test_experiment_carries_the_accounting_and_releases_per_metric():
    cfg = ExperimentConfig(
        models=("rf",),
        repetitions=1,
        mechanisms=("grr",),
        sizes=(500,),
        epsilons=(1.0,),
        metric_epsilons=(),
        accounting="per-column",
    )
    assert {t["accounting"] for t in tasks_for(cfg)} == {"per-column"}
    with pytest.raises(EthicLensInputError, match="unknown accounting"):
        ExperimentConfig(accounting="none").validate()


def test_figures_draw_each_accounting_as_its_own_series(tmp_path):
    from ethiclens.experiments import write_experiment_outputs

    rows = []
    for rep in range(2):
        for mech, acc, err in (("grr", "record", 0.2), ("grr", "per-column", 0.05)):
            for eps in (1.0, 10.0):
                rows.append(
                    dict(
                        dataset="adult",
                        model="rf",
                        rep=rep,
                        mechanism=mech,
                        epsilon=eps,
                        accounting=acc,
                        n=5000,
                        metric="dp",
                        estimate=0.1,
                        reference=0.1 + err / eps,
                        abs_error=err / eps,
                    )
                )
        rows.append(
            dict(
                dataset="adult",
                model="rf",
                rep=rep,
                mechanism="blackbox",
                epsilon=0.0,
                accounting=None,
                n=5000,
                metric="dp",
                estimate=0.2,
                reference=0.1,
                abs_error=0.1,
            )
        )
    files = write_experiment_outputs(pd.DataFrame(rows), tmp_path, "adult", metric_epsilons=(1.0,))
    tables = next(f for f in files if f.suffix == ".md").read_text()
    assert "| P2NIA (GRR) | 1 | 0.2000 |" in tables
    assert "| P2NIA (GRR, per-column ε) | 1 | 0.0500 |" in tables


def test_synthesiser_tasks_run_each_in_a_fresh_process(monkeypatch):
    # Many Private-PGM fits in one process end in "LLVM compilation error: Cannot allocate
    # memory"; an experiment with MST/AIM gives every task a new worker process.
    from ethiclens.experiments import ExperimentConfig, _executors, run_experiment

    seen = []

    class Recorder:
        def __init__(self, workers=None, *, max_tasks_per_child=None):
            seen.append(max_tasks_per_child)

        def map_unordered(self, fn, tasks):
            return iter(())

        def close(self):
            pass

    monkeypatch.setattr(_executors, "LocalExecutor", Recorder)
    for mechanisms, expected in ((("mst", "grr"), [1]), (("grr", "blackbox"), [])):
        seen.clear()
        cfg = ExperimentConfig(
            dataset="adult",
            models=("rf",),
            mechanisms=mechanisms,
            repetitions=1,
            sizes=(500,),
            epsilons=(10.0,),
            metric_epsilons=(),
        )
        run_experiment(cfg, workers=1)
        assert seen == expected


class OldForm(Identity):
    """The same toy written against the earlier ten-argument ``release``."""

    name = "toy-old-form"

    def release(self, request, rows, a, y, yhat, domain, columns, discretization, rng, open_bins):
        from ethiclens.p2nia import AuditColumns

        drawn = AuditColumns(rows, request.protected, domain, a, y, yhat, columns, discretization)
        return Identity.release(self, request, drawn, rng, open_bins)


def test_a_mechanism_with_the_old_release_signature_still_runs_with_a_warning(platform):
    register_mechanism(OldForm())
    try:
        req = make_request(4000, "sex", mechanism="toy-old-form", epsilon=2.5)
        with pytest.warns(DeprecationWarning, match="toy-old-form.*release\\(request, drawn"):
            old = release(req, platform, "y", "p", random_state=0)
        register_mechanism(Identity())
        new = release(make_request(4000, "sex", mechanism="toy-identity", epsilon=2.5),
                      platform, "y", "p", random_state=0)  # fmt: skip
        pd.testing.assert_frame_equal(old.table, new.table)
    finally:
        unregister_mechanism("toy-old-form")
        if "toy-identity" in mechanism_names():
            unregister_mechanism("toy-identity")
