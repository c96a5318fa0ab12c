"""The monitor reads and judges rows as the audit does, on every engine (tester round 3)."""

from __future__ import annotations

import pytest

from ethiclens.errors import DataFileError
from ethiclens.monitor import count_windows
from ethiclens.monitor._windows import COUNT, Columns, Window

pytest.importorskip("duckdb")

ENGINES = ["pandas", "duckdb"]
COLS = Columns(time="t", y_true="y", y_pred="yp", protected=("g",))
WINDOW = Window("days", 36500)
HEADER = "t,yp,y,g,x\n"


def _rows(n: int = 8) -> list[str]:
    return [
        f"2024-05-0{1 + i % 5}T00:00:00,{i % 2},{(i // 2) % 2},{'ab'[i % 2]},{i}" for i in range(n)
    ]


def _csv(tmp_path, lines, name="d.csv"):
    path = tmp_path / name
    path.write_text(HEADER + "\n".join(lines) + "\n")
    return str(path)


def _rows_counted(target, engine) -> int:
    return int(count_windows(target, COLS, WINDOW, engine=engine).table[COUNT].sum())


@pytest.mark.parametrize("engine", ENGINES)
def test_a_short_row_has_its_last_fields_missing(tmp_path, engine):
    lines = _rows()
    lines[3] = lines[3].rsplit(",", 1)[0]  # no x: a field fewer than the header
    assert _rows_counted(_csv(tmp_path, lines), engine) == 8


@pytest.mark.parametrize("engine", ENGINES)
def test_a_surplus_field_is_refused_with_its_line(tmp_path, engine):
    lines = _rows()
    lines[4] += ",extra"
    with pytest.raises(DataFileError, match="d.csv line 6 has 6 fields but its header has 5"):
        count_windows(_csv(tmp_path, lines), COLS, WINDOW, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_quoted_line_break_is_read(tmp_path, engine):
    lines = _rows()
    lines[0] = lines[0].replace(",a,", ',"a",').rsplit(",", 1)[0] + ',"x\ny"'
    assert _rows_counted(_csv(tmp_path, lines), engine) == 8
