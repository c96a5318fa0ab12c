"""Round 33: the "Sample sizes and floors" table of a weighted audit shows the Kish effective
rows and labels its floors judged: it showed only the raw rows (882 vs 2,118) beside
"Selection floor met: NO" under a floor of 100, with no number that was below the floor."""

from __future__ import annotations

import re

import numpy as np

import ethiclens
from ethiclens.report import render_html


def _floors_text(result) -> str:
    html = render_html(result)
    section = html[html.index('<section id="floors"') :]
    return re.sub(r"<[^>]+>", "|", section[: section.index("</section>")])


def _data(n=3000):
    rng = np.random.default_rng(1)
    g = rng.choice(["a", "b"], n, p=[0.7, 0.3])
    yt, yp = rng.integers(0, 2, n), rng.integers(0, 2, n)
    w = np.where(rng.random(n) < 0.05, 50.0, 1.0)
    return g, yt, yp, w


def _kish(w):
    return w.sum() ** 2 / (w**2).sum()


def test_a_weighted_audit_shows_the_effective_sizes_its_floors_judged():
    g, yt, yp, w = _data()
    result = ethiclens.audit(yt, yp, sensitive_features={"grp": g}, sample_weight=w)
    c = result.comparisons[0]
    assert c.n["group"] > 100 and not c.floors["selection_rate"]  # judged by n_eff, not rows
    text = _floors_text(result)
    b, a = _kish(w[g == "b"]), _kish(w[g == "a"])
    assert f"effective {b:.1f} vs {a:.1f}" in text
    pos = [_kish(w[(g == x) & (yt == 1)]) for x in ("b", "a")]
    neg = [_kish(w[(g == x) & (yt == 0)]) for x in ("b", "a")]
    labels = f"effective {pos[0]:.1f}/{neg[0]:.1f} vs {pos[1]:.1f}/{neg[1]:.1f}"
    assert labels in text
    assert "Kish effective rows" in text
    # the JSON is unchanged: the effective labels are the report's, n_effective the JSON's
    assert "labels_effective" not in result.to_json()


def test_an_unweighted_audit_is_unchanged():
    g, yt, yp, _ = _data()
    text = _floors_text(ethiclens.audit(yt, yp, sensitive_features={"grp": g}))
    assert "effective" not in text


def test_an_effective_size_just_below_its_floor_never_reads_as_the_floor():
    from ethiclens.report._audit_report import fmt

    assert fmt(99.96, 1, (100,)) != "100.0"
