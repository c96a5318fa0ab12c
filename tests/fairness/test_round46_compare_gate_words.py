"""Round 46: a comparison's gate lines and its repr named each metric by its JSON key
('g:b: disparate_impact B - A = ...', 'g:b disparate_impact: B − A'), where its terminal,
HTML and notebook reports name it in words ('Disparate impact', 'Equalized odds difference
(absolute)'). Every text face of a comparison now names it in the report's words; the JSON
keeps the keys."""

from __future__ import annotations

import numpy as np

import ethiclens
from ethiclens.report import comparison_summary

KEYS = ("disparate_impact", "equalized_odds_difference", "statistical_parity_difference")


def _worse_b():
    rng = np.random.default_rng(11)
    n = 1600
    g = np.array(["a"] * (n // 2) + ["b"] * (n // 2))
    y = rng.integers(0, 2, n)
    pred_a = (rng.random(n) < 0.5).astype(int)
    pred_b = np.where(g == "b", 0, pred_a)  # b never selected under B
    return ethiclens.compare(y, pred_a, pred_b, {"g": g}, reference={"g": "a"}, n_boot=100)


def _unbounded_b():
    rng = np.random.default_rng(11)
    g = np.array(["A"] * 1000 + ["B"] * 1000)
    y = rng.integers(0, 2, 2000)
    pred_a = np.where(g == "A", rng.random(2000) < 0.5, rng.random(2000) < 0.2).astype(int)
    pred_b = np.where(g == "A", 0, rng.random(2000) < 0.5).astype(int)  # A never selected
    return ethiclens.compare(y, pred_a, pred_b, {"g": g}, reference={"g": "A"}, n_boot=100)


def test_the_gate_lines_name_metrics_as_the_terminal_does():
    comp = _worse_b()
    regressions = comp.gate("flagged").regressions
    assert "g:b: Disparate impact B - A = " in " ".join(regressions)
    assert "g:b: Equalized odds difference (absolute) B - A = " in " ".join(regressions)
    terminal = "\n".join(comparison_summary(comp))
    assert "Disparate impact: " in terminal  # the words the gate now uses
    assert not any(k in r for r in regressions for k in KEYS)
    assert comp.to_dict()["differences"][0]["metric"] in KEYS  # the JSON keeps the keys


def test_the_unbounded_line_names_the_metric_in_words():
    regressions = _unbounded_b().gate("flagged").regressions
    line = next(r for r in regressions if "unbounded under B" in r)
    assert line.startswith("g:B: Disparate impact ") and "disparate_impact" not in line


def test_the_repr_names_metrics_in_words():
    text = repr(_worse_b())
    assert "g:b Disparate impact: B − A = " in text
    assert "g:b Equalized odds difference (absolute): B − A = " in text
    assert not any(k in text for k in KEYS)


def test_the_repr_says_how_many_differences_it_left_out():
    # 10 comparisons (9 of g, 1 of h): the repr listed the first 12 differences of every
    # metric, filtered to DI, SPD and EO: no EO line, no h, and no word of the rest
    rng = np.random.default_rng(1)
    n = 6000
    g, h = rng.choice(list("abcdefghij"), n), rng.choice(["x", "y"], n)
    y, a, b = (rng.integers(0, 2, n) for _ in range(3))
    comp = ethiclens.compare(y, a, b, {"g": g, "h": h}, n_boot=100, random_state=0)
    text = repr(comp)
    assert text.count(": B − A = ") == 12
    assert text.endswith("  ... 18 more (comparison.to_frame())")  # 30 DI/SPD/EO, 12 shown
    small = repr(_worse_b())  # 1 comparison: its 3 lines, nothing left out
    assert small.count(": B − A = ") == 3 and "more (" not in small
