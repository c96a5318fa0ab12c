"""Round 26: the P2NIA estimate page names its intervals' level as the estimate made them: an
estimate at ``level=0.8`` printed its intervals under a "95% interval" header."""

from __future__ import annotations

import re

from ethiclens.report import estimate_html

VALUES = {"dp": {"value": 0.2, "ci_low": 0.1, "ci_high": 0.3, "status": "REPORTED", "reason": None}}


def _document(level):
    config = {"ethiclens_version": "0", "random_state": 0, "n_boot": 200, "metrics": ["dp"]}
    return {"config": {**config, "confidence_level": level}, "run": {}}


def _heads(page):
    return re.findall(r"<th scope='col'>([^<]*)</th>", page)


def test_the_header_and_the_methods_line_name_the_estimates_level():
    page = estimate_html("t", "b", VALUES, "percentile", _document(0.8))
    assert "80% interval" in _heads(page) and "95%" not in page
    assert "80% intervals: percentile." in page
    page = estimate_html("t", "b", VALUES, "percentile", _document(0.975))
    assert "97.5% interval" in _heads(page)


def test_without_a_document_the_default_level_is_named():
    assert "95% interval" in _heads(estimate_html("t", "b", VALUES, "percentile"))


def test_an_estimate_without_intervals_names_no_level():
    none = {"dp": {**VALUES["dp"], "ci_low": None, "ci_high": None}}
    method = "not computed (--n-boot 0; n_boot=0 in Python)"
    page = estimate_html("t", "b", none, method, _document(0.8))
    assert "<p>Intervals: not computed (--n-boot 0; n_boot=0 in Python).</p>" in page
