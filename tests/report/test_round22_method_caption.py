"""Round 22: the comparisons tables' caption says which interval method each column used
('DI, SPD, …: jeffreys; ECE diff: percentile'), not 'jeffreys, not reported, percentile': a value
without an interval (below the floor, undefined) names no method."""

from __future__ import annotations

import re
from html import unescape

import numpy as np

import ethiclens
from ethiclens.report import render_html


def _captions(html: str) -> list[str]:
    section = re.search(r'<section id="comparisons">(.*?)</section>', html, re.S).group(1)
    return [unescape(c) for c in re.findall(r"<caption>(.*?)</caption>", section, re.S)]


def test_the_caption_maps_each_column_to_its_interval_method():
    rng = np.random.default_rng(3)
    g = np.array(["A"] * 1800 + ["B"] * 1000 + ["C"] * 160)
    y = np.where(g == "C", 0, rng.integers(0, 2, g.size))  # C: no positive label
    score = np.clip(0.35 * y + 0.65 * rng.random(g.size), 0, 1)
    pred = (score > 0.5).astype(int)
    result = ethiclens.audit(
        y, pred, {"g": g}, y_score=score, reference={"g": "A"}, n_boot=100, random_state=0
    )
    methods = {m.ci_method for c in result.comparisons for m in c.metrics.values()}
    assert any("not reported" in m for m in methods)  # the case the caption listed as a method
    (caption,) = _captions(render_html(result))
    assert "not reported" not in caption
    listed = re.search(r"Interval methods: (.*?)\. Each value", caption).group(1)
    assert listed.endswith("ECE diff: percentile"), caption
    assert listed.startswith("DI, SPD, EO diff") and ": jeffreys; " in listed, caption


def test_one_method_is_named_once():
    rng = np.random.default_rng(0)
    g = rng.choice(["A", "B"], 2000)
    result = ethiclens.audit(
        rng.integers(0, 2, 2000), rng.integers(0, 2, 2000), {"g": g}, n_boot=100, random_state=0
    )
    (caption,) = _captions(render_html(result))
    assert "Interval method: jeffreys. Each value's exact method" in caption, caption
