"""Round 26: a long group name (one unbroken word, as a code or a hashed id may be) no longer
pushes the printed (PDF) tables off the page. The first column never wrapped, so a 200-character
group made it wider than the page: every column after SPD was cut ("EO di", "0.", "[0."), the
status among them, in the comparisons, per-group and significance tables."""

from __future__ import annotations

import re
import unicodedata

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.report import render_html
from ethiclens.report._pdf import find_browser, html_to_pdf
from tests.report.test_round22_print_numbers import _cell_numbers, _header_words

LONG = "x" * 200


def _result():
    rng = np.random.default_rng(5)
    n = 900
    grp = rng.choice([LONG, "A", "B"], n)
    label = rng.integers(0, 2, n)
    pred = rng.integers(0, 2, n)
    return ethiclens.audit(
        label, pred, pd.DataFrame({"grp": grp}), reference={"grp": "A"}, n_boot=100
    )


def test_the_print_stylesheet_lets_a_long_first_cell_wrap():
    style = render_html(_result()).split("@media print", 1)[1]
    rule = re.search(r"\n\s*td:first-child\s*\{([^}]*)\}", style)
    assert rule and "overflow-wrap: anywhere" in rule.group(1)


@pytest.mark.skipif(find_browser() is None, reason="no Chromium for PDF")
def test_every_number_and_status_prints_beside_a_long_group_name(tmp_path):
    pypdf = pytest.importorskip("pypdf")
    html = render_html(_result())
    reader = pypdf.PdfReader(html_to_pdf(html, tmp_path / "report.pdf"))
    printed = set()
    for page in reader.pages:
        text = unicodedata.normalize("NFKC", page.extract_text())
        printed.update(t.strip("[]();") for t in re.split(r"[\s/]+", text))
    printed |= {t.rstrip(",") for t in printed}
    numbers = _cell_numbers(html)
    assert sorted(n for n in numbers if n not in printed) == []
    assert sorted(w for w in _header_words(html) if w not in printed) == []
    for status in ("FLAGGED", "INCONCLUSIVE", "PASS"):
        if f"status-{status}'>" in html:
            assert status in printed, status
