"""Round 48 hunt (faces disagree): a SQLite table whose label and prediction columns are
declared BOOLEAN (stored as 0/1) is read by the audit as true/false, so
``ethiclens audit --db ... --pos-label True`` counts it; the monitor read only its group columns
so and refused the same request ("pos_label does not occur in the column ... holds ['0', '1']").
It now reads the label columns by the audit's rule too: the windows are those of the same rows
as a CSV of True/False."""

import sqlite3

from ethiclens.monitor import MonitorRequest, read_store, run_monitor

ROWS = [(f"2024-01-0{1 + i // 24}T{i % 24:02d}:00:00Z", i % 2, int(i % 3 == 0), "ab"[i % 5 % 2])
        for i in range(48)]  # fmt: skip


def test_boolean_label_columns_of_a_sqlite_table_take_pos_label_true(tmp_path):
    db = tmp_path / "d.sqlite"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE t (ts TEXT, y BOOLEAN, p BOOLEAN, g TEXT)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", ROWS)
    con.close()
    csv = tmp_path / "f.csv"
    csv.write_text("ts,y,p,g\n" + "".join(f"{t},{bool(y)},{bool(p)},{g}\n" for t, y, p, g in ROWS))
    roles = dict(time="ts", window="1d", y_true="y", y_pred="p", protected=("g",),
                 pos_label="True", min_group_size=1, n_draws=100)  # fmt: skip
    run_monitor(
        MonitorRequest("db", db=f"sqlite:///{db}", table="t", **roles), tmp_path / "a.sqlite"
    )
    run_monitor(MonitorRequest(str(csv), **roles), tmp_path / "b.sqlite")
    got, want = read_store(tmp_path / "a.sqlite"), read_store(tmp_path / "b.sqlite")
    assert got["windows"] == want["windows"] and got["comparisons"] == want["comparisons"]
