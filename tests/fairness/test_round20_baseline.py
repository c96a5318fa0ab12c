"""Round 20: a ``--baseline`` report whose gated numbers were edited into a shape no audit
writes (a finite DI or EO with one interval end nulled or both, an UNDEFINED or REPORTED verdict
beside numbers) is refused naming the comparison and the field, with "re-run the audit to make
a new baseline" (exit 2), never read as an unbounded or missing interval."""

from __future__ import annotations

import copy
import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._gate import gate

DI, EO = "disparate_impact", "equalized_odds_difference"
FIX = "re-run the audit to make a new baseline"


def _write(path, sizes, rates, seed):
    """Groups A and B (``sizes``) selected at ``rates``, with random labels."""
    rng = np.random.default_rng(seed)
    g = np.array(["A"] * sizes[0] + ["B"] * sizes[1])
    p = (rng.random(len(g)) < np.where(g == "A", rates[0], rates[1])).astype(int)
    pd.DataFrame({"g": g, "p": p, "y": rng.integers(0, 2, len(g))}).to_csv(path, index=False)
    return path


def _audit(path, *more) -> int:
    args = ["audit", str(path), "--y-pred", "p", "--y-true", "y", "--protected", "g=A"]
    return main([*args, "--n-boot", "200", *map(str, more)])


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    root = tmp_path_factory.mktemp("gate20")
    _write(root / "a.csv", (1000, 1000), (0.5, 0.45), 1)  # DI about 0.86, INCONCLUSIVE
    _write(root / "b.csv", (1000, 1000), (0.5, 0.30), 2)  # DI about 0.63, FLAGGED
    assert _audit(root / "a.csv", "--json", root / "a.json") == 0
    assert _audit(root / "b.csv", "--json", root / "b.json") == 0
    return root


def _edited(place, edit) -> dict:
    report = json.loads((place / "a.json").read_text())
    edit(report["comparisons"][0])
    return report


CASES = [
    # the tester's: a finite DI's high end nulled was read as [0.78, inf], an interval the
    # run's DI of 0.63 lies outside: judged against a bound no audit wrote
    ("di-high", lambda c: c["metrics"][DI].update(ci_high=None), f"{DI}.ci_high is null while"),
    ("di-low", lambda c: c["metrics"][DI].update(ci_low=None), f"{DI}.ci_low is null while"),
    ("eo-high", lambda c: c["metrics"][EO].update(ci_high=None), f"{EO}.ci_high is null while"),
    ("eo-low", lambda c: c["metrics"][EO].update(ci_low=None), f"{EO}.ci_low is null while"),
    (
        "di-both",
        lambda c: c["metrics"][DI].update(ci_low=None, ci_high=None),
        f"{DI}.ci_low and ci_high are null while its value is 0.8",
    ),
    (
        "di-undefined",
        lambda c: c["metrics"][DI].update(status="UNDEFINED"),
        f"{DI}.status is UNDEFINED while its value is 0.8",
    ),
    (
        "eo-reported",
        lambda c: c["metrics"][EO].update(status="REPORTED"),
        f"{EO}.status is REPORTED",
    ),
]


@pytest.mark.parametrize(("edit", "said"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_an_interval_or_verdict_no_audit_writes_is_refused(place, edit, said):
    new = json.loads((place / "b.json").read_text())
    with pytest.raises(EthicLensInputError) as exc:
        gate(new, "never", _edited(place, edit))
    msg = str(exc.value)
    assert f"is not an intact audit report: comparisons[0].metrics.{said}" in msg, msg
    assert "(g:B vs A)" in msg and msg.endswith(FIX) and "\n" not in msg, msg


def test_the_command_line_refuses_it_with_exit_2(place, capsys):
    (place / "edited.json").write_text(json.dumps(_edited(place, CASES[0][1])))
    capsys.readouterr()
    assert _audit(place / "b.csv", "--baseline", place / "edited.json") == 2
    err = capsys.readouterr().err
    assert "option '--baseline': edited.json is not an intact audit report" in err, err
    assert f"{DI}.ci_high is null while its value is 0.8" in err and FIX in err, err
    assert "worse than the baseline" not in err, err


def test_an_unedited_baseline_still_gates(place, capsys):
    capsys.readouterr()
    assert _audit(place / "b.csv", "--baseline", place / "a.json") == 1
    assert (
        "worse than the baseline: g:B: verdict INCONCLUSIVE -> FLAGGED" in capsys.readouterr().err
    )


@pytest.mark.parametrize("ci", ["percentile", "bca"])
def test_a_finite_di_whose_draws_divided_by_zero_keeps_its_open_interval(tmp_path, ci):
    # the reference selected once in 150 rows: a third of the draws select it never, so the
    # DI's high end is infinite (null), as its ci_method says: what the audit writes
    p = np.zeros(300, int)
    p[[0, *range(150, 160)]] = 1
    path = tmp_path / "rare.csv"
    pd.DataFrame({"g": ["A"] * 150 + ["B"] * 150, "p": p}).to_csv(path, index=False)
    args = ["audit", str(path), "--y-pred", "p", "--protected", "g=A", "--n-boot", "200"]
    assert main([*args, "--ci", ci, "--json", str(tmp_path / "r.json")]) == 0
    report = json.loads((tmp_path / "r.json").read_text())
    di = report["comparisons"][0]["metrics"][DI]
    assert (
        di["value"] == 10.0 and di["ci_high"] is None and "zero reference rate" in di["ci_method"]
    )
    assert gate(report, "never", copy.deepcopy(report)).passed


def test_a_value_below_the_sample_floor_keeps_no_interval(tmp_path):
    path = _write(tmp_path / "small.csv", (1000, 60), (0.5, 0.3), 3)
    assert _audit(path, "--json", tmp_path / "s.json") == 0
    report = json.loads((tmp_path / "s.json").read_text())
    di = report["comparisons"][0]["metrics"][DI]
    assert di["status"] == "INSUFFICIENT_DATA" and di["value"] is not None and di["ci_low"] is None
    assert gate(report, "never", copy.deepcopy(report)).passed
