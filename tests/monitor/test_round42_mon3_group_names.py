"""Round 42: the monitor names a float group as the audit does (``0.0``, not ``0``).

A CSV column ``h`` of ``0.0`` and ``1.5`` was the groups ``0`` and ``1.5`` in the monitor's JSON
and ``0.0`` and ``1.5`` in the audit's, on every engine: joining the two by group matched
nothing. A new store now keeps each group's audit label (``sources.type_groups``: text as
written, ``-0.0`` beside numbers as ``0.0``) on pandas, DuckDB, Dask, SQLite and a DataFrame;
a store written before (no meta ``group_names``) keeps keying whole numbers by their digits,
so resuming it starts no new group."""

import datetime as dt
import json
import sqlite3

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2024, 2, 1, tzinfo=dt.UTC)
ROWS = [("2024-01-01", 1), ("2024-01-01", 0), ("2024-01-02", 1), ("2024-01-02", 1)]


def _frame(groups) -> pd.DataFrame:
    rows = [(t, p, g) for g in groups for t, p in ROWS]
    return pd.DataFrame(rows, columns=["t", "p", "h"])


def _csv(tmp_path, texts, name="m.csv") -> str:
    lines = ["t,p,h"] + [f"{t},{p},{g}" for g in texts for t, p in ROWS]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _groups(target, store, ref=None, **how) -> list:
    request = MonitorRequest(target=target, time="t", window="1d", y_pred="p", n_draws=100,
                             protected=(f"h={ref}" if ref else "h",), **how)  # fmt: skip
    doc = run_monitor(request, store, now=NOW, warn=False).to_dict()
    pairs = doc["comparisons"]
    return sorted({c["group"] for c in pairs} | {c["reference"] for c in pairs})


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(
    ("texts", "named"),
    [
        (["0.0", "1.5"], ["0.0", "1.5"]),  # was ['0', '1.5']
        (["1.0", "2.0"], ["1.0", "2.0"]),  # was ['1', '2']
        (["-0.0", "1.5", "0.0"], ["0.0", "1.5"]),  # the audit's one group 0.0
        (["1", "2.0", "1e3"], ["1", "1e3", "2.0"]),  # text as written
    ],
)
def test_csv_groups_named_as_the_audit_names_them(tmp_path, engine, texts, named):
    if engine == "dask":
        pytest.importorskip("dask.dataframe")
    target = _csv(tmp_path, texts)
    assert _groups(target, str(tmp_path / "s.sqlite"), engine=engine) == named


def test_dask_names_as_pandas(tmp_path):
    pytest.importorskip("dask.dataframe")
    target = _csv(tmp_path, ["-0.0", "1.5", "0.0"])
    assert _groups(target, str(tmp_path / "s.sqlite"), engine="dask") == ["0.0", "1.5"]


def test_sqlite_and_dataframe_float_groups(tmp_path):
    frame = _frame([0.0, 1.5])
    assert _groups(frame, str(tmp_path / "f.sqlite")) == ["0.0", "1.5"]
    db = tmp_path / "d.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE x (t TEXT, p INTEGER, h REAL)")
        con.executemany("INSERT INTO x VALUES (?, ?, ?)", frame.itertuples(index=False))
    con.close()
    got = _groups("db", str(tmp_path / "q.sqlite"), db=f"sqlite:///{db}", table="x")
    assert got == ["0.0", "1.5"]


@pytest.mark.parametrize(("ref", "named"), [("0.0", ["0.0", "1.5"]), ("0", ["0", "1.5"])])
def test_reference_spelling_names_its_group(tmp_path, ref, named):
    # the request's spelling is the key of the group of its value (a stream's later '0' or
    # '0.0' joins it); the audit refuses h=0 here ('did you mean 0.0'), so no join can differ
    target = _csv(tmp_path, ["0.0", "1.5"])
    assert _groups(target, str(tmp_path / "s.sqlite"), ref=ref) == named


def test_store_of_an_earlier_version_keeps_its_keys(tmp_path):
    store = str(tmp_path / "old.sqlite")
    first = _csv(tmp_path, ["0.0", "1.5"])
    assert _groups(first, store) == ["0.0", "1.5"]
    with sqlite3.connect(store) as con:  # as a store written before round 42: keyed '0'
        con.execute("DELETE FROM meta WHERE key = 'group_names'")
        held = json.loads(con.execute("SELECT value FROM meta WHERE key='groups'").fetchone()[0])
        assert held == {"h": ["0.0", "1.5"]}
    con.close()
    # a later batch of another day whose 0 is written 0.0 or 0: one group, the store's
    lines = ["t,p,h", "2024-01-03,1,0", "2024-01-03,0,1.5", "2024-01-04,1,0.0", "2024-01-04,1,1.5"]
    later = tmp_path / "later.csv"
    later.write_text("\n".join(lines) + "\n")
    assert _groups(str(later), store) == ["0.0", "1.5"]


def test_old_store_keyed_by_digits_resumes_without_new_groups(tmp_path, monkeypatch):
    import ethiclens.monitor._run as run

    store = str(tmp_path / "old.sqlite")
    monkeypatch.setattr(run, "names_as_written", lambda s: False)  # the rule before round 42
    assert _groups(_csv(tmp_path, ["0.0", "1.5"]), store) == ["0", "1.5"]
    monkeypatch.undo()
    with sqlite3.connect(store) as con:
        con.execute("DELETE FROM meta WHERE key = 'group_names'")  # no record: written before
    con.close()
    lines = ["t,p,h", "2024-01-03,1,0.0", "2024-01-03,0,1.5", "2024-01-03,1,2.0"]
    later = tmp_path / "later.csv"
    later.write_text("\n".join(lines) + "\n")
    # its 0.0 joins the store's 0, a new 2.0 is keyed 2 as the store keyed its whole numbers
    assert _groups(str(later), store) == ["0", "1.5", "2"]
