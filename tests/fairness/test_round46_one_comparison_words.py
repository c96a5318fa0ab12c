"""Round 46: a count of one printed with a plural noun: repr(comparison) 'ModelComparison(B vs
A, 1 comparisons)', its summary and the compare report's 'No verdict changed (1 comparisons).',
repr(audit) 'AuditResult(600 rows, 1 attribute(s), 1 comparisons: ...)', the notebook's '1
comparisons (...)', repr(threshold table) '1 thresholds, 1 comparisons' and its terminal line
'1 thresholds'. One helper (ethiclens._text.plural, the monitor's) now words every such count."""

from __future__ import annotations

import numpy as np
import pandas as pd

import ethiclens as el
from ethiclens.report import threshold_summary
from ethiclens.report._compare_report import build_comparison_report


def _data(n=600):
    rng = np.random.default_rng(11)
    g = pd.DataFrame({"g": rng.choice(["a", "b"], n)})
    return g, rng.integers(0, 2, n), rng.integers(0, 2, n), rng.random(n)


def test_one_comparison_is_one_comparison():
    g, y, p, _ = _data()
    audit = el.audit(y, p, g, n_boot=100, random_state=1)
    assert repr(audit).startswith("AuditResult(600 rows, 1 attribute, 1 comparison: ")
    assert "1 comparison (" in audit._repr_html_()
    q = np.where(np.arange(len(p)) % 10 == 0, 1 - p, p)  # a few rows flipped: same verdicts
    comp = el.compare(y, p, q, g, n_boot=100, random_state=1, names=("A", "B"))
    shown = repr(comp)
    assert shown.startswith("ModelComparison(B vs A, 1 comparison)"), shown
    assert "No verdict changed (1 comparison)." in shown
    assert "No verdict changed (1 comparison)." in str(build_comparison_report(comp).sections)
    for text in (shown, repr(audit)):
        assert "1 comparisons" not in text and "attribute(s)" not in text


def test_many_stay_plural():
    g, y, p, _ = _data()
    two = pd.concat([g, g.rename(columns={"g": "h"})], axis=1)
    audit = el.audit(y, p, two, n_boot=100, random_state=1)
    assert repr(audit).startswith("AuditResult(600 rows, 2 attributes, 2 comparisons: ")


def test_one_threshold_is_one_threshold():
    g, y, _, s = _data()
    table = el.threshold_table(y, s, g, thresholds=[0.5], n_boot=100, random_state=1)
    assert repr(table).startswith("ThresholdTable(1 threshold, 1 comparison, "), repr(table)
    assert ", 1 threshold, audited" in threshold_summary(table)[0]
