"""Sibling of 3e4b52fe: a title line with no separator in it above a comma-separated table
('Adult census test data' above 'sex,y,pred' and its rows) was refused 'line 2 has 3 fields but
its header has 1. Fix: check the file is comma-separated ...', which it is. It gets the words
of a line above the table now, on every reader; a ragged file keeps its row's words."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import preflight_file, read_table

TABLE = "sex,y,pred\n" + "F,1,0\nM,0,1\n" * 6


@pytest.mark.parametrize("read", [read_table, preflight_file])
def test_a_title_line_above_the_table(tmp_path, read):
    path = tmp_path / "t.csv"
    path.write_text("Adult census test data\n" + TABLE)
    with pytest.raises(EthicLensInputError) as err:
        read(path)
    assert (
        "t.csv: its first line 'Adult census test data' is not a header row: the rows below it "
        "hold 3 comma-separated fields. Fix: delete the lines above the table"
    ) in str(err.value)


def test_a_ragged_file_keeps_its_row_words(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("x\n1,2\n3,4,5\n6,7\n")
    with pytest.raises(EthicLensInputError, match="line 2 has 2 fields but its header has 1"):
        read_table(path)
