"""Round 38: ``html_to_pdf``'s other arguments. ``html`` that is no text (bytes, None, 3) made
it fail with pathlib's bare TypeError ("data must be str, not bytes"); a ``timeout`` that is no
number of seconds above 0 with a bare TypeError ('x': "unsupported operand type(s) for +"),
ValueError (NaN: "cannot convert float NaN to integer"), or, for 0 and -1, a browser started
and stopped at once: "did not finish within -1 s", told to retry (``check_browser`` too). Each
is now refused naming the argument, before the browser runs, writing nothing."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.report import check_browser, html_to_pdf

FAKE = """#!/bin/sh
case "$*" in *--version*) echo "Chromium 1"; exit 0;; esac
for a in "$@"; do case "$a" in --print-to-pdf=*) printf '%%PDF-1.4\\n%%%%EOF\\n' > "${a#*=}";;
esac; done
"""


@pytest.fixture(autouse=True)
def _browser(tmp_path, monkeypatch):
    fake = tmp_path / "fake-chromium"
    fake.write_text(FAKE)
    fake.chmod(0o755)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(fake))


@pytest.mark.parametrize("html", [b"<p>x</p>", None, 3])
def test_html_that_is_no_text_is_refused_by_name(html, tmp_path):
    with pytest.raises(EthicLensInputError) as info:
        html_to_pdf(html, tmp_path / "r.pdf")
    e = info.value
    assert (e.column, e.kind, e.fix) == ("html", "argument", "e.g. html=render_html(result)")
    kind = "None" if html is None else type(html).__name__
    assert e.problem == f"must be the report's HTML (a str), not {kind}"
    assert not (tmp_path / "r.pdf").exists()


@pytest.mark.parametrize("timeout", ["x", float("nan"), 0, -1, True, b"1"])
def test_a_timeout_that_is_no_time_is_refused_by_name(timeout, tmp_path):
    with pytest.raises(EthicLensInputError) as info:
        html_to_pdf("<p>x</p>", tmp_path / "r.pdf", timeout=timeout)
    e = info.value
    assert (e.column, e.kind, e.problem, e.fix) == (
        "timeout",
        "argument",
        "must be a number of seconds above 0",
        "e.g. timeout=120, or None for no limit",
    )
    assert str(e).startswith("argument 'timeout': must be a number of seconds above 0")
    with pytest.raises(EthicLensInputError, match="argument 'timeout': must be a number"):
        check_browser(timeout)
    assert not (tmp_path / "r.pdf").exists()


def test_a_timeout_in_seconds_still_prints(tmp_path):
    for i, timeout in enumerate((30, 2.5, None)):
        out = tmp_path / f"r{i}.pdf"
        assert html_to_pdf("<p>x</p>", out, timeout=timeout) == out
        assert out.read_bytes() == b"%PDF-1.4\n%%EOF\n"
    check_browser(5)
