"""Round 50: a column asked by a name its source writes in other Unicode code points ('âge'
composed, the table's decomposed) or with a mark editors do not show (a zero width space) was
told "copy the name from the file, or rename the column there" / "remove it from the file's
header" on a database source too (sql_counts, the command line's --db, the monitor's and the
web's database), and on a Dask or Spark frame, which have no file. The fix now sends the user
to the table, or the frame's columns; a file keeps the file's words."""

from __future__ import annotations

import sqlite3
import unicodedata

import pandas as pd
import pytest

from ethiclens.cli._main import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, pandas_counts, sql_counts
from ethiclens.sources._rules import check_frame

NFD, NFC = unicodedata.normalize("NFD", "âge"), unicodedata.normalize("NFC", "âge")
COMPOSED = "copy the name from {}, or rename the column there"
HIDDEN = "remove it from {} (or give the name as written there)"


def _frame(name):
    return pd.DataFrame({"y": [1, 0, 1, 0], "p": [1, 0, 0, 1], name: ["a", "b", "a", "b"]})


def _db(tmp_path, name):
    path = tmp_path / "d.sqlite"
    with sqlite3.connect(path) as con:
        _frame(name).to_sql("t", con, index=False)
    return f"sqlite:///{path}"


@pytest.mark.parametrize(
    ("written", "asked", "words"),
    [
        (NFD, NFC, COMPOSED.format("the table")),
        ("g\u200b", "g", HIDDEN.format("the table's column name")),
    ],
    ids=["composed", "hidden"],
)
def test_a_database_source_is_sent_to_its_table(tmp_path, capsys, written, asked, words):
    url = _db(tmp_path, written)
    with pytest.raises(EthicLensInputError) as said:
        sql_counts(url, Roles("p", [asked], "y"), table="t")
    assert words in said.value.fix and "file" not in said.value.fix
    assert main(["audit", "--db", url, "--table", "t", "--y-pred", "p", "--protected", asked]) == 2
    err = capsys.readouterr().err
    assert words in err and "file" not in err


def test_a_file_keeps_the_files_words(tmp_path):
    path = tmp_path / "d.csv"
    _frame(NFD).to_csv(path, index=False)
    with pytest.raises(EthicLensInputError) as said:
        pandas_counts(str(path), Roles("p", [NFC], "y"))
    assert COMPOSED.format("the file") in said.value.fix


def test_a_dask_or_spark_frame_is_sent_to_its_columns():
    # the start of audit_frame on Dask and Spark (check_frame), given a pandas frame as the
    # frame type: no Dask import, no Spark session
    with pytest.raises(EthicLensInputError) as said:
        check_frame(_frame(NFD), pd.DataFrame, "a Dask DataFrame", "", Roles("p", [NFC], "y"))
    assert COMPOSED.format("the frame's columns") in said.value.fix
