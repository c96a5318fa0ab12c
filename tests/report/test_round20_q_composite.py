"""Round 20 (Q): the composite score is described as what it is, the lowest comparison's score.

It is not an average of the comparisons (fairness/_engine.py takes the minimum), so neither the
caveat beside a flag nor the glossary may say it averages them.
"""

import numpy as np
import pytest

import ethiclens
from ethiclens.report._glossary import GLOSSARY
from ethiclens.report._verdict import composite_caveat


@pytest.fixture(scope="module")
def flagged():
    rng = np.random.default_rng(3)
    n = 3000
    g = rng.choice(["A", "B", "R"], n)
    y = rng.integers(0, 2, n)
    p = np.where(g == "A", rng.random(n) < 0.2, rng.random(n) < 0.5).astype(int)
    return ethiclens.audit(y, p, {"g": g}, reference={"g": "R"}, n_boot=100, random_state=0)


def test_the_caveat_says_the_composite_is_the_lowest_comparison(flagged):
    assert flagged.flagged and not flagged.composite.withheld
    text = composite_caveat(flagged)
    assert "averag" not in text
    assert "lowest (least fair) comparison's score" in text
    assert "weighted mix of its DI, SPD and EO" in text
    lowest = min(c.composite for c in flagged.comparisons)
    assert flagged.composite.value == lowest


def test_the_glossary_says_the_composite_is_the_lowest_comparison():
    term, text = GLOSSARY["composite"]
    assert "averag" not in text
    assert "lowest (least fair) comparison's score" in text
