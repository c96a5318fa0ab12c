"""Group labels, round 11: the monitor's windows label a Parquet group as ``ethiclens audit``
does on pandas (``str(value)`` of what ``pandas.read_parquet`` gives) on every engine it
counts with here, so a reference group or a merge that works in the audit works in the
monitor. DuckDB wrote its own text: a time-zone timestamp in UTC (``2020-01-01 05:00:00+00``),
bytes decoded (``A``); the pandas engine decoded bytes too; both kept -0.0 apart from 0.0; a
hive key was typed by DuckDB (``d=2020-1-1`` the date ``2020-01-01``)."""

import datetime
import json

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.fairness._validate import encode_groups
from ethiclens.monitor import Columns, Window, count_windows
from ethiclens.sources import Roles, read_rows
from tests.sources.test_round11_labels import CASES, P, Y

from .conftest import run_cli

pytest.importorskip("duckdb")

COLS = Columns(time="ts", y_pred="p", y_true="y", protected=("g",))
HOURS = [datetime.datetime(2024, 1, 1, h, tzinfo=datetime.UTC) for h in range(6)]
WINDOWS = [Window("days", 1), Window("rows", 3)]
ENGINES = ("duckdb", "pandas")


def _audit_labels(target, key="g") -> list[str]:
    """The group labels ``ethiclens audit --engine pandas`` gives ``key``."""
    rows = read_rows(target, Roles(y_true="y", y_pred="p", protected=[key]))
    return encode_groups(rows[[key]], len(rows))[key][0]


def _monitor_labels(target, cols: Columns, engine: str, window: Window) -> list[str]:
    table = count_windows(target, cols, window, engine=engine).table
    return sorted(table[cols.protected[0]].unique())


@pytest.fixture(params=sorted(CASES))
def case(request, tmp_path):
    column, labels, ref = CASES[request.param]
    path = tmp_path / f"{request.param}.parquet"
    pq.write_table(pa.table({"ts": HOURS, "y": Y, "p": P, "g": column}), path)
    return path, labels, ref


@pytest.mark.parametrize("engine", ENGINES)
def test_the_monitor_labels_a_parquet_group_as_the_audit(case, engine):
    path, labels, _ = case
    assert _audit_labels(path) == labels
    for window in WINDOWS:
        assert _monitor_labels(str(path), COLS, engine, window) == labels, str(window)


def test_a_dataframe_is_labelled_as_the_audit_labels_it():
    """DuckDB scanning a pandas DataFrame: its column's own type, not DuckDB's text."""
    frame = pd.DataFrame({"ts": HOURS, "y": Y, "p": P})
    for column, labels in [
        ([-0.0, 0.0, 0.0, 1.0, 1.0, 1.0], ["0.0", "1.0"]),
        ([b"A"] * 3 + [b"B"] * 3, ["A", "B"]),
        (
            pd.Series([datetime.datetime(2020, 1, 1, 5)] * 6).dt.tz_localize("Europe/Paris"),
            ["2020-01-01 05:00:00+01:00"],
        ),  # fmt: skip
    ]:
        frame["g"] = column
        for engine in ENGINES:
            assert _monitor_labels(frame, COLS, engine, WINDOWS[0]) == labels, engine


@pytest.mark.parametrize(
    "key, values",
    [
        ("d", ["2020-1-1", "2021-06-01"]),
        ("t", ["2020-01-01T05:00", "2021-06-01 04:00"]),
        ("z", ["01", "2"]),
    ],  # fmt: skip
)
@pytest.mark.parametrize("engine", ENGINES)
def test_hive_keys_are_the_folder_names_text(tmp_path, key, values, engine):
    for value in values:
        folder = tmp_path / "data" / f"{key}={value}"
        folder.mkdir(parents=True)
        pq.write_table(pa.table({"ts": HOURS[:3], "y": Y[:3], "p": P[:3]}), folder / "p.parquet")
    target = tmp_path / "data"
    cols = Columns(time="ts", y_pred="p", y_true="y", protected=(key,))
    assert _audit_labels(target, key) == values
    for window in WINDOWS:
        assert _monitor_labels(str(target), cols, engine, window) == values, str(window)


def test_a_reference_group_the_audit_shows_is_a_monitor_group(case, tmp_path, capsys):
    """``ethiclens monitor --protected g=REF`` with the label the audit's report shows."""
    path, labels, ref = case
    out = tmp_path / "m.json"
    flags = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--y-true", "y"]
    flags += ["--protected", f"g={ref}", "--engine", "duckdb", "--store", tmp_path / "m.sqlite"]
    rc, _, err = run_cli(capsys, "monitor", path, *flags, "--json", out)
    assert rc == 0, err
    doc = json.loads(out.read_text())
    assert doc["comparisons"], doc
    assert all(c["reference"] == ref for c in doc["comparisons"])
    assert sorted({ref} | {c["group"] for c in doc["comparisons"]}) == labels


def test_tied_rows_fill_row_windows_as_on_pandas(tmp_path):
    """Rows of one time are ordered by their labels' text: -0.0 sorts as 0.0 (after -1.0) on
    DuckDB as on pandas, so each row window holds the same rows."""
    path = tmp_path / "ties.parquet"
    g = [0.0, -1.0, -0.0, -1.0, 0.0, -0.0]
    pq.write_table(pa.table({"ts": HOURS[:1] * 6, "y": [1] * 6, "p": [1] * 6, "g": g}), path)
    tables = [count_windows(str(path), COLS, Window("rows", 3), engine=e).table for e in ENGINES]
    pd.testing.assert_frame_equal(*tables)
    assert tables[0]["_ethiclens_count"].tolist() == [2, 1, 3]  # -1.0 and 0.0, then 0.0
