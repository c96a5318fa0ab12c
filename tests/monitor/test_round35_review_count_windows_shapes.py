"""Round 35 review: ``count_windows``, public, took its window and columns only as the objects
``parse_window`` and ``Columns`` make: a notebook's ``count_windows(frame, cols, '1d')`` was
"AttributeError: 'str' object has no attribute 'kind'", a dict of columns "'dict' object has
no attribute 'time'". Now a window's text is parsed as ``parse_window`` parses it (a bad one
refused as argument 'window'), and anything else refused naming the argument."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, count_windows, parse_window

FRAME = pd.DataFrame(
    {"ts": ["2024-03-01T01:00:00Z", "2024-03-02T01:00:00Z"], "pred": [0, 1], "g": ["a", "b"]}
)
COLS = Columns(time="ts", y_pred="pred", protected=("g",))


def test_a_windows_text_is_its_window():
    by_text = count_windows(FRAME, COLS, "1d", engine="pandas").table
    assert by_text.equals(count_windows(FRAME, COLS, parse_window("1d"), engine="pandas").table)


@pytest.mark.parametrize(
    ("cols", "window", "start"),
    [
        (COLS, "3x", "argument 'window': is not a window size (value: '3x')"),
        (COLS, 86400, "argument 'window': must be a window size (text) or a Window"),
        ({"time": "ts", "y_pred": "pred"}, "1d", "argument 'cols': must be a Columns"),
    ],
)
def test_other_shapes_are_refused_naming_the_argument(cols, window, start):
    with pytest.raises(EthicLensInputError) as caught:
        count_windows(FRAME, cols, window, engine="pandas")
    assert str(caught.value).startswith(start)
