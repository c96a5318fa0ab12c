"""``parse_window``'s docstring and the docs say what padding is: a space or a sign around
the digits is refused, leading zeros are read as the number (``01d`` is ``1d``), so that a
store made with ``--window 1d`` resumes with ``--window 01d``."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Window, parse_window


@pytest.mark.parametrize("text", ["01d", "001d", "7 d", "7D", "010"])
def test_leading_zeros_and_a_space_before_d_are_read_as_documented(text):
    kind = "rows" if text == "010" else "days"
    assert parse_window(text) == Window(kind, int(text.rstrip("dD ")))
    assert "leading zeros are read" in parse_window.__doc__


@pytest.mark.parametrize("text", ["+5", "+1d", " 01d", "01d "])
def test_padding_is_refused(text):
    with pytest.raises(EthicLensInputError, match="is not a window size"):
        parse_window(text)
