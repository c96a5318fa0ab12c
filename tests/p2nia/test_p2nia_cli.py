import json
from pathlib import Path

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
        main(["p2nia", "estimate", str(tmp_path / "rel"), "--n-boot", "100", "--json", str(out)])
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
    tmp_path = tmp_path / "runs[/x]"  # a folder whose name reads as rich markup is printed as is
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
    assert "random forest: error vs n′" in (tmp_path / "adult-tables.md").read_text()
    assert f"files to {tmp_path}" in capsys.readouterr().out.replace("\n", "")


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
    (row,) = json.loads(out.read_text())["records"]
    assert row["abs_error"] > 0
    assert row["abs_error"] == pytest.approx(abs(row["blackbox_dp"] - row["reference_dp"]))
    assert "audited with CO's records" in capsys.readouterr().out


def _fake_pums(calls):
    """A stand-in for folktables' download: a small PUMS person file per state, each state
    with its own income distribution (so the audit states differ from the training state)."""
    from folktables.load_acs import _STATE_CODES

    def fetch(state_dir, state, year):
        calls.append(state)
        rng = np.random.default_rng(sorted(_STATE_CODES).index(state))
        n = 400
        sex = rng.integers(1, 3, n)
        hours = rng.integers(10, 60, n)
        shift = rng.normal(0, 8000)
        income = 30000 + 900 * hours + 15000 * (sex == 1) + shift + rng.normal(0, 15000, n)
        pd.DataFrame(
            {
                "AGEP": rng.integers(18, 70, n),
                "COW": rng.integers(1, 8, n),
                "SCHL": rng.integers(1, 24, n),
                "MAR": rng.integers(1, 6, n),
                "OCCP": rng.integers(10, 9900, n),
                "POBP": rng.integers(1, 60, n),
                "RELP": rng.integers(0, 17, n),
                "WKHP": hours,
                "SEX": sex,
                "RAC1P": rng.integers(1, 10, n),
                "PINCP": np.maximum(income, 200).round(),
                "PWGTP": rng.integers(1, 50, n),
            }
        ).to_csv(Path(state_dir) / f"psam_p{_STATE_CODES[state]}.csv", index=False)

    return fetch


def test_population_bias_papers_california_setup_through_download(tmp_path, monkeypatch, capsys):
    # The paper's Fig. 1: trained in CA, audited with each of the other 50 ACS states. Offline,
    # folktables' download is replaced by synthetic person files; everything after it (cache,
    # checksums, folktables' ACSIncome filter, training, the audit, JSON and plot) is real.
    from ethiclens.datasets import _acs

    calls = []
    monkeypatch.setattr(_acs, "_folktables_fetch", _fake_pums(calls))
    monkeypatch.setenv("ETHICLENS_CACHE", str(tmp_path / "cache"))
    out, png = tmp_path / "pb.json", tmp_path / "fig1.png"
    argv = ["p2nia", "population-bias", "--train-state", "CA", "--audit-states", "all"]
    argv += ["--repetitions", "2", "--json", str(out), "--plot", str(png)]
    assert main(argv) == 2  # not cached and no --download: refused before any training
    err = capsys.readouterr().err  # one message for every missing state, not the first only
    assert "49 of the 51 states' ACS 2018 person files are not in the cache" in err
    assert "CA, " in err and "--download" in err and calls == []
    assert main([*argv, "--download"]) == 0
    document = json.loads(out.read_text())
    assert document["schema_version"] == "1.0" and document["kind"] == "p2nia_population_bias"
    rows = pd.DataFrame(document["records"])
    audit = set(rows.audit_state)
    assert len(audit) == 50 and "CA" not in audit and {"PR", "TX", "NY", "WY"} <= audit
    # each state fetched once; CO and NE ship with the package
    assert sorted(calls) == sorted(audit - {"CO", "NE"} | {"CA"})
    assert len(rows) == 100 and set(rows.train_state) == {"CA"}
    assert np.allclose(rows.abs_error, (rows.blackbox_dp - rows.reference_dp).abs())
    printed = capsys.readouterr().out
    mean = rows.groupby("audit_state").abs_error.mean().mean()
    assert f"mean absolute error over 50 audit states: {mean:.4f}" in printed
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    calls.clear()
    assert main([*argv[:-4], "--repetitions", "1"]) == 0  # now served from the cache
    assert calls == []


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [
        ("--audit-states", "all,NE", "'all' cannot be combined"),
        ("--audit-states", ",", "empty"),
        ("--audit-states", "ZZ", "unknown ACS state code"),
        ("--audit-states", "NE,ne", "NE given more than once"),
        ("--train-state", "ZZ", "unknown ACS state code"),
        ("--train-state", "all", "unknown ACS state code"),
        ("--train-state", "", "unknown ACS state code"),
        ("--audit-states", "ne,CO", "CO is the training state"),
        ("--plot", "fig1.txt", "the plot (a PNG image)'s name must end in .png"),
    ],
)
def test_population_bias_bad_states(flag, value, message, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ETHICLENS_CACHE", str(tmp_path))
    argv = ["p2nia", "population-bias", flag, value, "--repetitions", "1"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"option '{flag}'" in err and message in err and "Fix:" in err
    assert "Traceback" not in err and not any(tmp_path.iterdir())  # nothing trained or cached


def test_release_into_a_path_under_a_file_is_refused(tmp_path, capsys):
    rows = pd.DataFrame({"sex": ["F", "M"] * 30, "income": [1, 0] * 30, "pred": [0, 1] * 30})
    rows.to_csv(tmp_path / "audit.csv", index=False)
    req = tmp_path / "request.json"
    argv = ["p2nia", "request", "--n", "20", "--protected", "sex", "--groups", "F,M"]
    assert (
        main(
            [*argv, "--metrics", "dp", "--mechanism", "grr", "--epsilon", "1"] + ["--out", str(req)]
        )
        == 0
    )
    capsys.readouterr()
    argv = ["p2nia", "release", "--request", str(req), "--data", str(tmp_path / "audit.csv")]
    argv += ["--y-true", "income", "--y-pred", "pred", "--out", str(tmp_path / "audit.csv" / "r")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "audit.csv is a file, not a folder" in err and "Fix:" in err and "mkdir" not in err


def test_the_all_states_list_is_folktables_list():
    # "all" audit states are hard-coded (the core install has no folktables); they must be the
    # states folktables can download, no more and no fewer
    from folktables.load_acs import _STATE_CODES

    from ethiclens.experiments import ACS_STATES

    assert sorted(ACS_STATES) == sorted(_STATE_CODES) and len(ACS_STATES) == 51
