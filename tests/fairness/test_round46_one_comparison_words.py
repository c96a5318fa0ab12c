"""Round 46: a count of one printed with a plural noun: repr(comparison) 'ModelComparison(B vs
A, 1 comparisons)', its summary, the compare report's 'No verdict changed (1 comparisons).',
repr(audit) 'AuditResult(600 rows, 1 attribute(s), 1 comparisons: ...)', the notebook's '1
comparisons (...)', repr(threshold table) '1 thresholds, 1 comparisons' and its terminal line
'1 thresholds'; a counts table's 'wrote c.csv: 1 cells, 1 rows; --min-cell 2 dropped 1 cells
(1 rows)' and the audit terminal's line on it. One helper (ethiclens._text.plural, the
monitor's) now words every such count."""

from __future__ import annotations

import numpy as np
import pandas as pd

import ethiclens as el
from ethiclens.cli import main
from ethiclens.report import terminal_summary, threshold_summary
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


def test_one_cell_and_one_row_of_a_counts_table(tmp_path, capsys):
    (tmp_path / "x.csv").write_text("g,p\na,1\na,1\nb,0\n", encoding="utf-8")
    argv = ["counts", str(tmp_path / "x.csv"), "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--min-cell", "2", "--out", str(tmp_path / "c.csv")]) == 0
    said = capsys.readouterr().out
    assert ": 1 cell, 2 rows; --min-cell 2 dropped 1 cell (1 row), every cell of g b" in said
    # the audit's terminal line on such a table's record
    g, y, p, _ = _data()
    record = {"min_cell": 2, "cells_dropped": 1, "rows_dropped": 1, "rows_kept": 2}
    audit = el.audit(
        y, p, g, n_boot=100, random_state=1, provenance={"min_cell_suppression": record}
    )
    text = "\n".join(x for x in terminal_summary(audit) if isinstance(x, str))
    assert "--min-cell 2 dropped 1 cell (1 row; 2 kept)" in text, text
