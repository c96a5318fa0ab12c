"""Tester round 18: the ``--baseline`` gate missed a DI that became unbounded, called a verdict
that can no longer be judged "better", ranked DI two-sided under ``--di-rule below``, and read a
baseline whose estimate lies outside its own interval."""

from __future__ import annotations

import copy
import json
import math

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.fairness._gate import (
    _DI_BADNESS,
    _badness,
    _moved,
    _regressions,
    gate_comparison,
)
from ethiclens.fairness._policy import DI_RULES

DI = "disparate_impact"


def _write(path, sizes, rates, seed):
    """A CSV of groups A and B (``sizes``) selected at ``rates`` (a rate of 0: never)."""
    rng = np.random.default_rng(seed)
    g = np.array(["A"] * sizes[0] + ["B"] * sizes[1])
    rate = np.where(g == "A", rates[0], rates[1])
    pd.DataFrame({"g": g, "p": (rng.random(len(g)) < rate).astype(int)}).to_csv(path, index=False)
    return path


def _audit(path, *more) -> int:
    args = ["audit", str(path), "--y-pred", "p", "--protected", "g=A", "--n-boot", "200"]
    return main([*args, *map(str, more)])


def _said(capsys) -> str:
    out = capsys.readouterr()
    return out.out + out.err


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    root = tmp_path_factory.mktemp("gate18")
    _write(root / "di1.csv", (1000, 1000), (0.2, 0.5), 11)  # DI about 2.45, FLAGGED
    _write(root / "di2.csv", (1000, 1000), (0.0, 0.5), 12)  # A never selected: DI unbounded
    _write(root / "in1.csv", (1000, 500), (0.5, 0.234), 5)  # DI about 0.45, FLAGGED
    _write(root / "in2.csv", (1000, 90), (0.5, 0.096), 6)  # B below the floor of 100
    for name in ("di1", "di2", "in1"):
        assert _audit(root / f"{name}.csv", "--json", root / f"{name}.json") == 0
    return root


# 1. An unbounded DI is the extreme of badness above 1


def test_a_di_that_became_unbounded_fails_the_gate(place, capsys):
    # tester round 18: FLAGGED -> FLAGGED, DI 2.45 [2.15, 2.83] -> unbounded passed the gate
    report = json.loads((place / "di2.json").read_text())
    di = report["comparisons"][0]["metrics"][DI]
    assert di["value"] is None and di["ci_low"] > 100 and di["ci_high"] is None
    capsys.readouterr()
    assert _audit(place / "di2.csv", "--baseline", place / "di1.json") == 1
    said = _said(capsys)
    assert "worse than the baseline: g:B: Disparate impact moved 2.4" in said
    assert "-> unbounded [" in said and ", ∞), beyond both intervals (worse)" in said  # r49


def test_a_di_that_became_bounded_again_is_better(place, capsys):
    capsys.readouterr()
    assert _audit(place / "di1.csv", "--baseline", place / "di2.json") == 0
    said = _said(capsys)
    assert "g:B: Disparate impact moved unbounded [" in said  # round 49: was 'inf ['
    assert ", ∞) -> 2.4" in said and "beyond both intervals (better)" in said


def test_an_unbounded_di_is_compared_by_its_honest_bounds():
    finite = {"value": 2.45, "ci_low": 2.15, "ci_high": 2.83}
    unbounded = {"value": None, "ci_low": 212.7, "ci_high": None}
    assert _moved(finite, unbounded, DI)[0] == "worse"
    assert _moved(unbounded, finite, DI)[0] == "better"
    # an interval reaching infinity holds the unbounded DI: no move beyond both intervals
    assert _moved({"value": 300.0, "ci_low": 150.0, "ci_high": None}, unbounded, DI) is None
    # an undefined DI (no value, no interval) is not compared
    assert _moved(finite, {"value": None, "ci_low": None, "ci_high": None}, DI) is None
    # under 'below' a DI above 1 is as good as 1: unbounded is no worse than 2.45
    assert _moved(finite, unbounded, DI, "below")[0] == "same"


# 2. A verdict that can no longer be judged is not better


def test_flagged_to_insufficient_data_is_a_neutral_note(place, capsys):
    # tester round 18: FLAGGED -> INSUFFICIENT_DATA (B thinned to 90 rows) read "(better)"
    capsys.readouterr()
    assert _audit(place / "in2.csv", "--baseline", place / "in1.json") == 0
    said = _said(capsys)
    assert "g:B: verdict FLAGGED -> INSUFFICIENT_DATA (could not be judged now" in said
    assert "INSUFFICIENT_DATA (better)" not in said
    capsys.readouterr()
    assert _audit(place / "in2.csv", "--baseline", place / "in1.json", "--fail-on", "insufficient")
    assert "g:B (INSUFFICIENT_DATA)" in _said(capsys)


def _comparison(status, value, low, high):
    di = {"value": value, "ci_low": low, "ci_high": high, "status": status}
    return {"attribute": "g", "group": "B", "status": status, "metrics": {DI: di}}


def test_an_unjudged_verdict_still_fails_on_a_di_moved_beyond_both_intervals():
    old = {"comparisons": [_comparison("FLAGGED", 0.45, 0.40, 0.50)]}
    new = {"comparisons": [_comparison("INSUFFICIENT_DATA", 0.19, 0.15, 0.23)]}
    out, notes = _regressions(old, new)
    assert out == ["g:B: Disparate impact moved 0.450 [0.400, 0.500] -> 0.190 [0.150, 0.230], "
                   "beyond both intervals (worse)"]  # fmt: skip
    assert notes[0].startswith("g:B: verdict FLAGGED -> INSUFFICIENT_DATA (could not be judged")
    assert not any(n.endswith("(better)") for n in notes)
    # INCONCLUSIVE -> UNDEFINED is noted alike; PASS -> INSUFFICIENT_DATA stays a regression
    old["comparisons"][0]["status"] = "INCONCLUSIVE"
    new["comparisons"][0].update(status="UNDEFINED", metrics={})
    assert _regressions(old, new)[1] == [
        "g:B: verdict INCONCLUSIVE -> UNDEFINED (could not be judged now: neither better nor worse)"
    ]
    old["comparisons"][0]["status"] = "PASS"
    assert _regressions(old, new)[0] == ["g:B: verdict PASS -> UNDEFINED"]


