"""Round 22: the printed (PDF) report never breaks a number or a header word across lines: a
wide per-group table with a below-floor group whose cells carry long floor notes printed "1,
/ 83 / 3", "0.68 / 6", "und / efin / ed" and "Sele / ction rate"."""

from __future__ import annotations

import re
import unicodedata
from html import unescape

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.report import render_html
from ethiclens.report._pdf import find_browser, html_to_pdf

NUMBER = re.compile(r"[−-]?\d[\d,]*(?:\.\d+)?(?:e-\d+)?")


def _result():
    """Three races (C: 156 rows, no positive label, so its error rates are below the floor with
    a long note in every cell) and two sexes, with scores: every per-group column is shown."""
    rng = np.random.default_rng(3)
    race = np.array(["A"] * 1833 + ["B"] * 1011 + ["C"] * 156)
    sex = rng.choice(["F", "M"], race.size)
    label = np.where(race == "C", 0, rng.integers(0, 2, race.size))
    score = np.clip(0.35 * label + 0.65 * rng.random(race.size), 0, 1).round(4)
    pred = (score > np.where(race == "B", 0.55, 0.45)).astype(int)
    groups = pd.DataFrame({"race": race, "sex": sex})
    return ethiclens.audit(
        label, pred, groups, y_score=score, reference={"race": "A"}, n_boot=200, random_state=3
    )


def _cell_numbers(html: str) -> set[str]:
    numbers = set()
    for cell in re.findall(r"<td[^>]*>(.*?)</td>", html, re.S):
        text = unescape(re.sub(r"<[^>]+>", " ", cell))
        numbers.update(m.group(0).rstrip(",") for m in NUMBER.finditer(text))
    return numbers


def _header_words(html: str) -> set[str]:
    heads = re.findall(r"<th scope='col'>(.*?)</th>", html, re.S)
    return {w for h in heads for w in unescape(re.sub(r"<[^>]+>", " ", h)).split() if w.isalpha()}


@pytest.mark.skipif(find_browser() is None, reason="no Chromium for PDF")
def test_no_number_status_or_header_word_is_broken_across_lines_in_the_pdf(tmp_path):
    pypdf = pytest.importorskip("pypdf")
    html = render_html(_result())
    assert "0 positive / 156 negative labels" in html  # the long in-cell floor notes
    reader = pypdf.PdfReader(html_to_pdf(html, tmp_path / "report.pdf"))
    printed = set()
    for page in reader.pages:
        text = unicodedata.normalize("NFKC", page.extract_text())  # the ﬂ, ﬀ ligatures
        printed.update(t.strip("[]();") for t in re.split(r"[\s/]+", text))
    printed |= {t.rstrip(",") for t in printed}
    numbers = _cell_numbers(html)
    assert len(numbers) > 100
    assert sorted(n for n in numbers if n not in printed) == []
    assert sorted(w for w in _header_words(html) if w not in printed) == []
    for status in ("FLAGGED", "INCONCLUSIVE", "PASS", "undefined"):
        if status in html:
            assert status in printed, status
