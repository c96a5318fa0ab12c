"""Round 33c: a harmful label's "Largest disparity" headline, when the reference is never
selected, printed its interval's finite bound to 3 places even beside the policy's DI edge
(1/t): the HTML card, the model card and the terminal read "DI unbounded [31.666, ∞]" against an
edge of 31.666001, while the note under it (and the JSON's flag) said [31.6663, ∞]. The bound now
prints on its side of the edge, as the note prints it."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.fairness import Policy
from ethiclens.report import render_html, render_model_card, terminal_summary


def _result(threshold):
    rng = np.random.default_rng(0)
    h = np.array(["R"] * 2000 + ["G"] * 300)
    y = rng.integers(0, 2, h.size)
    p = np.zeros(h.size, int)
    p[2000:2012] = 1  # R is never selected: G's DI is unbounded
    return ethiclens.audit(
        y,
        p,
        pd.DataFrame({"h": h}),
        reference={"h": "R"},
        positive_is_favorable=False,
        n_boot=200,
        random_state=1,
        policy=Policy(di_threshold=threshold),
    )


def test_the_unbounded_headline_bound_prints_on_its_side_of_the_di_edge():
    low = _result(0.8).comparisons[0].metrics["disparate_impact"].ci_low
    result = _result(1 / (low - 0.0003))  # the edge 1/t sits 0.0003 below the bound
    c = result.comparisons[0]
    assert c.status == "FLAGGED" and np.isinf(c.metrics["disparate_impact"].value)
    shown = f"{low:.4f}"
    assert f"{low:.3f}" != shown  # to 3 places it reads as the edge itself
    html = render_html(result)
    value = re.search(r"Largest disparity</div><div class='value'>([^<]*)<", html).group(1)
    assert value == f"DI unbounded [{shown}, ∞) · G"
    card = render_model_card(result)
    assert f"**Largest disparity: DI unbounded \\[{shown}, ∞\\)**" in card
    lines = [x for x in terminal_summary(result) if isinstance(x, str)]
    assert any(f"Largest disparity: [bold]DI unbounded [{shown}, ∞)[/bold]" in x for x in lines)
