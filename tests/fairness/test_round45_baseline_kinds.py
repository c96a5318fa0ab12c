"""Round 45 (after round 44's baseline kinds): a monitor's JSON report given as the baseline
(it has comparisons too, per window) passed as an audit's and was refused as broken, "is not
an intact audit report: config is missing ... or re-run the audit"; the HTML report, the data
file or the model card was "cannot parse r.html: Expecting value: line 1 column 1", with a
fix about YAML tags. Each is now named as what it is, with the report to give, on every face
(--baseline, gate.baseline, Python's baseline=: one reader)."""

from __future__ import annotations

import json

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._gate import _read_baseline

MONITOR = {"schema_version": 1, "kind": "ethiclens-monitor", "run": {}, "comparisons": []}


def _refused(baseline) -> str:
    with pytest.raises(EthicLensInputError) as info:
        _read_baseline(baseline)
    assert info.value.column == "baseline"
    return str(info.value)


def test_a_monitors_report_is_named_as_one(tmp_path):
    (tmp_path / "m.json").write_text(json.dumps(MONITOR))
    said = _refused(str(tmp_path / "m.json"))
    assert "m.json is not an audit report: it is a monitor's (ethiclens monitor)" in said, said
    assert "intact" not in said and "--fail-on alarm" in said
    assert "it is a monitor's" in _refused(dict(MONITOR))


@pytest.mark.parametrize(
    ("name", "text", "what"),
    [
        ("r.html", "<!doctype html><html></html>", "an HTML page (the report for people)"),
        ("d.csv", "y,p,g\n1,0,a\n", "a data file"),
        ("card.md", "# Model card\n", "a Markdown file"),
    ],
)
def test_a_file_of_another_kind_is_named_by_its_suffix(tmp_path, name, text, what):
    (tmp_path / name).write_text(text)
    said = _refused(str(tmp_path / name))
    assert f"{name} is {what}, not an audit report (JSON)" in said, said
    assert "Expecting value" not in said and "YAML" not in said
