"""Round 50 (review): the threshold report's sections took their HTML id from the attribute's
raw name ('thresholds-race ethnicity': an id holds no space, so the contents' link reached no
section; 'a b' and 'a-b' could not both be given ids from a slug). Each id is now a slug after
the section's index: valid and unique whatever the names."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.report import _threshold_report
from ethiclens.report._render import section_id
from ethiclens.report._threshold_report import build_threshold_report


def test_threshold_sections_have_valid_unique_ids(monkeypatch):
    # the ids are the subject, not the charts (drawn elsewhere): a stand-in, fast
    monkeypatch.setattr(_threshold_report, "threshold_figure_png", lambda tt, attr: b"png")
    rng = np.random.default_rng(0)
    n = 200
    names = ["a b", "a-b"]  # one slug, two sections
    groups = pd.DataFrame({c: rng.choice(["x", "z"], n) for c in names})
    tt = ethiclens.threshold_table(
        rng.integers(0, 2, n), rng.random(n), groups, thresholds=[0.5], n_boot=100
    )
    html = build_threshold_report(tt).to_html()
    ids = re.findall(r'<section id="([^"]*)"', html)
    shown = [i for i in ids if i.startswith("thresholds")]
    assert shown == ["thresholds-1-a-b", "thresholds-2-a-b"]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(r"[a-z][a-z0-9-]*", i) for i in ids)
    assert {h for h in re.findall(r'href="#([^"]*)"', html) if h.startswith("thresholds")} == set(
        shown
    )


def test_section_id_words():
    assert section_id("thresholds", 1, "race ethnicity") == "thresholds-1-race-ethnicity"
    assert section_id("thresholds", 4, "<b>âge") == "thresholds-4-b-age"
    assert section_id("thresholds", 2, "年齢") == "thresholds-2"
