"""Round 44 (fairness): a model comparison's repr and notebook table printed an undefined
B − A as a bare "—" (a DI unbounded under model B: B never selects the reference), where the
terminal and the HTML report write its reason ("undefined because model B's DI is unbounded
(the reference's selection rate is 0)"). Both now say the reason, as the other faces do."""

from __future__ import annotations

from html import unescape

import numpy as np

from ethiclens.fairness import compare


def test_an_undefined_difference_says_why_in_the_repr_and_notebook():
    rng = np.random.default_rng(2)
    n = 400
    g = np.array(["a"] * 300 + ["b"] * 100)
    y, a = rng.integers(0, 2, n), rng.integers(0, 2, n)
    b = a.copy()
    b[g == "a"] = 0  # model B never selects the reference: its DI is unbounded
    result = compare(y, a, b, g, reference="a", n_boot=100, random_state=0)
    d = result.difference("sensitive_feature_0", "b", "disparate_impact").difference
    assert d.value is None and "model B's DI is unbounded" in d.reason
    assert f"Disparate impact: B − A = {d.reason}" in repr(result)
    row = next(r for r in unescape(result._repr_html_()).split("<tr") if "b vs a" in r)
    assert f"<td>{d.reason}</td>" in row, row
