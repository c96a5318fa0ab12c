"""Round 43 review of bbc856b1 (DuckDB paths escaped as globs). (1) DuckDB's glob reads a
backslash as a folder separator and matches no name holding one: a file 'back\\sl[1].csv'
(its escape 'back\\sl[[]1].csv') ended in DuckDB's 'No files found that match the pattern',
and so did every glob or folder holding such a file ('*.csv'). Now --engine duckdb refuses it
in our words (naming the file and --engine pandas) and auto reads it with pandas. (2) A Parquet
file in a folder named like a hive key (h/g=c/x.parquet, alone or by a glob h/*/x.parquet) was
counted by DuckDB with the folder's g ('c') over the file's own column g, where pandas and Dask
read the file's."""

from __future__ import annotations

import os

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, duckdb_counts, lone_cr_refused, pandas_counts

ROLES = Roles("p", ["g"], "y")


def _cells(table):
    return sorted(map(tuple, table.astype(str).to_numpy().tolist()))


@pytest.mark.skipif(os.sep != "/", reason="a backslash is a separator on Windows")
@pytest.mark.parametrize("target", ["back\\sl[1].csv", "*.csv"])
def test_a_backslash_beside_a_glob_character_is_refused_in_our_words(tmp_path, target):
    (tmp_path / "back\\sl[1].csv").write_text("y,p,g\n1,0,a\n")
    (tmp_path / "backsl1.csv").write_text("y,p,g\n1,1,b\n1,1,b\n")
    path = str(tmp_path / target)
    with pytest.raises(EthicLensInputError) as caught:
        duckdb_counts(path, ROLES)
    message = str(caught.value)
    assert "DuckDB cannot open" in message and "back\\sl[1].csv" in message, message
    assert "Fix: rename it, or count it with --engine pandas" in message, message
    assert lone_cr_refused(path)  # so auto counts it with pandas
    assert not lone_cr_refused(str(tmp_path / "backsl1.csv"))


@pytest.mark.parametrize("target", ["h/g=c/x.parquet", "h/*/x.parquet"])
def test_a_key_shaped_folder_does_not_replace_the_file_column(tmp_path, target):
    (tmp_path / "h" / "g=c").mkdir(parents=True)
    frame = pd.DataFrame({"y": [1, 0], "p": [1, 1], "g": ["file", "file"]})
    frame.to_parquet(tmp_path / "h" / "g=c" / "x.parquet")
    path = str(tmp_path / target)
    got, want = duckdb_counts(path, ROLES), pandas_counts(path, ROLES)
    assert _cells(got) == _cells(want)
    assert set(got["g"]) == {"file"}
