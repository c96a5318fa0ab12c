"""Round 38 review of 4b878724: ``html_to_pdf`` and ``check_browser`` refused a ``timeout`` of
0, -1, NaN or a text by name, but one too large for ``subprocess`` (inf, 1e300, 10**30, or
anything past poll()'s 2,147,483 s) started the browser and failed with a bare OverflowError
("cannot convert float infinity to integer", "timeout is too large"). It is now refused naming
the argument, before the browser runs, writing nothing; None is still no limit."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.report import check_browser, html_to_pdf

# the fake Chromium that writes a PDF (autouse), as the helper's tests of 4b878724 set it up
from .test_round38_report_pdf_arguments import _browser  # noqa: F401


@pytest.mark.parametrize("timeout", [float("inf"), 1e300, 10**30, 2_147_484, 1_000_001])
def test_a_timeout_too_long_for_the_clock_is_refused_by_name(timeout, tmp_path):
    with pytest.raises(EthicLensInputError) as info:
        html_to_pdf("<p>x</p>", tmp_path / "r.pdf", timeout=timeout)
    e = info.value
    assert (e.column, e.kind, e.problem, e.fix) == (
        "timeout",
        "argument",
        "must be at most 1,000,000 seconds",
        "e.g. timeout=120, or None for no limit",
    )
    with pytest.raises(EthicLensInputError, match="argument 'timeout': must be at most 1,000,000"):
        check_browser(timeout)
    assert not (tmp_path / "r.pdf").exists()


def test_the_longest_timeout_taken_still_prints(tmp_path):
    out = tmp_path / "r.pdf"
    assert html_to_pdf("<p>x</p>", out, timeout=1_000_000) == out
    assert out.read_bytes() == b"%PDF-1.4\n%%EOF\n"
    check_browser(1_000_000)
