"""Round 26: a renderer that exits 0 having written only part of a PDF (no ``%%EOF`` end
marker: a full disk, a crash it did not report) is refused in one line, and no file is written
at the report's path: before, the truncated file was written as the signed PDF."""

from __future__ import annotations

import stat

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.report import html_to_pdf

FAKE = """#!/bin/sh
case "$*" in *--version*) echo "Chromium 1"; exit 0;; esac
for a in "$@"; do case "$a" in --print-to-pdf=*) printf '{body}' > "${{a#--print-to-pdf=}}";;
esac; done
exit 0
"""


def _renderer(tmp_path, monkeypatch, body: str):
    fake = tmp_path / "fake-chromium"
    fake.write_text(FAKE.format(body=body))
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(fake))


def test_a_truncated_pdf_is_refused_and_not_written(tmp_path, monkeypatch):
    _renderer(tmp_path, monkeypatch, "%%PDF-1.4 half a page")
    out = tmp_path / "r.pdf"
    with pytest.raises(EthicLensInputError, match="incomplete PDF") as info:
        html_to_pdf("<p>x</p>", out)
    said = str(info.value)  # a Python call: its argument, not the command line's --pdf
    assert said.startswith("argument 'path': ") and "--pdf" not in said, said
    assert not out.exists()


def test_a_complete_pdf_is_written(tmp_path, monkeypatch):
    _renderer(tmp_path, monkeypatch, "%%PDF-1.4 whole\\n%%%%EOF\\n")
    out = tmp_path / "r.pdf"
    assert html_to_pdf("<p>x</p>", out) == out and out.read_bytes().endswith(b"%%EOF\n")
