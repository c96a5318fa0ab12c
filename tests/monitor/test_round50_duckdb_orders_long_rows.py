"""Round 50: the monitor's DuckDB count of files listing their columns in different orders.

Read by name (``union_by_name``), a row with more fields than its header, within DuckDB's
sniffing sample, became a column no header names (``column4``) and was counted: 6 rows where
pandas refuses 'b.csv line 3 has 5 fields but its header has 4'. A header ending in a
separator (a spreadsheet's unnamed last column, read since 57f67a68) ended in DuckDB's
'zero-length delimited identifier'. Both engines now give pandas' answer."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, count_windows

pytest.importorskip("duckdb")

COLS = Columns(time="t", y_pred="p", y_true="y", protected=("g",))
A = "t,p,y,g\n2024-05-01T00:00:00,1,1,a\n2024-05-01T01:00:00,0,1,b\n"
B = "g,t,p,y\nb,2024-05-02T00:00:00,1,1\na,2024-05-02T01:00:00,0,1{extra}\n"
B += "b,2024-05-02T02:00:00,1,0\n"
# a.csv's header ends in a separator: its rows may leave that unnamed field out, not g
A_UNNAMED = "t,p,y,g,\n2024-05-01T00:00:00,1,1,a,\n2024-05-01T01:00:00,0,1,b\n"


def _folder(tmp_path, a: str, extra: str = ""):
    (tmp_path / "f").mkdir()
    (tmp_path / "f" / "a.csv").write_text(a)
    (tmp_path / "f" / "b.csv").write_text(B.format(extra=extra))
    return str(tmp_path / "f")


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("extra", [",EXTRA", ","])
def test_a_long_row_is_refused_by_its_line(engine, extra, tmp_path):
    with pytest.raises(EthicLensInputError, match="b.csv line 3 has 5 fields but its header has 4"):
        count_windows(_folder(tmp_path, A, extra), COLS, "1d", engine=engine)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_header_ending_in_a_separator_is_read(engine, tmp_path):
    table = count_windows(_folder(tmp_path, A_UNNAMED), COLS, "1d", engine=engine).table
    assert int(table["_ethiclens_count"].sum()) == 5


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_row_short_of_a_named_column_is_still_refused(engine, tmp_path):
    short = A_UNNAMED + "2024-05-01T02:00:00,0,1\n"
    with pytest.raises(EthicLensInputError, match="a.csv line 4 has 3 fields but its header"):
        count_windows(_folder(tmp_path, short), COLS, "1d", engine=engine)
