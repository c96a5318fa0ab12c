"""Round 17: the release's recoding of a two-valued label (-1/1) is pcer audit's; GRR
estimates whose debiased table projection moved a lot say so; MST/AIM lines say what their
interval leaves out; population-bias JSON carries its schema version."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release


def _data(n: int = 400, seed: int = 0) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    y = r.integers(0, 2, n)
    return pd.DataFrame({"sex": r.choice(["F", "M"], n), "y": y, "p": r.integers(0, 2, n)})


def _fix(**changes) -> str:
    df = _data()
    for col, f in changes.items():
        df[col] = f(df[col])
    req = make_request(100, "sex", protected_domain=["F", "M"], epsilon=5)
    with pytest.raises(EthicLensInputError) as exc:
        release(req, df, "y", "p", random_state=0)
    return str(exc.value)


def test_labels_coded_minus_one_one_are_recoded_not_dropped():
    msg = _fix(y=lambda c: c * 2 - 1)
    assert "found values -1, 1:" in msg and "df['y'] = (df['y'] == 1).astype(int)" in msg, msg
    assert "drop those rows" not in msg, msg


def test_two_score_values_are_thresholded_as_pcer_audit_does():
    msg = _fix(p=lambda c: c * 0.9 + 0.05)
    assert "df['p'] = (df['p'] >= 0.5).astype(int)" in msg, msg


def _skewed(n: int = 20000, seed: int = 3) -> pd.DataFrame:
    """Groups of 40% and 60%, predictions right 80% (F) and 90% (M) of the time: GRR at
    ε = 2 on 2,000 rows leaves some of the eight cells below 0 after debiasing."""
    r = np.random.default_rng(seed)
    sex = np.where(r.random(n) < 0.4, "F", "M")
    y = r.integers(0, 2, n)
    right = r.random(n) < np.where(sex == "F", 0.8, 0.9)
    return pd.DataFrame({"sex": sex, "y": y, "p": np.where(right, y, 1 - y)})


def _grr_estimates(epsilon: float, n: int, seeds=range(12)):
    from ethiclens.p2nia import estimate

    data = _skewed()
    req = make_request(n, "sex", protected_domain=["F", "M"], epsilon=epsilon)
    return [estimate(release(req, data, "y", "p", random_state=s), n_boot=100) for s in seeds]


def test_a_grr_estimate_whose_projection_clipped_much_mass_says_the_noise_dominates(tmp_path):
    from ethiclens.p2nia import validate_estimate_output

    noisy = [e for e in _grr_estimates(2, 2000) if e.notes]
    assert noisy, "no release at ε = 2, n′ = 2000 had its debiased table clipped"
    for est in noisy:
        (note,) = est.notes
        assert "noise dominates" in note and "request more rows (--n) or a larger ε" in note
        assert any(
            line.startswith("  note: the mechanism's noise dominates") for line in est.lines()
        )
        assert est.to_dict()["notes"] == [note]
        assert note in est.described() and "noise dominates" in est._repr_html_()
        validate_estimate_output(est.to_dict())


def test_a_grr_estimate_with_little_noise_has_no_note():
    for est in _grr_estimates(8, 5000, seeds=range(3)):
        assert est.notes == [] and est.to_dict()["notes"] == []
        assert not any("note:" in line for line in est.lines())


def test_the_clipped_share_is_the_debiased_mass_below_zero():
    from ethiclens.p2nia._estimate import released_counts
    from ethiclens.p2nia._mechanisms import get_mechanism

    req = make_request(2000, "sex", protected_domain=["F", "M"], epsilon=2)
    mech = get_mechanism("grr")
    for seed in range(6):
        rel = release(req, _skewed(), "y", "p", random_state=seed)
        counts, _, _ = released_counts(rel)
        raw = mech._debiased(counts / counts.sum(), rel.manifest)
        share = mech.clipped_share(counts / counts.sum(), rel.manifest)
        assert share == pytest.approx(float(-raw[raw < 0].sum()))
        # the numbers are unchanged: the joint is still the projection of the same table
        assert mech.joint(counts / counts.sum(), rel.manifest).sum() == pytest.approx(1)


def test_mst_interval_lines_say_they_leave_out_the_mechanism_noise(tmp_path):
    from ethiclens.cli import main
    from ethiclens.p2nia import estimate, read_release

    _data(400).to_csv(tmp_path / "d.csv", index=False)
    argv = ["p2nia", "request", "--n", "300", "--protected", "sex", "--groups", "F,M"]
    argv += ["--epsilon", "5", "--mechanism", "mst", "--out", str(tmp_path / "q.json")]
    assert main(argv) == 0
    argv = ["p2nia", "release", "--request", str(tmp_path / "q.json"), "--data"]
    argv += [str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "p", "--seed", "1"]
    assert main([*argv, "--out", str(tmp_path / "rel")]) == 0
    est = estimate(read_release(tmp_path / "rel"), n_boot=100)
    words = "the interval adds the mechanism's measurement noise but not the bias of the model"
    metric_lines = est.lines()[:-1]
    assert metric_lines and all(
        words in line for line in metric_lines if "REPORTED" in line and "[" in line
    ), metric_lines
    assert any("REPORTED" in line and "[" in line for line in metric_lines), metric_lines
    assert words in est.described() and "not the bias of the model fitted" in est._repr_html_()
    assert est.notes == []  # MST's table is not debiased: nothing clipped
    html = tmp_path / "e.html"
    assert (
        main(["p2nia", "estimate", str(tmp_path / "rel"), "--n-boot", "100", "--html", str(html)])
        == 0
    )
    assert "not the bias of the model fitted" in html.read_text().split("Intervals:")[0]


def test_population_bias_json_carries_its_schema_version(tmp_path, monkeypatch, capsys):
    import json

    import ethiclens.experiments as experiments
    from ethiclens.cli import main

    frame = pd.DataFrame(
        {
            "train_state": ["CO", "CO"],
            "audit_state": ["NE", "NE"],
            "repetition": [0, 1],
            "reference_dp": [0.1, 0.12],
            "blackbox_dp": [0.15, float("nan")],
            "abs_error": [0.05, float("nan")],
        }
    )
    monkeypatch.setattr(experiments, "cross_population", lambda *a, **k: frame)
    out = tmp_path / "pb.json"
    argv = ["p2nia", "population-bias", "--repetitions", "2", "--json", str(out)]
    assert main(argv) == 0
    document = json.loads(out.read_text())
    assert document["schema_version"] == experiments.POPULATION_BIAS_SCHEMA_VERSION == "1.0"
    assert document["kind"] == "p2nia_population_bias"
    assert len(document["records"]) == 2 and document["records"][1]["blackbox_dp"] is None
