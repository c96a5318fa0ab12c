"""Tester round 7: the baseline gate lets the rows come from any place, refuses numbers no
audit writes, and lists a verdict that got better."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import gate
from ethiclens.spec import AuditSpec


def _run(tmp_path_factory, name: str, rate_b: float):
    """A run of groups a and b (2,000 rows each), b selected at ``rate_b`` against a's 0.5."""
    rng = np.random.default_rng(0)
    g = np.repeat(["a", "b"], 2000)
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, 4000),
            "p": (rng.random(4000) < np.where(g == "a", 0.5, rate_b)).astype(int),
            "g": g,
        }
    )
    path = tmp_path_factory.mktemp("gate7") / f"{name}.csv"
    frame.to_csv(path, index=False)
    spec = {
        "target": {"file": str(path), "engine": "pandas"},
        "roles": {"y_true": "y", "y_pred": "p", "protected": ["g=a"]},
        "policy": {"n_boot": 100},
    }
    return ethiclens.run(AuditSpec.from_dict(spec))


@pytest.fixture(scope="module")
def flagged(tmp_path_factory):
    """A run whose comparison g:b is FLAGGED (b selected at 0.3 against a's 0.5)."""
    return _run(tmp_path_factory, "flagged", 0.3)


@pytest.fixture(scope="module")
def fair(tmp_path_factory):
    """The same spec on rows where b is selected as often as a: g:b PASSes."""
    return _run(tmp_path_factory, "fair", 0.5)


@pytest.fixture
def report(flagged):
    return json.loads(flagged.to_json())


@pytest.mark.parametrize(
    "place",
    [
        {"counts": "counts.parquet"},
        {"db": "sqlite:///old.db", "table": "preds"},
        {"db": "sqlite:///old.db", "query": "SELECT * FROM preds"},
        {"db_env": "DB_URL", "table": "preds"},
    ],
)
def test_a_baseline_whose_rows_came_from_another_place_is_compared(flagged, report, place):
    # tester round 7: a counts table's or a database's run refused a file's baseline
    # ("target file -> counts"; "target.table None -> 'preds'"), though the docs free the place
    report["run"]["spec"]["target"] |= {"file": None} | place
    assert flagged.gate("never", baseline=report).passed
    # and that place's run against the file's baseline
    assert gate(report, "never", baseline=json.loads(flagged.to_json())).passed


def test_a_benchmark_is_still_another_dataset(flagged, report):
    report["run"]["spec"]["target"] |= {"file": None, "dataset": "compas"}
    with pytest.raises(EthicLensInputError, match="target dataset -> file"):
        flagged.gate("never", baseline=report)


_DI = ("metrics", "disparate_impact")
_EO = ("metrics", "equalized_odds_difference")


@pytest.mark.parametrize(
    ("where", "numbers", "said"),
    [
        (
            _DI,
            {"value": 0.98, "ci_low": 2.0, "ci_high": 0.1},
            "disparate_impact.ci_low is above its ci_high 0.1 (a reversed interval) (value: 2.0)",
        ),
        (
            _DI,
            {"value": -5.0, "ci_low": -6.0, "ci_high": -4.0},
            "disparate_impact.value is below 0 (a ratio of selection rates) (value: -5.0)",
        ),
        (_DI, {"ci_low": -0.5}, "disparate_impact.ci_low is below 0"),
        (_EO, {"value": 1.5, "ci_high": 1.7}, "equalized_odds_difference.value is outside [0, 1]"),
        (_EO, {"value": 0.1, "ci_low": -0.2}, "equalized_odds_difference.ci_low is outside"),
        (
            ("metrics", "statistical_parity_difference"),
            {"ci_low": 0.3, "ci_high": -0.3},
            "statistical_parity_difference.ci_low is above its ci_high -0.3",
        ),
    ],
)
def test_a_baseline_with_impossible_numbers_is_refused(flagged, report, where, numbers, said):
    # tester round 7: e_inv.json (DI 0.98 in [2.0, 0.1]) and e_neg.json (DI -5) were accepted
    estimate = report["comparisons"][0][where[0]][where[1]]
    estimate |= numbers
    with pytest.raises(EthicLensInputError) as info:
        flagged.gate("never", baseline=report)
    message = str(info.value)
    assert "not an intact audit report: comparisons[0].metrics." in message, message
    assert said in message and "Fix: give an unedited" in message, message


def test_a_comparison_verdict_better_than_its_metrics_is_refused(flagged, report):
    # tester round 7: e_flag.json (DI FLAGGED under a PASS comparison) read as "improved"
    (i,) = [i for i, c in enumerate(report["comparisons"]) if c["group"] == "b"]
    report["comparisons"][i]["status"] = "PASS"
    with pytest.raises(EthicLensInputError) as info:
        flagged.gate("never", baseline=report)
    assert (
        f"comparisons[{i}].status is better than its disparate_impact verdict FLAGGED (a "
        "comparison is as bad as its worst) (value: 'PASS')"
    ) in str(info.value)


def test_a_value_outside_its_interval_is_no_baseline_an_audit_writes(flagged, report):
    # round 18: every interval the audit reports is extended to contain its estimate
    # (fairness._intervals.contain), so an estimate outside it is an edited baseline
    report["comparisons"][0]["metrics"]["equalized_odds_difference"] |= {
        "value": 0.004,
        "ci_low": 0.007,
        "ci_high": 0.124,
    }
    with pytest.raises(EthicLensInputError, match="is outside its interval"):
        flagged.gate("never", baseline=report)


def test_a_verdict_that_got_better_is_a_note(report, fair):
    # tester round 7: baseline FLAGGED, now PASS was not listed in run.gate.notes. The PASS
    # run is a real one (round 20: a verdict its interval does not give is refused), so its
    # DI and EO moved beyond both intervals too, listed after the verdict.
    now = json.loads(fair.to_json())
    assert [c["status"] for c in now["comparisons"] if c["group"] == "b"] == ["PASS"]
    outcome = gate(now, "never", baseline=report)
    assert outcome.passed and "g:b: verdict FLAGGED -> PASS (better)" in outcome.notes
    worse = gate(report, "never", baseline=now)
    assert worse.regressions[0] == "g:b: verdict PASS -> FLAGGED"
    assert [r.split(" moved ")[0] for r in worse.regressions[1:]] == [
        "g:b: Disparate impact",  # in words since round 46 (e79548a8), as every face names it
        "g:b: Equalized odds difference",
    ]
    assert all(r.endswith("beyond both intervals (worse)") for r in worse.regressions[1:])
