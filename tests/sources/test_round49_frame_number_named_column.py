"""A Dask frame whose columns are named by numbers (pd.DataFrame(array): 0, 1, 2) asked for a
column by its text ('0') was told "not found in the frame. Fix: the frame writes '0' with other
Unicode code points (the same letters, composed differently): copy the name from the file ..."
: no file, no Unicode difference. Refused now saying the column is the number 0, not the text
'0', and to rename the frame's columns to text; a file's columns (always text) are told as
before."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.io import column_not_found

dd = pytest.importorskip("dask.dataframe")

FRAME = pd.DataFrame({0: [i % 2 for i in range(40)], 1: [i // 2 % 2 for i in range(40)]})
FRAME[2] = ["ab"[i % 3 == 0] for i in range(40)]


def test_a_dask_frame_s_number_column_asked_by_its_text():
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit_frame(
            dd.from_pandas(FRAME, npartitions=2), y_true="0", y_pred="1", protected="2"
        )
    text = str(info.value)
    assert "its column is the number 0, not the text '0'" in text
    assert "df.columns.map(str)" in text and "Unicode" not in text


def test_a_files_text_column_is_told_as_before():
    text = str(column_not_found("0", ["0", "1"], "d.csv"))
    assert "number" not in text
    text = str(column_not_found("cafe\u0301", ["caf\u00e9"], "d.csv"))
    assert "other Unicode code points" in text
