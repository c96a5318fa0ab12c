"""Hunter's leftover: the monitor refused a 0/1 label column holding a stray '?' with only
"is not binary 0/1: found values ['0', '1', '?']", where every audit engine adds how many rows
hold it and where the first is: "; 1 row(s) hold ['?'], first at FILE line 7 (value '?')".
The monitor now refuses stray labels in those words on every engine (a database's table, as
the audit's, names no line: "; 1 row(s) hold ['?'] (value '?')")."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROWS = [(f"2024-01-0{d}", "F", "1", "0") for d in range(1, 6)]
ROWS += [("2024-01-06", "M", "?", "1")] + [(f"2024-01-0{d}", "M", "0", "1") for d in (1, 2, 3)]
FOUND = "is not binary 0/1: found values 0, 1, ?; 1 row(s) hold ?"


@pytest.fixture
def q_label(tmp_path):
    path = tmp_path / "q_label.csv"
    path.write_text("t,sex,y01,pred01\n" + "".join(",".join(r) + "\n" for r in ROWS))
    return path


def refusal(tmp_path, **target) -> str:
    request = MonitorRequest(
        **target, y_true="y01", y_pred="pred01", protected=("sex",), time="t", window="30d"
    )
    with pytest.raises(EthicLensInputError) as err:
        run_monitor(request, tmp_path / "s.sqlite")
    return str(err.value)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_file_names_the_rows_and_the_first_line(tmp_path, q_label, engine):
    said = refusal(tmp_path, target=str(q_label), engine=engine)
    assert f"column 'y01 (y_true)': {FOUND}, first at q_label.csv line 7 (value '?')" in said


def test_a_database_table_names_the_rows(tmp_path, q_label):
    with sqlite3.connect(tmp_path / "q.db") as con:
        pd.read_csv(q_label).to_sql("t", con, index=False)
    con.close()
    said = refusal(tmp_path, target="db", db=f"sqlite:///{tmp_path / 'q.db'}", table="t")
    assert f"column 'y01 (y_true)': {FOUND} (value '?')" in said
