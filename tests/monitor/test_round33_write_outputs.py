"""Round 33 (monitor): ``write_monitor_outputs`` from Python refuses, before writing anything,
an output that is the run's store (was: the store, the whole history, replaced by the
dashboard), its target file (was: the data replaced by the JSON), or both outputs on one path
(was: the JSON written, then replaced by the dashboard), naming the argument; the command line
(which checks them first, ``check_monitor_outputs``) is unchanged."""

import os
import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor, write_monitor_outputs

ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ROWS.to_csv("rows.csv", index=False)
    request = MonitorRequest(
        target="rows.csv", time="ts", window="1d", y_pred="p", protected=("g",)
    )
    return run_monitor(request, "s.sqlite")


@pytest.mark.parametrize(
    "outputs, argument",
    [
        ({"html_out": "s.sqlite"}, "html_out"),
        ({"json_out": "s.sqlite"}, "json_out"),
        ({"json_out": "rows.csv"}, "json_out"),
        ({"json_out": "x.html", "html_out": "x.html"}, "html_out"),
    ],
)
def test_an_output_that_would_destroy_the_store_the_data_or_the_other(run, outputs, argument):
    before = {p: open(p, "rb").read() for p in ("s.sqlite", "rows.csv")}
    with pytest.raises(EthicLensInputError) as exc:
        write_monitor_outputs(run, **outputs)
    assert str(exc.value).startswith(f"argument '{argument}': output "), exc.value
    assert "--" not in str(exc.value)
    assert {p: open(p, "rb").read() for p in before} == before
    assert not os.path.exists("x.html")
    assert read_store("s.sqlite")  # the history is still a store
    sqlite3.connect("s.sqlite").execute("select count(*) from windows").fetchone()


def test_distinct_outputs_are_written(run):
    wrote, failed = write_monitor_outputs(run, json_out="r.json", html_out="r.html")
    assert wrote == ["r.json", "r.html"] and failed is None
