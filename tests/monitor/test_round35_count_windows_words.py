"""Round 35: ``count_windows`` (public Python) refused in the command line's words: a missing
file was "argument 'TARGET'", a number or None "file 3 does not exist", and an empty path
counted the working folder's files. Now "argument 'target'", as ``run_monitor`` says it; a
column named by ``Columns`` is its field ("argument 'time'")."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, count_windows, parse_window

COLS = Columns(time="ts", y_pred="pred", protected=("g",))


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("no-such-file.csv", "file no-such-file.csv does not exist"),
        ("", "must not be empty"),
        (3, "must be a path (a file, a folder or a glob) or a pandas, Dask or Spark DataFrame"),
        (None, "must be a path (a file, a folder or a glob) or a pandas, Dask or Spark DataFrame"),
    ],
)
def test_a_bad_target_is_named_as_the_argument(tmp_path, monkeypatch, target, words):
    monkeypatch.chdir(tmp_path)
    pd.DataFrame({"ts": ["2024-01-01"] * 2, "pred": [0, 1], "g": ["a", "b"]}).to_csv(
        "here.csv", index=False
    )  # an empty path must not count the working folder's files
    with pytest.raises(EthicLensInputError) as caught:
        count_windows(target, COLS, parse_window("1d"))
    assert str(caught.value).startswith(f"argument 'target': {words}"), caught.value
    assert "TARGET" not in str(caught.value)


def test_a_missing_column_is_named_by_its_field():
    frame = pd.DataFrame({"when": ["2024-01-01"], "pred": [1], "g": ["a"]})
    with pytest.raises(EthicLensInputError) as caught:
        count_windows(frame, COLS, parse_window("1d"))
    assert str(caught.value).startswith("argument 'time': column 'ts' not found"), caught.value
