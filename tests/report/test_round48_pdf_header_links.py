"""Round 48: the PDF of an audit of many groups was enormous (3,000 rows, 600 groups: 115 MB,
its HTML 3.3 MB): printed, a table's header row repeats on every page, and Chromium wrote
each repeat's glossary links again for every page before it (172 pages of one table: 29,584
links per header, 394,736 link annotations). Printed, a header shows its words (its label)
and no link; on screen it still links to the glossary."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.report import render_html


def _html(groups: int, rows: int) -> str:
    rng = np.random.default_rng(0)
    g = pd.DataFrame({"g": [f"g{i % groups}" for i in range(rows)]})
    y, p = pd.Series(rng.integers(0, 2, rows)), pd.Series(rng.integers(0, 2, rows))
    return render_html(ethiclens.audit(y, p, g, n_boot=100, random_state=0))


def test_a_repeated_header_row_prints_its_words_without_links(monkeypatch):
    from ethiclens.report import _plots

    chart = _plots.Chart("data:image/svg+xml;base64,", "a chart", "a chart")  # not drawn here
    for name in ("forest_plot", "ppv_fpr_plot", "calibration_plot"):
        monkeypatch.setattr(_plots, name, lambda *a, **k: chart)
    html = _html(2, 100)
    heads = re.findall(r"<thead>(.*?)</thead>", html, re.S)
    links = [a for head in heads for a in re.findall(r"<abbr[^>]*><a [^>]*>[^<]*</a>", head)]
    assert links  # the glossary is linked from the headers on screen
    for link in links:  # each link's words are its label too, which the print shows instead
        label, words = re.search(r"data-label='([^']*)'.*>([^<]*)</a>", link).groups()
        assert label == words, link
    assert all(head.count("<a ") == head.count("data-label=") for head in heads)
    printed = html[html.index("@media print") :]
    assert re.search(r"thead abbr\[data-label\] a \{ display: none; \}", printed)
    label = r"thead abbr\[data-label\]::before \{ content: attr\(data-label\); \}"
    assert re.search(label, printed)


@pytest.mark.slow
def test_the_pdf_of_many_groups_has_no_link_per_page_repeat(tmp_path):
    """A real print (about 5 s, so marked slow; skipped without Chromium): 30 groups print 24
    pages, whose repeated headers wrote 896 link annotations; none now, and the PDF stays
    within a few times its HTML (600 groups: 115 MB before, 12.7 MB now, HTML 3.3 MB)."""
    from ethiclens.report._pdf import find_browser, html_to_pdf

    if find_browser() is None:
        pytest.skip("no Chromium to print with")
    html = _html(30, 150)
    pdf = html_to_pdf(html, tmp_path / "r.pdf").read_bytes()
    assert pdf.count(b"/Dest /glossary-") == 0
    assert pdf.count(b"/Subtype /Link") <= 20, pdf.count(b"/Subtype /Link")
    assert len(pdf) < 4 * len(html), (len(pdf), len(html))
