"""Round 16, the auditor's side: a metric that GRR's noise leaves without estimated mass is
INSUFFICIENT_DATA (request more rows or a larger ε), UNDEFINED only for a true 0/0."""

import numpy as np
import pandas as pd

from ethiclens.fairness import INSUFFICIENT_DATA, UNDEFINED
from ethiclens.p2nia import estimate, make_request, release, validate_estimate_output


def _data(n=2000, seed=0):
    rng = np.random.default_rng(seed)
    sex = rng.choice(["Female", "Male"], n)
    return pd.DataFrame({"sex": sex, "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)})


def _degenerate():
    """A release at ε = 0.3 whose debiased joint leaves a group without mass."""
    req = make_request(2000, "sex", epsilon=0.3, protected_domain=["Female", "Male"])
    for seed in range(40):
        rel = release(req, _data(), "y", "p", random_state=seed)
        est = estimate(rel, n_boot=100, random_state=0)
        if any(v["value"] is None for v in est.values.values()):
            return rel, est
    raise AssertionError("no seed left a group without mass")


def test_a_group_the_noise_leaves_without_mass_is_insufficient_data_not_undefined():
    rel, est = _degenerate()
    assert rel.table["sex"].value_counts().min() > 500  # the release holds every group's rows
    for v in est.values.values():
        if v["value"] is None:
            assert v["status"] == INSUFFICIENT_DATA, v
            assert v["ci_low"] is None and v["ci_high"] is None
            assert "request more rows (--n) or a larger ε" in v["reason"], v
    validate_estimate_output(est.to_dict())


def test_a_true_zero_over_zero_stays_undefined():
    data = _data(4000)
    data.loc[data["sex"] == "Male", "y"] = 0  # Male: no positive labels at all
    req = make_request(3000, "sex", epsilon=10_000, protected_domain=["Female", "Male"])
    est = estimate(release(req, data, "y", "p", random_state=0), n_boot=0)
    assert est.values["eopp"]["status"] == UNDEFINED
    assert "request more rows" not in est.values["eopp"]["reason"]


def test_without_any_interval_the_summary_names_what_the_html_report_names():
    _, est = _degenerate()
    assert all(v["ci_low"] is None for v in est.values.values())
    assert est.lines()[-1] == f"  intervals: {est.methods()}"
    assert "bootstrap" not in est.lines()[-1]


def _mst_release(tmp_path, capsys, extra=()):
    from ethiclens.cli import main

    _data(400).to_csv(tmp_path / "d.csv", index=False)
    argv = ["p2nia", "request", "--n", "300", "--protected", "sex", "--groups", "Female,Male"]
    argv += ["--epsilon", "2", "--mechanism", "mst", "--out", str(tmp_path / "q.json"), *extra]
    assert main(argv) == 0
    argv = ["p2nia", "release", "--request", str(tmp_path / "q.json")]
    argv += ["--data", str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p", "--seed", "1"]
    assert main([*argv, "--out", str(tmp_path / "rel")]) == 0
    return capsys.readouterr().out


def test_mst_states_the_delta_it_used_everywhere(tmp_path, capsys):
    import json

    from ethiclens.cli import main
    from ethiclens.p2nia import read_release

    summary = _mst_release(tmp_path, capsys)
    manifest = json.loads((tmp_path / "rel" / "manifest.json").read_text())
    assert manifest["columns"]["_privacy"]["delta"] == 1e-9
    assert manifest["delta"] == 1e-9  # was null: the default δ was used but not stated
    assert "ε = 2, δ = 1e-09" in summary, summary
    est = estimate(read_release(tmp_path / "rel"), n_boot=0)
    assert est.delta == 1e-9 and est.to_dict()["delta"] == 1e-9
    assert "at ε = 2, δ = 1e-09" in est.basis
    assert est.header().startswith("Estimated from an MST release"), est.header()
    out = tmp_path / "e.html"
    argv = ["p2nia", "estimate", str(tmp_path / "rel"), "--n-boot", "0", "--html", str(out)]
    assert main(argv) == 0
    assert "δ = 1e-09" in capsys.readouterr().out and "δ = 1e-09" in out.read_text()
    validate_estimate_output(est.to_dict())


def test_a_grr_estimate_states_no_delta_and_a_grr():
    req = make_request(500, "sex", epsilon=5, protected_domain=["Female", "Male"])
    est = estimate(release(req, _data(), "y", "p", random_state=0), n_boot=0)
    assert est.delta is None and "δ" not in est.basis
    assert est.header().startswith("Estimated from a GRR release"), est.header()


def test_an_older_mst_release_without_a_stated_delta_shows_the_one_it_used(tmp_path, capsys):
    import hashlib
    import json

    from ethiclens.p2nia import read_release

    _mst_release(tmp_path, capsys)
    path = tmp_path / "rel" / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["delta"] = None  # as releases before round 16 wrote it
    body = {k: v for k, v in manifest.items() if k != "manifest_sha256"}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    path.write_text(json.dumps({**body, "manifest_sha256": digest}))
    est = estimate(read_release(tmp_path / "rel"), n_boot=0)
    assert est.delta == 1e-9 and "δ = 1e-09" in est.basis
