"""Round 23: a SHA-256 digest in the printed (PDF) run record stays on one line and inside the
page (A4 and Letter): it broke "...fa37bd84c / 2", so an auditor copying it from the signed PDF
got a wrong hash (audit, compare, thresholds and the P2NIA estimate share the template)."""

from __future__ import annotations

import hashlib
import unicodedata

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.report._pdf import find_browser, html_to_pdf

MARGIN_PT = 10 / 25.4 * 72  # the template's 10 mm side margin


@pytest.fixture(scope="module")
def long_named_csv(tmp_path_factory):
    """A file whose long name makes the run record's key column as wide as it gets."""
    rng = np.random.default_rng(0)
    n = 400
    g = np.repeat(["A", "B"], n // 2)
    frame = pd.DataFrame(
        {
            "g": g,
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "p2": rng.integers(0, 2, n),
        }
    )
    data = tmp_path_factory.mktemp("d") / "an_input_file_with_a_rather_long_name_v2_final.csv"
    frame.to_csv(data, index=False)
    return data


@pytest.fixture(scope="module")
def reports(long_named_csv, tmp_path_factory):
    """``command``'s HTML report of ``long_named_csv`` with ``roles``, made once per command and
    roles (the page sizes print the same report; other roles are another report)."""
    made = {}

    def report(command, roles):
        key = (command, *roles)
        if key not in made:
            html_path = tmp_path_factory.mktemp(command) / "r.html"
            argv = [command, str(long_named_csv), "--y-true", "y", "--protected", "g=A", *roles]
            assert main([*argv, "--n-boot", "100", "--html", str(html_path)]) == 0
            made[key] = html_path.read_text()
        return made[key]

    return report


def _digest_runs(reader, digest):
    """(page width, start x, font size, text) of each printed run holding part of ``digest``."""
    runs = []
    for page in reader.pages:
        width = float(page.mediabox.width)

        def visit(text, cm, tm, _font, size, width=width):
            if text.strip() and text.strip() in digest and len(text.strip()) > 8:
                x = cm[4] + cm[0] * tm[4]
                runs.append((width, x, size * abs(cm[0]), text.strip()))

        page.extract_text(visitor_text=visit)
    return runs


@pytest.mark.skipif(find_browser() is None, reason="no Chromium for PDF")
@pytest.mark.parametrize(
    ("command", "size", "roles"),
    [
        ("audit", "letter", ["--y-pred", "p"]),
        ("audit", "A4", ["--y-pred", "p"]),
        ("compare", "A4", ["--y-pred", "p", "--y-pred", "p2"]),
    ],
)
def test_a_digest_prints_whole_on_one_line_inside_the_page(
    long_named_csv, reports, tmp_path, command, size, roles
):
    pypdf = pytest.importorskip("pypdf")
    digest = hashlib.sha256(long_named_csv.read_bytes()).hexdigest()
    html = reports(command, roles).replace("</style>", f"@page {{ size: {size}; }}</style>", 1)
    assert digest in html
    reader = pypdf.PdfReader(html_to_pdf(html, tmp_path / "r.pdf"))
    text = "".join(unicodedata.normalize("NFKC", p.extract_text()) for p in reader.pages)
    assert digest in text  # whole, not "...fa37bd84c\n2"
    runs = _digest_runs(reader, digest)
    assert [r[3] for r in runs] == [digest]
    width, x, font, _ = runs[0]
    # A monospace digit is at most 0.62 em wide: the digest ends inside the right margin.
    assert x + len(digest) * 0.62 * font <= width - MARGIN_PT + 1
