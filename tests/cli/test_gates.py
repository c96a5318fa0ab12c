"""Gates a pipeline can use (issue 22, item 4): --fail-on insufficient, --baseline, compare's
release gate, AuditResult.gate, and the gate's outcome in the JSON."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main


def _frame(rate_b: float, seed: int = 0, n: int = 4000) -> pd.DataFrame:
    """Groups a and b (n rows each, a selected at 0.5, b at ``rate_b``) and c: 60 rows never
    selected (DI 0.000, below the 100-row floor)."""
    rng = np.random.default_rng(seed)
    g = np.array(["a"] * n + ["b"] * n + ["c"] * 60)
    rate = np.select([g == "a", g == "b"], [0.5, rate_b], 0.0)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, len(g)),
            "p": (rng.random(len(g)) < rate).astype(int),
            "q": (rng.random(len(g)) < np.where(g == "b", 0.3, rate)).astype(int),
            "g": g,
        }
    )


@pytest.fixture
def fair(tmp_path):
    path = tmp_path / "fair.csv"
    _frame(0.5).to_csv(path, index=False)
    return path


def run(args, capsys):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def audit_args(path, *extra):
    return [
        "audit",
        path,
        "--y-true",
        "y",
        "--y-pred",
        "p",
        "--protected",
        "g=a",
        "--n-boot",
        "400",
        "--engine",
        "pandas",
        *extra,
    ]


@pytest.mark.parametrize("level, code", [("flagged", 0), ("inconclusive", 0), ("insufficient", 1)])
def test_a_60_row_group_with_di_0_fails_only_insufficient(fair, tmp_path, capsys, level, code):
    out = tmp_path / "r.json"
    got, _, err = run(audit_args(fair, "--fail-on", level, "--json", out), capsys)
    assert got == code, err
    report = json.loads(out.read_text())  # written before the gate exits
    c = next(c for c in report["comparisons"] if c["group"] == "c")
    assert c["metrics"]["disparate_impact"]["value"] == 0.0 and c["status"] == "INSUFFICIENT_DATA"
    assert report["run"]["gate"]["passed"] is (code == 0)
    if code:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].endswith(
            "exit 1 because of --fail-on insufficient: 1 comparison: g:c (INSUFFICIENT_DATA)"
        )
        assert report["run"]["gate"]["failures"] == ["g:c (INSUFFICIENT_DATA)"]


def test_gate_in_python(fair):
    result = ethiclens.audit(
        str(fair), engine="pandas", y_true="y", y_pred="p", protected=["g=a"], n_boot=400
    )
    assert result.gate("flagged").passed and result.gate("inconclusive").passed
    outcome = result.gate("insufficient")
    assert not outcome.passed and outcome.failures == ("g:c (INSUFFICIENT_DATA)",)
    assert outcome.to_dict()["fail_on"] == "insufficient"
    with pytest.raises(ethiclens.EthicLensInputError, match="unknown gate level"):
        result.gate("always")


def test_baseline_regression_fails_and_names_it(fair, tmp_path, capsys):
    baseline = tmp_path / "previous.json"
    assert run(audit_args(fair, "--json", baseline), capsys)[0] == 0
    worse = tmp_path / "worse.csv"
    _frame(0.3, seed=1).to_csv(worse, index=False)
    out = tmp_path / "now.json"
    code, _, err = run(audit_args(worse, "--baseline", baseline, "--json", out), capsys)
    assert code == 1, err
    line = err.strip().splitlines()[-1]
    assert "worse than the baseline" in line and "g:b: verdict PASS -> FLAGGED" in line
    assert "g:b: Disparate impact moved" in line
    gate = json.loads(out.read_text())["run"]["gate"]
    assert gate["baseline"] == str(baseline) and gate["regressions"]
    # the same data again: nothing got worse
    code, _, err = run(audit_args(fair, "--baseline", baseline, "--seed", "3"), capsys)
    assert code == 0, err
    # improving is never a failure (listed as a note)
    result = ethiclens.audit(
        str(fair), engine="pandas", y_true="y", y_pred="p", protected=["g=a"], n_boot=400
    )
    assert result.gate("never", str(out)).passed


def test_a_baseline_of_other_data_or_spec_is_refused(fair, tmp_path, capsys):
    baseline = tmp_path / "previous.json"
    assert run(audit_args(fair, "--json", baseline), capsys)[0] == 0
    code, _, err = run(audit_args(fair, "--baseline", baseline, "--di-threshold", "0.9"), capsys)
    assert code == 2 and "policy.di_threshold 0.8 -> 0.9" in err and "--baseline" in err, err
    report = json.loads(baseline.read_text())
    report["run"]["spec"]["target"] = {"dataset": "compas"}
    other = tmp_path / "other.json"
    other.write_text(json.dumps(report))
    out = tmp_path / "never.json"
    code, _, err = run(audit_args(fair, "--baseline", other, "--json", out), capsys)
    assert code == 2 and "target dataset -> file" in err and not out.exists()
    del report["run"]
    other.write_text(json.dumps(report))
    code, _, err = run(audit_args(fair, "--baseline", other), capsys)
    assert code == 2 and "no spec" in err
    code, _, err = run(audit_args(fair, "--baseline", tmp_path / "missing.json"), capsys)
    assert code == 2 and "--baseline" in err


def test_compare_gates_a_release(fair, tmp_path, capsys):
    """Production A (p, fair) against candidate B (q: group b selected at 0.3)."""
    args = [
        "compare",
        fair,
        "--y-true",
        "y",
        "--y-pred",
        "p",
        "--y-pred",
        "q",
        "--protected",
        "g=a",
        "--n-boot",
        "400",
    ]
    out = tmp_path / "c.json"
    code, _, err = run([*args, "--fail-on", "flagged", "--json", out], capsys)
    assert code == 1, err
    line = err.strip().splitlines()[-1]
    assert "g:b under q (FLAGGED)" in line and "verdict PASS under p -> FLAGGED under q" in line
    assert json.loads(out.read_text())["run"]["gate"]["passed"] is False
    # the candidate is the fair one: it passes (its own verdicts, and nothing worse than A)
    swapped = [
        "compare",
        fair,
        "--y-true",
        "y",
        "--y-pred",
        "q",
        "--y-pred",
        "p",
        "--protected",
        "g=a",
        "--n-boot",
        "400",
        "--fail-on",
        "flagged",
    ]
    assert run(swapped, capsys)[0] == 0
    code, _, err = run(
        [*args, "--di-rule", "below", "--positive", "harmful", "--json", out], capsys
    )
    assert code == 0, err
    cfg = json.loads(out.read_text())["config"]
    assert cfg["policy"]["di_rule"] == "below"


def test_the_library_decides_a_specs_gate(fair):
    spec = ethiclens.AuditSpec.from_dict(
        {
            "target": {"file": str(fair), "engine": "pandas"},
            "roles": {"y_true": "y", "y_pred": "p", "protected": ["g=a"]},
            "policy": {"n_boot": 400},
            "gate": {"fail_on": "insufficient"},
        }
    )
    result = ethiclens.run(spec)
    assert result.run["gate"]["passed"] is False
    assert result.to_dict()["run"]["gate"]["failures"] == ["g:c (INSUFFICIENT_DATA)"]
    assert ethiclens.run(spec.replace(gate={"fail_on": "never"})).run["gate"] is None


def test_python_and_the_cli_gate_alike_by_default(tmp_path, capsys):
    # g:b FLAGGED, its own report as the baseline: the CLI's default gate (never) passes, and
    # AuditResult.gate(baseline=...) decided the same (it failed on FLAGGED before)
    worse = tmp_path / "worse.csv"
    _frame(0.3).to_csv(worse, index=False)
    baseline = tmp_path / "base.json"
    assert run(audit_args(worse, "--json", baseline), capsys)[0] == 0
    assert run(audit_args(worse, "--baseline", baseline), capsys)[0] == 0
    result = ethiclens.audit(
        str(worse), engine="pandas", y_true="y", y_pred="p", protected=["g=a"], n_boot=400
    )
    assert result.comparison("g", "b").status == "FLAGGED"
    outcome = result.gate(baseline=str(baseline))
    assert outcome.passed and outcome.fail_on == "never"


_BAD_BASELINES = {  # the tester's files (/tmp/tester2/gate), as edits of a good report
    "badci": (
        ["comparisons", 0, "metrics", "disparate_impact", "ci_low"],
        "x",
        "comparisons[0].metrics.disparate_impact.ci_low must be a number or null (value: 'x')",
    ),
    "nometrics": (["comparisons", 0, "metrics"], None, "comparisons[0].metrics is missing"),
    "specstr": (["run", "spec"], "x", "run.spec must be a mapping (value: 'x')"),
    "compstr": (["comparisons"], "x", "comparisons must be a list (value: 'x')"),
    "fut1": (["schema_version"], "9.0", "schema_version '9.0', from a newer EthicLens; this "),
    "fut2": (["run", "spec", "version"], 2, "run.spec.version 2, from a newer EthicLens; this"),
}


def test_a_malformed_baseline_exits_2_with_one_line(fair, tmp_path, capsys):
    baseline = tmp_path / "previous.json"
    assert run(audit_args(fair, "--json", baseline), capsys)[0] == 0
    good = json.loads(baseline.read_text())
    for name, (path, value, said) in _BAD_BASELINES.items():
        report = json.loads(json.dumps(good))
        parent = report
        for key in path[:-1]:
            parent = parent[key]
        if value is None:
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
        bad = tmp_path / f"{name}.json"
        bad.write_text(json.dumps(report))
        code, _, err = run(audit_args(fair, "--baseline", bad), capsys)
        lines = err.strip().splitlines()
        assert code == 2 and len(lines) == 1, (name, err)
        assert "'--baseline'" in lines[0] and said in lines[0] and "Fix:" in lines[0], lines
