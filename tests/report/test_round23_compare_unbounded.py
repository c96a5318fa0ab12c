"""Round 23: compare calls a DI whose reference is never selected under one model unbounded,
as that model's own audit does ([72.490, inf], FLAGGED), and says B − A is undefined because
of it (was "p —, p2 6.667, p2 - p undefined under model A or B"). The JSON keeps its rules:
an unbounded or undefined value is null, never 0 or a number."""

from __future__ import annotations

import json
import re
from html import unescape

import numpy as np
import pytest

import ethiclens
from ethiclens.report import comparison_summary, validate_comparison
from ethiclens.report._compare_report import build_comparison_report

UNBOUNDED = "unbounded (the reference's selection rate is 0)"


def _compare(never_selected: str):
    """g: A (reference, 600 rows) and B (300); A is never selected under model ``a``, ``b``
    or ``both``; B is selected about 1 in 3 under both."""
    rng = np.random.default_rng(2)
    g = np.repeat(["A", "B"], [600, 300])
    y = rng.integers(0, 2, g.size)
    pa, pb = ((rng.random(g.size) < 0.35).astype(int) for _ in range(2))
    if never_selected in ("a", "both"):
        pa[g == "A"] = 0
    if never_selected in ("b", "both"):
        pb[g == "A"] = 0
    groups = {"g": g}
    return ethiclens.compare(y, pa, pb, groups, reference={"g": "A"}, n_boot=200, names=("p", "p2"))


@pytest.mark.parametrize(
    ("never", "which", "line"),
    [
        ("a", "model A's DI is", r"DI: p unbounded \(.*\), p2 \d\.\d{3}, p2 - p undefined because"),
        ("b", "model B's DI is", r"DI: p \d\.\d{3}, p2 unbounded \(.*\), p2 - p undefined because"),
        ("both", "both models' DI are", r"DI: p unbounded \(.*\), p2 unbounded \(.*\), p2 - p"),
    ],
)
def test_an_unbounded_di_reads_as_the_audit_reads_it(never, which, line):
    comp = _compare(never)
    d = comp.difference("g", "B", "disparate_impact")
    audit = comp.audit_a if never != "b" else comp.audit_b
    assert audit.comparisons[0].metrics["disparate_impact"].value == np.inf  # the audit's
    assert "unbounded" in audit.comparisons[0].flag_reason
    reason = f"undefined because {which} unbounded (the reference's selection rate is 0)"
    assert d.difference.status == "UNDEFINED" and d.difference.reason == reason
    terminal = "\n".join(comparison_summary(comp)).replace("Disparate impact", "DI")
    assert re.search(line, terminal), terminal
    assert "under model A or B" not in terminal and " — " not in terminal
    assert reason in terminal and UNBOUNDED in terminal
    page = unescape(build_comparison_report(comp).to_html())
    assert UNBOUNDED in page and reason in page
    # the JSON: null for the unbounded value and the undefined B − A, never 0 or inf
    data = json.loads(json.dumps(comp.to_dict(), allow_nan=False))
    validate_comparison(data)
    (row,) = [r for r in data["differences"] if r["metric"] == "disparate_impact"]
    unbounded = {"a": ["value_a"], "b": ["value_b"], "both": ["value_a", "value_b"]}[never]
    assert all(row[k] is None for k in unbounded)
    assert row["difference"]["value"] is None and row["difference"]["reason"] == reason


def test_the_notebook_view_says_unbounded_too():
    """The notebook's comparison table printed the unbounded DI as — (as if undefined)."""
    html = _compare("a")._repr_html_()
    row = next(r for r in html.split("<tr") if "g: B vs A" in r)
    assert ">unbounded<" in row, row
