"""Round 34: the DI headline's point (the minimum DI, a harmful label's largest disparity) was
rounded to 3 places beside a FLAGGED interval: a DI of 0.7996 read "0.800 ... at 80% of its
reference group's rate", as if it sat at the 0.80 line. It now prints on its side of the policy's
DI edges (0.7996, 79.96%) on every face: the HTML card, the model card, the terminal and the
notebook view."""

from __future__ import annotations

import re

import pandas as pd

import ethiclens
from ethiclens.report import render_html, render_model_card, terminal_summary


def _table(n, p_group):
    rows = []
    for g, p in (("A", 0.5), ("B", p_group)):
        pos = round(n * p)
        for y_pred, k in ((1, pos), (0, n - pos)):
            rows += [
                {"grp": g, "y_true": 1, "y_pred": y_pred, "count": k // 2},
                {"grp": g, "y_true": 0, "y_pred": y_pred, "count": k - k // 2},
            ]
    return pd.DataFrame(rows)


def _result(n, p_group, **kw):
    return ethiclens.audit_counts(
        _table(n, p_group), protected=["grp"], reference={"grp": "A"}, random_state=0, **kw
    )


def _text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def test_the_minimum_di_prints_on_its_side_of_the_edge_on_every_face():
    result = _result(100_000_000, 0.3998)  # DI 0.7996, its interval entirely below 0.80
    c = result.comparisons[0]
    assert c.status == "FLAGGED" and result.min_disparate_impact.value < 0.8
    html = _text(render_html(result))
    assert "Minimum disparate impact 0.7996 " in html
    assert "at 79.96% of its reference group's rate" in html
    card = render_model_card(result)
    assert "**Minimum DI: 0.7996**" in card and "at 79.96% of its" in card
    assert "0.800" not in repr(result).split("\n")[1]
    assert "Minimum DI: 0.7996 (grp:B" in repr(result)
    assert "Minimum DI: 0.7996 (grp:B" in result._repr_html_()


def test_the_terminal_minimum_di_prints_on_its_side_of_the_edge():
    result = _result(10_000_000_000, 0.39998)  # DI 0.79996: 0.8000 to 4 places
    assert result.comparisons[0].status == "FLAGGED"
    lines = [x for x in terminal_summary(result) if isinstance(x, str)]
    assert any("Minimum DI: [bold]0.79996[/bold]" in x for x in lines), lines


def test_the_harmful_largest_disparity_prints_on_its_side_of_the_edge():
    result = _result(100_000_000, 0.3998, positive_is_favorable=False)
    c = result.comparisons[0]
    assert c.status == "FLAGGED"
    html = _text(render_html(result))
    assert "Largest disparity DI 0.7996 · B" in html
    assert "1.251× as often as B (DI 0.7996 [" in html
    card = render_model_card(result)
    assert "**Largest disparity: DI 0.7996**" in card
    lines = [x for x in terminal_summary(result) if isinstance(x, str)]
    assert any("Largest disparity: [bold]DI 0.7996[/bold]" in x for x in lines), lines
    assert "Largest disparity (DI): 0.7996 (grp:B" in repr(result)


def test_an_unbounded_largest_disparity_reads_alike_in_the_notebook_and_the_reports():
    """The HTML card, the model card and the terminal headline "DI unbounded [low, ∞]"; the
    notebook view and print() said "withheld". One word on every face, null in the JSON."""
    import numpy as np

    rng = np.random.default_rng(0)
    p = np.r_[np.zeros(200, int), (rng.random(200) < 0.5).astype(int)]
    result = ethiclens.audit(
        rng.integers(0, 2, 400),
        p,
        pd.DataFrame({"grp": ["A"] * 200 + ["B"] * 200}),
        reference={"grp": "A"},
        positive_is_favorable=False,
        random_state=0,
    )
    low = result.comparisons[0].metrics["disparate_impact"].ci_low
    said = f"Largest disparity (DI): unbounded [{low:.3f}, ∞) (grp:B)"
    assert said in repr(result) and said in result._repr_html_()
    assert "DI unbounded [" in _text(render_html(result))
    assert result.to_dict()["headlines"]["largest_disparity"]["value"] is None
