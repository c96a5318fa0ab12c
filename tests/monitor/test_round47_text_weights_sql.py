"""Round 47 (known item a): the monitor counted a SQLite TEXT column of weights ('2') or
propensities as numbers, where the audit of the same table refuses it ("holds the text values
['2'], not numbers (a string column)") and the monitor itself refuses such a column in a
Parquet file or a DataFrame (refuse_typed_weights). One rule for both faces: a database's
weight or propensity stored as text (also one text value among numbers) is refused in the
audit's words before a store is made; a REAL column is counted as before."""

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli

ROWS = [(f"2024-03-01T0{i % 9}:00:00Z", "ab"[i % 2], i % 2, 0.5) for i in range(40)]
TEXT = "holds the text values ['0.5'], not numbers (a string column)"


def _db(tmp_path, kind):
    """A table whose w is a TEXT column, or untyped with one text value among numbers."""
    path = tmp_path / "w.db"
    with sqlite3.connect(path) as con:
        con.execute(f"CREATE TABLE t (ts TEXT, g TEXT, p INTEGER, w {kind})")
        con.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", ROWS)
        if not kind:  # untyped: SQLite keeps the text as given
            con.execute("UPDATE t SET w = '0.5' WHERE ts LIKE '%T03%'")
    return f"sqlite:///{path}"


@pytest.mark.parametrize(
    ("role", "kind"), [("weight", "TEXT"), ("weight", ""), ("propensity", "TEXT")]
)
def test_text_weights_in_a_database_are_refused_as_the_audit_refuses_them(
    tmp_path, capsys, kind, role
):
    url, store = _db(tmp_path, kind), tmp_path / "s.sqlite"
    request = MonitorRequest("db", time="ts", window="1d", y_pred="p", protected=("g",), db=url,
                             table="t", **{role: "w"})  # fmt: skip
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, store)
    said = "propensity" if role == "propensity" else "sample_weight"  # as the audit names it
    assert str(caught.value).startswith(f"column 'w ({said})': {TEXT}"), caught.value
    assert not store.exists()
    if kind:  # the audit's words for the same table
        argv = ["audit", "--db", url, "--table", "t", "--y-pred", "p", "--protected", "g"]
        rc, _, err = run_cli(capsys, *argv, "--weight", "w")
        assert rc == 2 and TEXT in err, err


def test_a_real_column_of_weights_is_counted(tmp_path):
    path = tmp_path / "w.db"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE t (ts TEXT, g TEXT, p INTEGER, w REAL)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", ROWS)
    request = MonitorRequest("db", time="ts", window="1d", y_pred="p", protected=("g",),
                             db=f"sqlite:///{path}", table="t", weight="w")  # fmt: skip
    assert run_monitor(request, tmp_path / "s.sqlite").data["run"]["new_windows"] == 1
