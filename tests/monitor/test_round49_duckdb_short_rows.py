"""The monitor's own DuckDB count refuses a CSV row with fewer fields than its header by its
line, as pandas and the audit's engines do (round 49; it was counted with its last field
missing), in one file and in files that list the columns in different orders."""

from __future__ import annotations

import pytest

from ethiclens.errors import DataFileError
from ethiclens.monitor import count_windows
from ethiclens.monitor._windows import COUNT, Columns, Window

pytest.importorskip("duckdb")

COLS = Columns(time="t", y_true="y", y_pred="yp", protected=("g",))
WINDOW = Window("days", 36500)
ROWS = [f"2024-05-0{1 + i % 5}T00:00:00,{i % 2},{(i // 2) % 2},{'ab'[i % 2]},{i}" for i in range(6)]
SHORT = "b.csv line 5 has 4 fields but its header has 5"


def _write(path, header, rows):
    path.write_text(header + "\n" + "\n".join(rows) + "\n")


def _turned(row: str) -> str:  # g first: the column order of the second file
    t, yp, y, g, x = row.split(",")
    return ",".join([g, t, yp, y, x])


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("orders", ["one", "two"])
def test_a_short_row_is_refused_by_its_line(tmp_path, engine, orders):
    _write(tmp_path / "a.csv", "t,yp,y,g,x", ROWS)
    if orders == "one":
        rows = [*ROWS[:3], "2024-05-01T00:00:00,1,0,a"]  # no x
        _write(tmp_path / "b.csv", "t,yp,y,g,x", rows)
    else:
        rows = [*map(_turned, ROWS[:3]), "a,2024-05-01T00:00:00,1,0"]  # no x
        _write(tmp_path / "b.csv", "g,t,yp,y,x", rows)
    with pytest.raises(DataFileError, match=SHORT):
        count_windows(str(tmp_path), COLS, WINDOW, engine=engine)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_an_empty_last_field_is_still_a_value(tmp_path, engine):
    rows = [*ROWS[:3], "2024-05-01T00:00:00,1,0,a,"]  # x written empty: counted
    _write(tmp_path / "b.csv", "t,yp,y,g,x", rows)
    table = count_windows(str(tmp_path / "b.csv"), COLS, WINDOW, engine=engine).table
    assert int(table[COUNT].sum()) == 4


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("orders", ["one", "two"])
@pytest.mark.parametrize("blank", ["   ", "\t", " \t "])
def test_a_line_of_only_spaces_is_skipped_as_pandas_skips_it(tmp_path, engine, orders, blank):
    _write(tmp_path / "b.csv", "t,yp,y,g,x", [*ROWS[:3], blank, *ROWS[3:]])
    if orders == "two":  # files read by name: the blank line in the other order's file
        _write(tmp_path / "a.csv", "t,yp,y,g,x", ROWS)
        _write(tmp_path / "b.csv", "g,t,yp,y,x", [*map(_turned, ROWS[:3]), blank])
    table = count_windows(str(tmp_path), COLS, WINDOW, engine=engine).table
    rows = len(ROWS) + (3 if orders == "two" else 0)
    assert int(table[COUNT].sum()) == rows  # it was a row with no time on DuckDB
