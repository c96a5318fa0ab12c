"""Round 44 review (fairness, same class as 80e705c8): an audit's repr, a comparison's repr and
the audit's notebook table printed a DI with no value as a bare "—" (both groups never
selected: 0/0; a group --min-cell suppressed), where the terminal and the HTML report write
"undefined" or "suppressed". They now use the reports' word."""

from __future__ import annotations

import numpy as np
import pandas as pd

import ethiclens as el


def test_an_undefined_di_reads_undefined_in_the_repr_and_notebook():
    rng = np.random.default_rng(0)
    g = np.array(["a"] * 200 + ["b"] * 200)
    r = el.audit(rng.integers(0, 2, 400), np.zeros(400, int), g, n_boot=100, random_state=0)
    assert r.comparisons[0].metrics["disparate_impact"].value is None
    assert repr(r).splitlines()[-1].endswith(": UNDEFINED, DI undefined")
    assert repr(r.comparisons[0]).endswith("UNDEFINED, DI undefined)")
    row = r._repr_html_().split("<tr>")[-1]
    assert "<td>200 / 200</td><td>undefined</td>" in row, row


def test_a_suppressed_groups_di_reads_suppressed():
    cells = pd.DataFrame(
        {
            "g": ["a"] * 4 + ["b"] * 4,
            "y_true": [0, 0, 1, 1] * 2,
            "y_pred": [0, 1] * 4,
            "count": [50, 60, 70, 80, 40, 90, 55, 65],
        }
    )
    record = {"min_cell": 10, "suppressed_groups": {"g": ["c"]}}
    cells.attrs = {"ethiclens_attributes": ["g"], "ethiclens_suppression": record}
    r = el.audit_counts(cells, n_boot=100, random_state=0)
    c = next(c for c in r.comparisons if c.group == "c")
    assert repr(c).endswith("INSUFFICIENT_DATA, DI suppressed)")
    assert "g: c vs a: INSUFFICIENT_DATA, DI suppressed" in repr(r)
    row = next(x for x in r._repr_html_().split("<tr>") if "g: c vs" in x)
    assert "<td>suppressed / " in row and "</td><td>suppressed</td>" in row, row
