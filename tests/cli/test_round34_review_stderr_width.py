"""Round 34 review: a console that writes to standard error (the summary beside ``--json -``)
gets the piped layout (160 columns) when standard error is piped, not when standard output
is: ``ethiclens audit ... --json - > r.json`` on an 80-column terminal wrapped the summary's
prose at 160 columns (the terminal then broke its lines mid-word), and ``2> log`` with a
terminal's standard output wrapped the log at the terminal's width."""

from __future__ import annotations

import io
import sys

import pytest

from ethiclens._text import PIPED_WIDTH, safe_console


class _Stream(io.StringIO):
    def __init__(self, tty: bool):
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize("out_tty", [True, False])
@pytest.mark.parametrize("err_tty", [True, False])
def test_the_width_follows_the_stream_written(monkeypatch, out_tty, err_tty):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(sys, "stdout", _Stream(out_tty))
    monkeypatch.setattr(sys, "stderr", _Stream(err_tty))
    assert safe_console().width == (80 if out_tty else PIPED_WIDTH)
    assert safe_console(stderr=True).width == (80 if err_tty else PIPED_WIDTH)
