"""The monitor reads and judges rows as the audit does, on every engine (tester round 3)."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from ethiclens.errors import DataFileError, EthicLensInputError
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
def test_a_short_row_is_refused_with_its_line(tmp_path, engine):
    # round 49: refused as a long row is (it was counted with its last field missing)
    lines = _rows()
    lines[3] = lines[3].rsplit(",", 1)[0]  # no x: a field fewer than the header
    with pytest.raises(DataFileError, match="d.csv line 5 has 4 fields but its header has 5"):
        count_windows(_csv(tmp_path, lines), COLS, WINDOW, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("surplus", ["extra", ""])
def test_a_surplus_field_is_refused_with_its_line(tmp_path, engine, surplus):
    lines = _rows()
    lines[4] += "," + surplus
    with pytest.raises(DataFileError, match="d.csv line 6 has 6 fields but its header has 5"):
        count_windows(_csv(tmp_path, lines), COLS, WINDOW, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_quoted_line_break_is_read(tmp_path, engine):
    lines = _rows()
    lines[0] = lines[0].replace(",a,", ',"a",').rsplit(",", 1)[0] + ',"x\ny"'
    assert _rows_counted(_csv(tmp_path, lines), engine) == 8


def _with_pred(tmp_path, ones: str, zeros: str = "0") -> str:
    lines = [line.split(",") for line in _rows()]
    for fields in lines:
        fields[1] = ones if fields[1] == "1" else zeros
    return _csv(tmp_path, [",".join(f) for f in lines])


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("ones, zeros", [("1.00", "0"), ("01", "00"), ("1e0", "0"), ("1", "-0")])
def test_labels_pandas_reads_as_numbers_are_taken(tmp_path, engine, ones, zeros):
    assert _rows_counted(_with_pred(tmp_path, ones, zeros), engine) == 8


@pytest.mark.parametrize("engine", ENGINES)
def test_numbers_and_booleans_in_one_label_column_are_refused(tmp_path, engine):
    with pytest.raises(EthicLensInputError, match="not binary 0/1"):
        count_windows(_with_pred(tmp_path, "true", "0"), COLS, WINDOW, engine=engine)


def _parquet(tmp_path, name="d.parquet", **columns) -> str:
    frame = pd.DataFrame(
        {
            "t": pd.to_datetime([f"2024-05-0{1 + i % 5}" for i in range(8)]),
            "yp": [i % 2 for i in range(8)],
            "y": [(i // 2) % 2 for i in range(8)],
            "g": ["ab"[i % 2] for i in range(8)],
        }
    ).assign(**columns)
    path = tmp_path / name
    frame.to_parquet(path)
    return str(path)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_text_0_1_parquet_label_is_refused(tmp_path, engine):
    path = _parquet(tmp_path, yp=[str(i % 2) for i in range(8)])
    with pytest.raises(EthicLensInputError, match=r"text values \['0', '1'\]"):
        count_windows(path, COLS, WINDOW, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_an_unused_category_is_refused(tmp_path, engine):
    groups = pd.Categorical(["ab"[i % 2] for i in range(8)], categories=["a", "b", "Z"])
    with pytest.raises(EthicLensInputError, match=r"group\(s\) Z have no rows"):
        count_windows(_parquet(tmp_path, g=groups), COLS, WINDOW, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_groups_of_two_types_that_print_the_same_are_refused(tmp_path, engine):
    (tmp_path / "f").mkdir()
    _parquet(tmp_path / "f", "a.parquet", g=[i % 2 for i in range(8)])
    _parquet(tmp_path / "f", "b.parquet", g=[str(i % 2) for i in range(8)])
    with pytest.raises(EthicLensInputError, match="distinct values print the same"):
        count_windows(str(tmp_path / "f"), COLS, WINDOW, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_boolean_groups_are_named_true_and_false(tmp_path, engine):
    path = _parquet(tmp_path, g=[i % 2 == 0 for i in range(8)])
    groups = set(count_windows(path, COLS, WINDOW, engine=engine).table["g"])
    assert groups == {"True", "False"}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("word", ["NA", "null", "", "None", "nan", "n/a"])
@pytest.mark.parametrize("column", ["g", "y", "yp"])
def test_a_missing_csv_value_is_named_by_file_and_line(tmp_path, engine, word, column):
    lines = [dict(zip(HEADER.strip().split(","), line.split(","), strict=True)) for line in _rows()]
    lines[5][column] = word
    path = _csv(tmp_path, [",".join(fields.values()) for fields in lines])
    what = "missing group value(s)" if column == "g" else "missing value(s)"
    with pytest.raises(EthicLensInputError, match=re.escape(f"1 {what}, first at d.csv line 7")):
        count_windows(path, COLS, WINDOW, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("column", ["g", "y", "yp"])
def test_a_missing_parquet_value_is_named_by_file_and_row(tmp_path, engine, column):
    values = pd.Series([*_parquet_column(column)], dtype=object)
    values[5] = None
    path = _parquet(tmp_path, **{column: values.astype("Float64" if column != "g" else object)})
    what = "missing group value(s)" if column == "g" else "missing value(s)"
    with pytest.raises(EthicLensInputError, match=re.escape(f"1 {what}, first at d.parquet row 6")):
        count_windows(path, COLS, WINDOW, engine=engine)


def _parquet_column(column: str) -> list:
    return {
        "g": ["ab"[i % 2] for i in range(8)],
        "y": [(i // 2) % 2 for i in range(8)],
        "yp": [i % 2 for i in range(8)],
    }[column]
