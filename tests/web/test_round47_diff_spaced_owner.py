"""Round 47 (review of d259d606): the baseline gate's regression lines now name a group with
whitespace around it quoted (g:'e ': verdict ...), but the web's history diff still looked
each line's comparison up by its raw 'g:e ' text, so the row of the group that got worse
showed no regression (and its lines were owned by no row)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from ethiclens.fairness import audit


def _report(rate_e: float) -> dict:
    rng = np.random.default_rng(3)
    g = np.repeat([" d", "e ", "f"], 300)
    y = rng.integers(0, 2, len(g))
    rate = np.select([g == "e ", g == "f"], [rate_e, 0.5], 0.5)
    pred = (rng.random(len(g)) < rate).astype(int)
    result = audit(y, pred, pd.DataFrame({"g": g}), reference={"g": " d"}, n_boot=100)
    return json.loads(result.to_json())


def test_a_spaced_groups_regression_marks_its_own_row():
    from ethiclens.fairness._gate import _regressions  # the baseline gate's own lines
    from ethiclens.web._routes_history import _diff_rows

    old, new = _report(0.5), _report(0.1)
    lines = _regressions(old, new)[0]
    assert lines and all(line.startswith("g:'e ': ") for line in lines)
    rows = {str(r["what"]): r["regressed"] for r in _diff_rows(old, new, lines)}
    assert rows["g: 'e '"] == list(lines)
    assert rows["g: f"] == []
