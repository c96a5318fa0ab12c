"""Round 48 leftover 2: a Parquet file with a pandas Interval column (pd.cut's bins saved with
to_parquet) was refused 'group values must be scalars (found lists ...)' (value {'left': 0,
'right': 30}) on every engine in a fresh process, yet read as bins by pandas and Dask in one
where pandas had registered its interval type (after writing such a file): the answer hung on
the process. It is now refused on every engine, either way, saying what it is and the fix."""

import pandas as pd
import pytest

from ethiclens.cli import main

WORDS = "column 'band': holds pandas Intervals (pd.cut's bins), which Parquet stores as"
FIX = "Fix: save the bins as text before writing the file (df['band'] = df['band'].astype(str)"


def _frame() -> pd.DataFrame:
    df = pd.DataFrame({"age": [20, 35, 50, 65, 30, 45], "y": [0, 1, 0, 1, 1, 0]})
    df["p"] = [0, 1, 1, 1, 0, 0]
    return df


def _pandas_file(path):  # written by pandas: its interval type registered in this process
    df = _frame()
    cut = pd.cut(df["age"], [0, 30, 50, 100])
    df["band"] = cut.astype(cut.cat.categories.dtype)
    df.to_parquet(path)


def _fresh_file(path):  # the file pandas writes
    _pandas_file(path)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("write", [_pandas_file, _fresh_file], ids=["registered", "fresh"])
def test_an_interval_column_is_refused_alike(tmp_path, capsys, engine, write, request):
    if write is _fresh_file:
        request.getfixturevalue("interval_type_unregistered")
    path = tmp_path / "iv.parquet"
    write(path)
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "band"]
    assert main([*argv, "--engine", engine, "--json", str(tmp_path / "a.json")]) == 2
    err = capsys.readouterr().err
    assert WORDS in err and FIX in err and "found lists" not in err, err
    assert not (tmp_path / "a.json").exists()
