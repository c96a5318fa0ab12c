"""Tester round 12: baseline edits that got past the "checked whole" check are refused naming
the key (a spec value the spec itself refuses, even a free one; a gated estimate's null beside
the numbers it was drawn with), and ``ModelComparison.gate`` names its missing ``baseline``."""

from __future__ import annotations

import copy
import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import compare
from ethiclens.spec import AuditSpec


def _frame(rate_b: float, seed: int = 0, n: int = 1000) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    g = np.repeat(["a", "b"], n)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, 2 * n),
            "p": (rng.random(2 * n) < np.where(g == "a", 0.5, rate_b)).astype(int),
            "g": g,
        }
    )


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    path = tmp_path_factory.mktemp("gate12") / "d.csv"
    _frame(0.5).to_csv(path, index=False)
    return path


@pytest.fixture(scope="module")
def result(data):
    spec = AuditSpec.from_dict(
        {
            "target": {"file": str(data), "engine": "pandas"},
            "roles": {"y_true": "y", "y_pred": "p", "protected": ["g=a"]},
            "policy": {"n_boot": 200},
        }
    )
    out = ethiclens.run(spec)
    assert out.comparison("g", "b").status == "PASS"
    return out


@pytest.fixture
def report(result):
    return json.loads(result.to_json())


def _refused(result, baseline) -> str:
    with pytest.raises(EthicLensInputError) as info:
        result.gate("never", baseline)
    message = str(info.value)
    assert "argument 'baseline'" in message and "not an intact audit report" in message, message
    assert "another spec" not in message and "Fix:" in message and "\n" not in message
    return message


@pytest.mark.parametrize(
    ("section", "key", "value", "said"),
    [
        # free keys (never compared): their values were never read
        ("policy", "seed", "abc", "run.spec.policy.seed must be a non-negative integer"),
        ("policy", "seed", -1, "run.spec.policy.seed must be a non-negative integer"),
        ("policy", "n_boot", "many", "run.spec.policy.n_boot must be a whole number"),
        ("policy", "n_boot", 5, "run.spec.policy.n_boot too few draws"),
        ("target", "engine", 7, "run.spec.target.engine must be text"),
        ("target", "file", ["d.csv"], "run.spec.target.file must be text"),
        ("target", "download", "yes", "run.spec.target.download must be true or false"),
        ("roles", "y_pred", [], "run.spec.roles.y_pred is empty, but an audit of a file"),
        ("roles", "y_pred", ["a", "b", "c"], "run.spec.roles.y_pred must be at most two"),
        # compared keys: an invalid value, not "another spec"
        ("policy", "confidence_level", 2, "run.spec.policy.confidence_level must be a number"),
        ("policy", "confidence_level", None, "strictly between 0.5 and 1, not null"),
        ("policy", "di_threshold", "0.8", "run.spec.policy.di_threshold must be a number"),
        ("policy", "eo_threshold", 0, "run.spec.policy.eo_threshold must be a number"),
        ("policy", "min_group_size", 1.5, "run.spec.policy.min_group_size must be a whole"),
        ("policy", "min_labels", 0, "run.spec.policy.min_labels must be a whole number"),
        ("policy", "ci", "wald", "run.spec.policy.ci is not one of its choices"),
        ("policy", "di_rule", "above", "run.spec.policy.di_rule is not one of its choices"),
        ("thresholds", "threshold", 2, "run.spec.thresholds.threshold must be a number"),
    ],
)
def test_a_spec_value_the_spec_refuses_is_not_intact(result, report, section, key, value, said):
    report["run"]["spec"][section][key] = value
    message = _refused(result, report)
    assert said in message, message


def test_valid_free_values_still_pass(result, report):
    for section, key, value in [
        ("policy", "seed", None),
        ("policy", "seed", 12),
        ("policy", "n_boot", None),
        ("target", "engine", "duckdb"),
        ("roles", "y_pred", ["q"]),
        ("roles", "y_pred", "q"),
    ]:
        edited = copy.deepcopy(report)
        edited["run"]["spec"][section][key] = value
        assert result.gate("flagged", edited).passed, (section, key, value)


