"""Tester round 13, the request side: a spec file is checked on its own before flags apply (a
flag never hides a bad value), a baseline written with another form of the same reference is
comparable from the CLI, a passed --baseline says so on standard error, and docs/config.md
says exactly when run.gate is null."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs" / "config.md"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    rng = np.random.default_rng(5)
    n = 1500
    g = np.where(np.arange(n) < 900, "a", "b")
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": (rng.random(n) < 0.5).astype(int),
            "q": (rng.random(n) < 0.5).astype(int),
            "score": rng.random(n),
            "g": g,
            "k": rng.integers(0, 2, n),
        }
    )
    where = tmp_path_factory.mktemp("spec13")
    frame.to_csv(where / "d.csv", index=False)
    return where


def run(args, capsys):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _config(folder, name: str, body: str) -> Path:
    path = folder / name
    path.write_text(
        f"target: {{file: {json.dumps(str(folder / 'd.csv'))}, engine: pandas}}\n" + body
    )
    return path


ROLES = "roles: {y_true: y, y_pred: [p], protected: [g]}\n"


@pytest.mark.parametrize(
    ("policy", "flags", "key"),
    [
        (
            "{n_boot: 5, di_rule: bogus, di_threshold: 7}",
            ["--n-boot", "200", "--di-rule", "below", "--di-threshold", "0.8"],
            "policy.di_rule",
        ),
        ("{n_boot: true}", ["--n-boot", "200"], "policy.n_boot"),
        ("{di_threshold: 7}", ["--di-threshold", "0.8", "--n-boot", "100"], "policy.di_threshold"),
    ],
)
def test_a_bad_file_value_is_refused_under_a_flag(folder, capsys, policy, flags, key):
    config = _config(folder, "inv.yaml", ROLES + f"policy: {policy}\n")
    code, out, err = run(["audit", "--config", config, *flags], capsys)
    assert code == 2, err
    assert err.startswith(f"error: key '{key}'") and "--" not in err.split(":")[1]
    assert "overrides" not in err


def test_a_bad_gate_level_is_refused_under_fail_on(folder, capsys):
    config = _config(folder, "g.yaml", ROLES + "policy: {n_boot: 100}\ngate: {fail_on: always}\n")
    code, _, err = run(["audit", "--config", config, "--fail-on", "never"], capsys)
    assert code == 2 and err.startswith("error: key 'gate.fail_on'"), err


def test_compare_and_thresholds_check_the_file_too(folder, capsys):
    both = _config(
        folder,
        "c.yaml",
        "roles: {y_true: y, y_pred: [p, q], protected: [g]}\npolicy: {di_rule: bogus}\n",
    )
    code, _, err = run(["compare", "--config", both, "--di-rule", "below"], capsys)
    assert code == 2 and err.startswith("error: key 'policy.di_rule'"), err
    scores = _config(
        folder,
        "t.yaml",
        "roles: {y_true: y, y_score: score, protected: [g]}\npolicy: {eo_threshold: 3}\n",
    )
    code, _, err = run(["thresholds", "--config", scores, "--eo-threshold", "0.1"], capsys)
    assert code == 2 and err.startswith("error: key 'policy.eo_threshold'"), err


def test_a_valid_file_value_is_still_overridden(folder, capsys):
    config = _config(folder, "ok.yaml", ROLES + "policy: {n_boot: 100, di_rule: below}\n")
    code, out, err = run(["audit", "--config", config, "--di-rule", "two_sided"], capsys)
    assert code == 0, err
    assert "note: --di-rule two_sided overrides policy.di_rule = below" in err


@pytest.mark.parametrize("written", ["{k: 1}", '{k: "1"}', "['k=\"1\"']"])
def test_a_reference_written_otherwise_passes_from_the_cli(folder, capsys, written):
    baseline = folder / "n1.json"
    code, _, err = run(
        [
            "audit",
            folder / "d.csv",
            "--y-true",
            "y",
            "--y-pred",
            "p",
            "--protected",
            "k=1",
            "--n-boot",
            "100",
            "--engine",
            "pandas",
            "--json",
            baseline,
        ],
        capsys,
    )
    assert code == 0, err
    config = _config(
        folder,
        "n3.yaml",
        f"roles: {{y_true: y, y_pred: [p], protected: {written}}}\npolicy: {{n_boot: 100}}\n"
        f"gate: {{baseline: {json.dumps(str(baseline))}}}\n",
    )
    code, out, err = run(["audit", "--config", config, "--json", "-"], capsys)
    assert code == 0, err
    report = json.loads(out)  # stdout: the JSON only
    assert report["run"]["gate"]["passed"] and report["run"]["gate"]["baseline"] == str(baseline)
    assert f"gate passed: gate.baseline = {baseline} from {config}: " in err  # the file's key


def test_a_passed_baseline_says_so_with_its_notes(folder, capsys):
    baseline = folder / "bl.json"
    args = ["audit", folder / "d.csv", "--y-true", "y", "--protected", "g", "--n-boot", "100"]
    code, _, err = run([*args, "--y-pred", "p", "--json", baseline], capsys)
    assert code == 0, err
    other = folder / "d2.csv"
    frame = pd.read_csv(folder / "d.csv")
    frame.iloc[:-1].to_csv(other, index=False)  # other input: one row fewer
    args[1] = other
    code, out, err = run([*args, "--y-pred", "p", "--baseline", baseline], capsys)
    assert code == 0, err
    lines = [line for line in err.splitlines() if line.startswith("gate passed")]
    assert len(lines) == 1 and "other input than the baseline" in lines[0]
    assert "gate passed" not in out


def test_docs_say_exactly_when_run_gate_is_null(folder, capsys):
    """A run without a gate (fail_on never, no baseline) records null, as docs/config.md says."""
    code, out, err = run(
        [
            "audit",
            folder / "d.csv",
            "--y-true",
            "y",
            "--y-pred",
            "p",
            "--protected",
            "g",
            "--n-boot",
            "100",
            "--json",
            "-",
        ],
        capsys,
    )
    assert code == 0, err
    assert json.loads(out)["run"]["gate"] is None
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert "`run.gate` is `null` exactly when the spec asks for no gate" in text
    assert "`gate.fail_on: never` (the default) and no `gate.baseline`" in text
