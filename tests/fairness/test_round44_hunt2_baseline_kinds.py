"""Round 44 (second-wave hunt): a baseline that is another kind of EthicLens file was refused
without saying what it is, where a comparison's report is named: the run's own spec
(--baseline c.yaml: "cannot parse c.yaml: Expecting value: line 1 column 1 (char 0)", with a
fix about YAML tags; its JSON or an AuditSpec: "is not an audit report") and a threshold
view's report ("is not an audit report"). Each is now named, with the report to give."""

from __future__ import annotations

import json

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._gate import _read_baseline

SPEC = {"version": 1, "target": {"file": "d.csv"}, "roles": {"y_true": "y", "y_pred": ["p"]}}


def _refused(baseline) -> str:
    with pytest.raises(EthicLensInputError) as info:
        _read_baseline(baseline)
    assert info.value.column == "baseline"
    return str(info.value)


def test_a_spec_file_is_named_as_one(tmp_path):
    (tmp_path / "c.yaml").write_text("version: 1\ntarget: {file: d.csv}\nroles: {y_true: y}\n")
    said = _refused(str(tmp_path / "c.yaml"))
    assert "c.yaml is a YAML file, not an audit report (JSON): a spec is the request" in said
    assert "Expecting value" not in said and "of its run" in said
    (tmp_path / "c.json").write_text(json.dumps(SPEC))
    assert "c.json is not an audit report: it is a spec (a spec is the request" in _refused(
        str(tmp_path / "c.json")
    )
    assert "it is a spec" in _refused(dict(SPEC))


def test_a_threshold_views_report_is_named_as_one(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"schema_version": "1", "kind": "threshold_table", "run": {}}))
    said = _refused(str(path))
    assert "t.json is not an audit report: it is a threshold view's (ethiclens thresholds)" in said
    assert "at the threshold you use" in said


def test_other_data_is_refused_as_before(tmp_path):
    (tmp_path / "l.json").write_text("[1, 2]")
    said = _refused(str(tmp_path / "l.json"))
    assert "l.json is not an audit report. Fix: give a JSON report of an audit" in said
    (tmp_path / "bad.yml").write_text("{")  # no JSON in a .yml: named a YAML file too
    assert "is a YAML file" in _refused(str(tmp_path / "bad.yml"))
