import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


def test_request_release_estimate_roundtrip(tmp_path, capsys):
    rng = np.random.default_rng(0)
    n = 4000
    a = rng.choice(["F", "M"], n)
    y = rng.integers(0, 2, n)
    p = (rng.random(n) < np.where(a == "M", 0.6, 0.3)).astype(int)
    pd.DataFrame({"sex": a, "income": y, "pred": p}).to_csv(tmp_path / "audit.csv", index=False)
    req = tmp_path / "request.json"
    assert (
        main(
            [
                "p2nia",
                "request",
                "--n",
                "2000",
                "--protected",
                "sex",
                "--groups",
                "F,M",
                "--mechanism",
                "grr",
                "--epsilon",
                "6",
                "--out",
                str(req),
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "p2nia",
                "release",
                "--request",
                str(req),
                "--data",
                str(tmp_path / "audit.csv"),
                "--y-true",
                "income",
                "--y-pred",
                "pred",
                "--seed",
                "1",
                "--out",
                str(tmp_path / "rel"),
            ]
        )
        == 0
    )
    out = tmp_path / "est.json"
    assert (
        main(["p2nia", "estimate", str(tmp_path / "rel"), "--n-boot", "50", "--json", str(out)])
        == 0
    )
    text = capsys.readouterr().out
    assert "SHA-256 verified" in text and "GRR release of 2000 rows at ε = 6" in text
    est = json.loads(out.read_text())
    assert abs(est["metrics"]["dp"]["value"] - 0.3) < 0.1


def test_bad_p2nia_inputs_exit_2(tmp_path, capsys):
    assert (
        main(
            [
                "p2nia",
                "request",
                "--n",
                "100",
                "--protected",
                "sex",
                "--epsilon",
                "0",
                "--out",
                str(tmp_path / "r.json"),
            ]
        )
        == 2
    )
    assert "ε must be" in capsys.readouterr().err
    assert main(["p2nia", "estimate", str(tmp_path)]) == 2
    assert "not a P2NIA release" in capsys.readouterr().err


def test_experiment_smoke(tmp_path, capsys):
    code = main(
        [
            "p2nia",
            "experiment",
            "--dataset",
            "adult",
            "--models",
            "rf",
            "--mechanisms",
            "grr,blackbox",
            "--repetitions",
            "1",
            "--sizes",
            "500,2000",
            "--epsilons",
            "10",
            "--metric-epsilons",
            "10",
            "--out",
            str(tmp_path),
            "--workers",
            "1",
        ]
    )
    assert code == 0
    rows = pd.read_csv(tmp_path / "adult-rows.csv")
    assert set(rows.mechanism) == {"grr", "blackbox"} and set(rows.metric) == {"dp", "eo", "eopp"}
    assert (tmp_path / "adult-fig3-fig4.png").stat().st_size > 5000
    assert "Error vs n′" in (tmp_path / "adult-tables.md").read_text()


def test_population_bias_between_shipped_states(tmp_path, capsys):
    out = tmp_path / "pb.json"
    assert (
        main(
            [
                "p2nia",
                "population-bias",
                "--train-state",
                "NE",
                "--audit-states",
                "CO",
                "--repetitions",
                "1",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    (row,) = json.loads(out.read_text())
    assert row["abs_error"] > 0
    assert row["abs_error"] == pytest.approx(abs(row["blackbox_dp"] - row["reference_dp"]))
    assert "audited with CO's records" in capsys.readouterr().out
