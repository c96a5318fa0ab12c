"""Round 22: the threshold view's terminal summary says its interval method, draws and seed and
that it is weighted, as its HTML does; the audit's notebook view carries the one-sided DI rule's
caveat under a harmful label (and the weighted sentence), as the other audit faces do."""

from __future__ import annotations

import re
from html import unescape

import numpy as np
import pytest

import ethiclens
from ethiclens.report import threshold_summary

CAVEAT = "never one given it more often"
WEIGHTED = "Weighted: estimates use the sample weights"


def _data(n: int = 2000):
    rng = np.random.default_rng(0)
    g = rng.choice(["a", "b"], n)
    y = rng.integers(0, 2, n)
    return g, y, rng.random(n), rng.random(n) + 0.5


def _words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.mark.parametrize("weighted", [False, True])
def test_the_threshold_terminal_says_its_method_draws_seed_and_weighting(weighted):
    g, y, score, w = _data()
    table = ethiclens.threshold_table(
        y,
        score,
        {"g": g},
        sample_weight=w if weighted else None,
        n_boot=100,
        random_state=4,
        step=0.25,
    )
    lines = threshold_summary(table)
    method = "weighted jeffreys" if weighted else "jeffreys"  # round 46: the weighted method
    assert f"; 95% intervals: {method}, 100 draws, seed 4" in lines[0], lines[0]
    assert any(WEIGHTED in line for line in lines) is weighted
    rows = [line for line in lines if line.startswith("g: ") and "reference group" not in line]
    assert len(rows) == 1


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"positive_is_favorable": False, "di_rule": "below"}, True),
        ({"positive_is_favorable": False}, False),
        ({"di_rule": "below"}, False),
    ],
)
def test_the_audit_notebook_view_carries_the_below_rule_caveat(options, said):
    g, y, score, _ = _data()
    pred = (score > 0.5).astype(int)
    result = ethiclens.audit(y, pred, {"g": g}, n_boot=100, random_state=0, **options)
    assert (CAVEAT in _words(result._repr_html_())) is said


def test_the_audit_notebook_view_says_it_is_weighted():
    g, y, score, w = _data()
    pred = (score > 0.5).astype(int)
    plain = ethiclens.audit(y, pred, {"g": g}, n_boot=100, random_state=0)
    weighted = ethiclens.audit(y, pred, {"g": g}, sample_weight=w, n_boot=100, random_state=0)
    assert WEIGHTED in _words(weighted._repr_html_())
    assert WEIGHTED not in _words(plain._repr_html_())