# 3. DI is ranked by the DI rule in force


def test_every_di_rule_ranks_di_badness():
    assert set(_DI_BADNESS) == set(DI_RULES)
    for rule in DI_RULES:
        assert _badness(DI, 0.0, rule) == math.inf
        assert _badness(DI, 0.5, rule) > _badness(DI, 0.9, rule) > _badness(DI, 1.0, rule) == 0
    assert _badness(DI, 1.746, "two_sided") > _badness(DI, 0.957, "two_sided")
    assert _badness(DI, 1.746, "below") == _badness(DI, 1.2, "below") == 0
    assert _badness(DI, math.inf, "two_sided") == math.inf


def test_under_the_below_rule_a_rise_above_1_is_not_worse(place, capsys):
    # tester round 18: --di-rule below failed on DI 0.957 -> 1.746 "(worse)"
    r1 = _write(place / "r1.csv", (1000, 1000), (0.4, 0.383), 3)
    r2 = _write(place / "r2.csv", (1000, 1000), (0.3, 0.52), 4)
    rule = ("--di-rule", "below")
    assert _audit(r1, *rule, "--json", place / "r1.json") == 0
    capsys.readouterr()
    assert _audit(r2, *rule, "--baseline", place / "r1.json") == 0
    said = _said(capsys)
    assert "beyond both intervals, by the DI rule 'below' (better)" in said
    assert "(worse)" not in said


def test_under_the_below_rule_a_move_above_1_is_neither_worse_nor_better():
    old, new = ({"value": v, "ci_low": v - 0.1, "ci_high": v + 0.1} for v in (1.2, 1.9))
    way, words = _moved(old, new, DI, "below")
    assert way == "same"
    assert words.endswith("by the DI rule 'below' (neither worse nor better: as far from parity)")
    assert _moved(new, old, DI, "two_sided")[0] == "better"


@pytest.mark.parametrize(("rule", "worse"), [("two_sided", True), ("below", False)])
def test_the_comparison_gate_ranks_by_the_rule_too(rule, worse):
    report = {
        "models": {"a": "prod", "b": "cand"},
        "config": {"policy": {"di_rule": rule}},
        "verdicts": [],
        "differences": [
            {
                "attribute": "g",
                "group": "B",
                "metric": DI,
                "value_a": 0.957,
                "value_b": 1.746,
                "difference": {"value": 0.789, "ci_low": 0.7, "ci_high": 0.9},
            }
        ],
    }
    assert bool(gate_comparison(report, "flagged").regressions) is worse


# 4. A baseline's estimate outside its own interval is refused


def test_a_baseline_estimate_outside_its_interval_is_refused(place, capsys):
    # tester round 18: DI value 5.0 with its interval left at [0.41, 0.55] was read
    report = json.loads((place / "in1.json").read_text())
    edited = copy.deepcopy(report)
    di = edited["comparisons"][0]["metrics"][DI]
    di["value"] = 5.0
    (place / "edited.json").write_text(json.dumps(edited))
    capsys.readouterr()
    assert _audit(place / "in1.csv", "--baseline", place / "edited.json") == 2
    said = _said(capsys)
    assert "edited.json is not an intact audit report: comparisons[0].metrics." in said
    assert f"disparate_impact.value (g:B vs A) is outside its interval [{di['ci_low']!r}, " in said
    assert f"{di['ci_high']!r}]: the audit's interval always contains its estimate" in said
    assert "(value: 5.0)" in said


def test_a_baseline_estimate_on_its_interval_within_float_tolerance_is_read(place, capsys):
    report = json.loads((place / "in1.json").read_text())
    di = report["comparisons"][0]["metrics"][DI]
    di["value"] = di["ci_high"] * (1 + 1e-12)
    (place / "rounded.json").write_text(json.dumps(report))
    assert _audit(place / "in1.csv", "--baseline", place / "rounded.json") == 0
    di["value"] = di["ci_high"] * (1 + 1e-6)
    (place / "outside.json").write_text(json.dumps(report))
    assert _audit(place / "in1.csv", "--baseline", place / "outside.json") == 2


def test_compare_gate_fails_b_whose_di_is_unbounded():
    rng = np.random.default_rng(11)
    g = np.array(["A"] * 1000 + ["B"] * 1000)
    y = rng.integers(0, 2, 2000)
    pred_a = np.where(g == "A", rng.random(2000) < 0.5, rng.random(2000) < 0.2).astype(int)
    pred_b = np.where(g == "A", 0, rng.random(2000) < 0.5).astype(int)  # A never selected
    comparison = ethiclens.compare(
        y, pred_a, pred_b, {"g": g}, reference={"g": "A"}, n_boot=200, random_state=0
    )
    outcome = comparison.gate("flagged")
    assert any("unbounded under B" in r and "(worse under B)" in r for r in outcome.regressions)
    below = ethiclens.compare(
        y,
        pred_a,
        pred_b,
        {"g": g},
        reference={"g": "A"},
        n_boot=200,
        random_state=0,
        policy=ethiclens.Policy(di_rule="below"),
    )
    assert not any("unbounded" in r for r in below.gate("flagged").regressions)