def _estimate(doc, metric):
    return doc["comparisons"][0]["metrics"][metric]


@pytest.mark.parametrize(
    ("metric", "edit", "said"),
    [
        # the tester's: a PASS DI with its interval, its value nulled: its move was skipped
        ("disparate_impact", {"value": None}, "disparate_impact.value is null while its ci_high"),
        ("equalized_odds_difference", {"value": None}, "equalized_odds_difference.value is null"),
        ("disparate_impact", {"ci_low": None}, "disparate_impact.ci_low is null under the verdict"),
        ("equalized_odds_difference", {"ci_high": None}, "ci_high is null under the verdict PASS"),
    ],
)
def test_a_gated_estimates_null_beside_its_numbers_is_refused(result, report, metric, edit, said):
    _estimate(report, metric).update(edit)
    assert said in _refused(result, report)


def test_a_null_value_the_audit_writes_stays_accepted(result, report):
    # an unbounded DI (the reference never selected): value and high end null, FLAGGED, its
    # low end above the band (an interval [0.9, inf) the audit would call INCONCLUSIVE)
    di = _estimate(report, "disparate_impact")
    di.update(value=None, ci_low=1.3, ci_high=None, status="FLAGGED", reason="unbounded")
    report["comparisons"][0]["status"] = "FLAGGED"
    report["comparisons"][0]["flagged"] = True
    assert result.gate("never", report).passed
    # an undefined estimate: no value, no interval
    eo = _estimate(report, "equalized_odds_difference")
    eo.update(value=None, ci_low=None, ci_high=None, status="UNDEFINED", reason="no labels")
    assert result.gate("never", report).passed


def test_an_unbounded_di_the_audit_writes_is_a_valid_baseline(tmp_path):
    """The real thing, not an edit: b never selected against a, the reference."""
    frame = _frame(0.5)
    frame.loc[frame["g"] == "a", "p"] = 0
    path = tmp_path / "u.csv"
    frame.to_csv(path, index=False)
    spec = AuditSpec.from_dict(
        {
            "target": {"file": str(path), "engine": "pandas"},
            "roles": {"y_true": "y", "y_pred": "p", "protected": ["g=a"]},
            "policy": {"n_boot": 200},
        }
    )
    out = ethiclens.run(spec)
    di = json.loads(out.to_json())["comparisons"][0]["metrics"]["disparate_impact"]
    assert di["value"] is None and di["ci_high"] is None and di["ci_low"] is not None
    assert out.gate("never", out).passed


def test_the_cli_refuses_the_edited_baseline_with_exit_2(data, report, tmp_path, capsys):
    report["run"]["spec"]["policy"]["seed"] = "abc"
    baseline = tmp_path / "prev.json"
    baseline.write_text(json.dumps(report))
    argv = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g=a"]
    code = main([*argv, "--engine", "pandas", "--n-boot", "200", "--baseline", str(baseline)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1, err
    assert "option '--baseline'" in err[0] and "run.spec.policy.seed" in err[0]
    assert "'abc'" in err[0]


def test_a_model_comparison_refuses_a_baseline_naming_it():
    frame = _frame(0.5)
    worse = _frame(0.3)["p"]
    result = compare(frame["y"], frame["p"], worse, frame[["g"]], reference={"g": "a"}, n_boot=100)
    with pytest.raises(EthicLensInputError) as info:
        result.gate("flagged", baseline="prev.json")
    message = str(info.value)
    assert "argument 'baseline'" in message and "model B against model A" in message
    assert "Fix: drop baseline" in message and ".gate(fail_on, baseline=...)" in message
    assert result.gate("flagged", baseline=None).fail_on == "flagged"
    assert "baseline" in type(result).gate.__doc__
