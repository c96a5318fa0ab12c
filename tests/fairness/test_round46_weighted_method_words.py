"""Round 46: a weighted audit's intervals named the unweighted method. ``audit(...,
sample_weight=w)`` (and a counts table of weight sums, every engine's) reported each interval's
ci_method as 'jeffreys (Dirichlet(cells + 1/2) draws per group, ...)' while its draws are of
each group's Kish-effective cells scaled to its weight total (as the weighted comparison's
method says); ``threshold_table(..., sample_weight=w)`` the same. Now the JSON, HTML and
terminal name the weighted method; the unweighted text is unchanged."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

import ethiclens as el
from ethiclens.report import terminal_summary, threshold_summary
from ethiclens.report._audit_report import interval_sentence, weighted_method

UNWEIGHTED = "jeffreys (Dirichlet(cells + 1/2) draws per group, equal-tailed)"
WEIGHTED = "weighted jeffreys (Dirichlet(Kish-effective cells + 1/2) draws per group"


def _data(n=600):
    rng = np.random.default_rng(7)
    g = pd.DataFrame({"g": rng.choice(["a", "b"], n)})
    y, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    return g, y, p, rng.random(n), rng.uniform(0.5, 2.0, n)


def _methods(result) -> set:
    report = json.loads(result.to_json())
    return {
        m["ci_method"]
        for c in report["comparisons"]
        for m in c["metrics"].values()
        if m.get("ci_low") is not None
    }


def test_a_weighted_audit_names_the_weighted_method_on_every_face():
    g, y, p, _, w = _data()
    weighted = el.audit(y, p, g, sample_weight=w, n_boot=100, random_state=1)
    methods = _methods(weighted)
    assert methods and all(m.startswith(WEIGHTED) for m in methods)
    assert "scaled to its weight total" in next(iter(methods))
    # the HTML report's subtitle and interval sentence, the model card's (render_html: 3 s)
    assert weighted_method(weighted.config) == "weighted jeffreys"
    assert "Kish-effective confusion cells" in interval_sentence(weighted.config)
    assert "interval draws (weighted jeffreys)" in terminal_summary(weighted)[0]
    assert "intervals, weighted jeffreys with 100 draws" in weighted._repr_html_()  # notebook
    plain = el.audit(y, p, g, n_boot=100, random_state=1)
    assert all(m.startswith(UNWEIGHTED) for m in _methods(plain))  # unchanged
    assert "interval draws (jeffreys)" in terminal_summary(plain)[0]
    assert "intervals, jeffreys with 100 draws" in plain._repr_html_()
    assert weighted_method(plain.config) == "jeffreys"
    assert "Kish" not in interval_sentence(plain.config)


def test_a_weighted_counts_table_names_it_too():
    # the table every engine (pandas, DuckDB, SQL, Dask, Spark) counts and audit_counts audits
    rows = [(g, y, p) for g in ("a", "b") for y in (0, 1) for p in (0, 1)]
    table = pd.DataFrame(rows, columns=["g", "y_true", "y_pred"])
    table["count"] = 60
    table["weight_sum"] = 90.0
    table["weight_sq_sum"] = 180.0
    weighted = el.fairness.audit_counts(table, protected=["g"], n_boot=100, random_state=1)
    assert all(m.startswith(WEIGHTED) for m in _methods(weighted))
    plain = table.drop(columns=["weight_sum", "weight_sq_sum"])
    result = el.fairness.audit_counts(plain, protected=["g"], n_boot=100, random_state=1)
    assert all(m.startswith(UNWEIGHTED) for m in _methods(result))


def test_a_weighted_threshold_table_names_it():
    g, y, _, s, w = _data()
    table = el.threshold_table(y, s, g, sample_weight=w, n_boot=100, random_state=1)
    assert table.config["ci_method"].startswith(WEIGHTED)
    assert table.config["ci_method"].endswith(" at each threshold")
    assert "intervals: weighted jeffreys" in "\n".join(map(str, threshold_summary(table)))
    plain = el.threshold_table(y, s, g, n_boot=100, random_state=1)
    assert plain.config["ci_method"] == UNWEIGHTED + " at each threshold"
