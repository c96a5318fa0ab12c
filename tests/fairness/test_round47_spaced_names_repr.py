"""Round 47 (the report's item b, its sibling on the Python face): the repr of an audit, a
comparison and a model comparison printed a group or reference with whitespace around it
bare ('g: e  vs  d', 'Minimum DI: 0.17 (g:e , ...)'), so ' d' and 'd' read alike and a tab
printed as blank columns. Each name is now quoted as the terminal and the refusals quote it."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.fairness import audit, compare

REF = {"g": " d"}


def _data():
    rng = np.random.default_rng(1)
    n = 1500
    g = rng.choice([" d", "e ", "\tb"], n)
    y = rng.integers(0, 2, n)
    pred = np.where(g == "e ", rng.random(n) < 0.1, rng.random(n) < 0.6).astype(int)
    return y, pred, pd.DataFrame({"g": g})


def test_audit_and_comparison_reprs_quote_names_with_whitespace_around():
    y, pred, groups = _data()
    result = audit(y, pred, groups, reference=REF, n_boot=100)
    text = repr(result)
    assert "  g: 'e ' vs ' d': FLAGGED" in text, text
    assert "  g: '\\tb' vs ' d': " in text, text
    assert "Minimum DI: " in text and "(g:'e ', " in text, text
    assert "\t" not in text and "vs  d" not in text
    one = repr(result.comparisons[0])
    assert one.startswith("Comparison(g: ") and "vs ' d', " in one, one


def test_model_comparison_repr_quotes_names_with_whitespace_around():
    y, pred, groups = _data()
    text = repr(compare(y, pred, 1 - pred, groups, reference=REF, n_boot=100))
    assert "g:'e ' " in text and "g:'\\tb' " in text, text
    assert "\t" not in text and "g:e " not in text
