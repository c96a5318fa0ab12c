"""Round 33: the HTML report's run record (and the provenance beside it) shows a yes/no or
missing value as the JSON says it (true/false/null), never in Python's spelling
(True/False/None): ``gate.passed False`` read as Python, not as the report's words."""

from __future__ import annotations

import json

import numpy as np

import ethiclens
from ethiclens.report import estimate_html, render_html


def _result():
    rng = np.random.default_rng(0)
    n = 600
    g = rng.choice(["a", "b"], n)
    yt = rng.integers(0, 2, n)
    yp = np.where(g == "a", 1, rng.integers(0, 2, n))
    result = ethiclens.audit(yt, yp, sensitive_features={"grp": g}, n_boot=100)
    result.run = {
        "engine": "pandas",
        "input": {"kind": "file", "shipped": True, "rows": 600, "sheet": None},
        "gate": {
            "passed": False,
            "fail_on": "flagged",
            "failures": ["grp:b (FLAGGED)"],
            "baseline": None,
            "regressions": [],
            "notes": [],
        },
    }
    return result


def test_the_gate_and_input_render_in_the_jsons_words():
    result = _result()
    gate = json.loads(result.to_json())["run"]["gate"]
    assert gate["passed"] is False and gate["baseline"] is None
    html = render_html(result)
    run = html[html.index('<section id="run"') :]
    run = run[: run.index("</section>")]
    assert "<dt>gate passed</dt><dd>false</dd>" in run
    assert "<dt>gate baseline</dt><dd>null</dd>" in run
    assert "<dt>input shipped</dt><dd>true</dd>" in run
    assert "<dt>input sheet</dt><dd>null</dd>" in run
    for python in ("<dd>False</dd>", "<dd>True</dd>", "<dd>None</dd>"):
        assert python not in html


def test_the_provenance_config_renders_in_the_jsons_words():
    html = render_html(_result())
    prov = html[html.index('<section id="provenance"') :]
    prov = prov[: prov.index("</section>")]
    assert "<dt>true labels given</dt><dd>true</dd>" in prov
    assert "<dt>weighted by a column</dt><dd>false</dd>" in prov


def test_the_estimate_pages_run_record_too():
    doc = {
        "config": {
            "ethiclens_version": "0.1.0",
            "random_state": 0,
            "n_boot": 10,
            "confidence_level": 0.95,
            "metrics": ["selection_rate"],
        },
        "run": {"input": {"verified": True, "note": None}},
    }
    html = estimate_html("t", "b", {}, "m", doc)
    assert "<dt>input verified</dt><dd>true</dd>" in html
    assert "<dt>input note</dt><dd>null</dd>" in html
