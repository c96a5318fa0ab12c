"""Tester round 20: a baseline whose DI verdict was edited to FLAGGED, though its interval lies
inside [0.8, 1.25], was read, and a real drop read as "FLAGGED -> INCONCLUSIVE (better)". Every
DI and EO verdict of a baseline is drawn again from its interval under the report's policy, by
the audit's own judge; one that differs is refused, naming the comparison and the key."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

DI, EO = "disparate_impact", "equalized_odds_difference"
FIX = "re-run the audit to make a new baseline"


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    """A (4,000 rows, rate 0.5) and B (3,000 rows) at 0.43 (DI 0.86, PASS), 0.415 (DI 0.83)
    or 0.75 (DI 1.5: FLAGGED two-sided, PASS under the DI rule below)."""
    root = tmp_path_factory.mktemp("gate20v")
    label = np.random.default_rng(1).integers(0, 2, 7000)
    for name, k in (("v086", 1290), ("v083", 1245), ("v150", 2250)):
        pred = np.r_[np.arange(4000) < 2000, np.arange(3000) < k].astype(int)
        frame = pd.DataFrame({"g": ["A"] * 4000 + ["B"] * 3000, "pred": pred, "label": label})
        frame.to_csv(root / f"{name}.csv", index=False)
    assert _audit(root / "v086.csv", "--json", root / "v086.json") == 0
    rule = ("--di-rule", "below")
    assert _audit(root / "v150.csv", *rule, "--json", root / "below.json") == 0
    return root


def _audit(path, *more) -> int:
    args = ["audit", str(path), "--y-true", "label", "--y-pred", "pred", "--protected", "g=A"]
    return main([*args, "--n-boot", "200", *map(str, more)])


def _edited(place, name: str, edit) -> str:
    report = json.loads((place / "v086.json").read_text())
    edit(report, report["comparisons"][0])
    (place / name).write_text(json.dumps(report))
    return place / name


def _refusal(place, capsys, baseline) -> str:
    capsys.readouterr()
    assert _audit(place / "v083.csv", "--baseline", baseline) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and FIX in err, err
    return err


def test_the_real_baseline_is_read(place, capsys):
    di = json.loads((place / "v086.json").read_text())["comparisons"][0]["metrics"][DI]
    assert di["status"] == "PASS" and 0.8 < di["ci_low"] < di["ci_high"] < 1.25
    assert _audit(place / "v083.csv", "--baseline", place / "v086.json") in (0, 1)


def test_a_flagged_verdict_its_interval_does_not_give_is_refused(place, capsys):
    # the tester's edited.json: DI 0.86 [0.814, 0.906] PASS, edited (with its comparison) to
    # FLAGGED; the run of v083 exited 0 "verdict FLAGGED -> INCONCLUSIVE (better)"
    def edit(report, comparison):
        comparison["metrics"][DI]["status"] = comparison["status"] = "FLAGGED"

    err = _refusal(place, capsys, _edited(place, "edited.json", edit))
    assert "edited.json is not an intact audit report: comparisons[0].metrics." in err
    assert "disparate_impact.status is FLAGGED (g:B vs A), but its interval [0.81" in err
    assert "gives PASS under the report's policy (di_rule 'two_sided', di_threshold 0.8" in err


@pytest.mark.parametrize(
    ("metric", "status"), [(DI, "INCONCLUSIVE"), (EO, "PASS"), (EO, "FLAGGED")]
)
def test_every_judged_verdict_is_drawn_again(place, capsys, metric, status):
    def edit(report, comparison):
        comparison["metrics"][metric]["status"] = status
        verdicts = [comparison["metrics"][m]["status"] for m in (DI, EO)]
        comparison["status"] = next(
            s for s in ("FLAGGED", "INCONCLUSIVE", "PASS") if s in verdicts
        )  # the comparison's verdict follows, so only the metric's contradicts
        comparison["flagged"] = comparison["status"] == "FLAGGED"

    err = _refusal(place, capsys, _edited(place, f"{metric}-{status}.json", edit))
    assert f"comparisons[0].metrics.{metric}.status is {status} (g:B vs A), but its" in err


def test_a_policy_edited_to_fit_an_edited_verdict_is_refused(place, capsys):
    # DI [0.814, 0.906] is FLAGGED below a threshold of 0.95: config.policy is the policy the
    # verdicts were drawn by, and it must be the spec's (the one a gate compares)
    def edit(report, comparison):
        report["config"]["policy"]["di_threshold"] = 0.95
        comparison["metrics"][DI]["status"] = comparison["status"] = "FLAGGED"

    err = _refusal(place, capsys, _edited(place, "policy.json", edit))
    assert "config.policy.di_threshold differs from run.spec.policy.di_threshold 0.8" in err


def test_a_verdict_is_drawn_by_the_reports_own_di_rule(place, capsys):
    # DI 1.5 is PASS under the rule below (FLAGGED two-sided): a real baseline stays read
    report = json.loads((place / "below.json").read_text())
    assert report["comparisons"][0]["metrics"][DI]["status"] == "PASS"
    capsys.readouterr()
    code = _audit(place / "v150.csv", "--di-rule", "below", "--baseline", place / "below.json")
    assert code == 0, capsys.readouterr().err
