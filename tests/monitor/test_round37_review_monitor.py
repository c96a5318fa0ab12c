"""Round 37 review (monitor): role columns named like the counting's own columns.

A database target whose prediction column is named ``y_true`` (``--y-pred y_true``, with or
without a label column ``y_pred``) or, weighted, ``weight_sum`` ended in pandas' ``KeyError:
"['y_true'] not in index"``: ``_sql_raw`` renamed sql_counts' ``y_pred`` column to the role's
name, then renamed every ``y_true`` (or ``weight_sum``) column again. The same rows as CSV
counted. A protected attribute named like a counts-table column (``count``, ``y_true``) was
counted by the file engines and refused by the database one (``sources.Roles``); now refused
by every engine in the audit's words, as ``ethiclens audit`` refuses it on every engine."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, Window, count_windows
from ethiclens.monitor._windows import count_windows_sql

DAY = Window("days", 1)


def _frame(names: dict) -> pd.DataFrame:
    rng = np.random.default_rng(3)
    frame = pd.DataFrame(
        {
            "ts": pd.date_range("2024-01-01", periods=24, freq="7h").strftime("%Y-%m-%dT%H:%M:%S"),
            "p": rng.integers(0, 2, 24),
            "y": rng.integers(0, 2, 24),
            "g": rng.choice(["a", "b"], 24),
            "w": rng.choice([1.0, 2.0, 4.0], 24),
        }
    )
    return frame.rename(columns=names)


def _files(tmp_path, frame):
    csv, db = tmp_path / "t.csv", tmp_path / "t.sqlite"
    frame.to_csv(csv, index=False)
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    return str(csv), f"sqlite:///{db}"


@pytest.mark.parametrize(
    ("names", "weighted"),
    [
        ({"p": "y_true", "y": "y_pred"}, False),  # the roles' names swapped
        ({"p": "y_true", "y": "y_pred"}, True),
        ({"p": "y_true"}, False),  # a prediction named y_true, the label named otherwise
        ({"p": "weight_sum"}, True),  # a prediction named like a weight sum, weighted
    ],
)
def test_a_database_counts_roles_named_like_its_columns_as_csv(tmp_path, names, weighted):
    frame = _frame(names)
    csv, url = _files(tmp_path, frame)
    cols = Columns(
        time="ts",
        y_pred=names.get("p", "p"),
        y_true=names.get("y", "y"),
        protected=("g",),
        weight="w" if weighted else None,
    )
    on_csv = count_windows(csv, cols, DAY, engine="pandas")
    on_db = count_windows_sql(url, cols, DAY, table="t")
    pd.testing.assert_frame_equal(on_db.table, on_csv.table)
    pd.testing.assert_frame_equal(on_db.windows, on_csv.windows)
    assert on_csv.table["_ethiclens_count"].sum() == 24


def test_the_reported_command_runs_on_the_database_as_on_csv(tmp_path, capsys):
    csv, url = _files(tmp_path, _frame({"p": "y_true", "y": "y_pred"}))
    roles = ["--time", "ts", "--y-pred", "y_true", "--y-true", "y_pred", "--protected", "g"]
    roles += ["--window", "1d"]
    runs = {}
    for name, target in (("csv", [csv]), ("db", ["--db", url, "--table", "t"])):
        json_out = tmp_path / f"{name}.json"
        store = ["--store", str(tmp_path / f"{name}.sqlite"), "--json", str(json_out)]
        assert main(["monitor", *target, *roles, *store]) == 0, capsys.readouterr().err
        runs[name] = json.loads(json_out.read_text())
    assert runs["db"]["windows"] == runs["csv"]["windows"]


@pytest.mark.parametrize("group", ["count", "y_true"])
def test_a_reserved_group_name_is_refused_on_every_engine(tmp_path, group):
    csv, url = _files(tmp_path, _frame({"g": group}))
    cols = Columns(time="ts", y_pred="p", y_true="y", protected=(group,))
    said = []
    for count in (
        lambda: count_windows(csv, cols, DAY, engine="pandas"),
        lambda: count_windows(csv, cols, DAY, engine="duckdb"),
        lambda: count_windows_sql(url, cols, DAY, table="t"),
    ):
        with pytest.raises(EthicLensInputError) as info:
            count()
        said.append(str(info.value))
    assert said[0].startswith(
        f"column '{group}': a protected attribute may not use a reserved counts-table name"
    )
    assert said == [said[0]] * 3
