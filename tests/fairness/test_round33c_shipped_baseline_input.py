"""Round 33c: since 852c6a6b a shipped ACSIncome audit's ``run.input.files`` names the labels
file too, so a report written before it (``data/round33c_acs_income_baseline_94c1ff7b.json``,
``ethiclens audit acs-income --json`` at 94c1ff7b) given as ``--baseline`` to the same audit was
noted "other input than the baseline (run.input fingerprint differs; 9392 -> 9392 rows)". A
shipped dataset's files both reports name are compared; a real change of input is still noted."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from ethiclens.cli import main
from ethiclens.fairness import gate

OLD = Path(__file__).parent / "data" / "round33c_acs_income_baseline_94c1ff7b.json"
NOTE = "other input than the baseline"


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    root = tmp_path_factory.mktemp("r33c_acs")
    out = root / "now.json"
    assert main(["audit", "acs-income", "--json", str(out), "--baseline", str(OLD)]) == 0
    return json.loads(OLD.read_text()), json.loads(out.read_text())


def test_the_same_audit_against_an_older_baseline_has_no_input_note(reports, capsys):
    old, now = reports
    assert set(now["run"]["input"]["files"]) > set(old["run"]["input"]["files"])
    outcome = gate(now, "never", baseline=old)
    assert outcome.passed and not [n for n in outcome.notes if NOTE in n]


def _noted(old, now):
    return [n for n in gate(now, "never", baseline=old).notes if NOTE in n]


def test_a_real_change_of_input_is_still_noted(reports):
    old, now = reports
    other = copy.deepcopy(old)
    other["run"]["input"]["files"]["acsincome_co_features.csv"] = "0" * 64
    assert _noted(other, now)
    other = copy.deepcopy(now)  # a file both name with another checksum
    other["run"]["input"]["files"]["acsincome_co_labels.csv"] = "0" * 64
    assert _noted(other, now)
    other = copy.deepcopy(old)
    other["run"]["input"]["rows"] = 9000
    assert _noted(other, now)
    other = copy.deepcopy(old)
    other["run"]["input"]["files"] = {"acsincome_ne_features.csv": "1" * 64}
    assert _noted(other, now)
