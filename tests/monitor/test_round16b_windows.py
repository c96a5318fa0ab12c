"""``monitor --window`` is read in ASCII digits without padding: ``٣``, ``３`` or `` 5`` were
3- and 5-row windows, ``٣d`` was stored as "3d"."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Window, parse_window


@pytest.mark.parametrize("text", ["٣", "３", " 5", "5 ", "٣d", "３d", " 7d", "7d ", "1_0"])
def test_non_ascii_or_padded_windows_are_refused(text):
    with pytest.raises(EthicLensInputError, match="'--window': is not a window size"):
        parse_window(text)


@pytest.mark.parametrize(
    ("text", "window"),
    [("7d", Window("days", 7)), ("30D", Window("days", 30)), ("100", Window("rows", 100))],
)
def test_plain_windows_are_read(text, window):
    assert parse_window(text) == window
