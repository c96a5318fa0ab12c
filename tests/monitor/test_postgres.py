"""The monitor on a real PostgreSQL server (a throw-away one, as tests/sources/ starts)."""

import json

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import PASSWORD


def test_postgres_table_and_query_equal_the_files(pg_url, tmp_path, days, capsys):
    import sqlalchemy as sa

    data = days(tmp_path / "data", range(5), change_day=2)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))])
    typed = frame.assign(ts=pd.to_datetime(frame["ts"], utc=True))
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        frame.to_sql("preds_text", con, index=False, if_exists="replace")
        typed.to_sql("preds_typed", con, index=False, if_exists="replace")
    engine.dispose()
    req = dict(time="ts", window="1d", y_pred="pred", y_true="label", protected=("race=White",))
    files = run_monitor(MonitorRequest(target=str(data), **req), tmp_path / "f.sqlite").data
    rows = run_monitor(
        MonitorRequest(target=str(data), **dict(req, window="700")), tmp_path / "r.sqlite"
    ).data
    for table, window in [(t, w) for t in ("preds_text", "preds_typed") for w in ("1d", "700")]:
        store = tmp_path / f"{table}{window}.sqlite"
        out_json = tmp_path / f"{table}{window}.json"
        rc = main(["monitor", "--db", pg_url, "--table", table, "--time", "ts", "--window", window,
                   "--y-pred", "pred", "--y-true", "label", "--protected", "race=White",
                   "--store", str(store), "--json", str(out_json)])  # fmt: skip
        printed = capsys.readouterr()
        assert rc == 0, printed.err
        doc = json.loads(out_json.read_text())
        expected = files if window == "1d" else rows
        assert doc["comparisons"] == expected["comparisons"], (table, window)
        assert doc["windows"] == expected["windows"], (table, window)
        assert PASSWORD not in printed.out + printed.err + out_json.read_text()
        assert PASSWORD.encode() not in store.read_bytes()


# -- the store in PostgreSQL (--store URL) ------------------------------------------------------

REQ = dict(time="ts", window="1d", y_pred="pred", y_true="label", protected=("race=White",))


def _same_history(a: dict, b: dict) -> None:
    for key in ("windows", "comparisons", "request", "method"):
        assert a[key] == b[key], key
    for key in ("new_windows", "already_seen", "pending_windows"):
        assert a["run"][key] == b["run"][key], key


def test_a_postgres_store_behaves_as_a_sqlite_one(pg_url, tmp_path, days):
    """Two runs (days 0-3, then 0-6: four seen, three new) give the SQLite store's JSON."""
    data = days(tmp_path / "data", range(7), change_day=3)
    first = tmp_path / "first"
    first.mkdir()
    for f in sorted(data.glob("*.csv"))[:4]:
        (first / f.name).write_bytes(f.read_bytes())
    pg_store = pg_url + "&schema=same_as_sqlite"
    for target in (first, data):
        request = MonitorRequest(target=str(target), **REQ)
        lite = run_monitor(request, tmp_path / "s.sqlite").data
        pg = run_monitor(request, pg_store).data
        _same_history(lite, pg)
    assert pg["run"]["already_seen"] == 4 and pg["run"]["new_windows"] == 3
    assert PASSWORD not in json.dumps(pg) and "***" in pg["store"]


def test_a_postgres_store_refuses_what_a_sqlite_one_refuses(pg_url, tmp_path, days):
    import psycopg

    data = days(tmp_path / "data", range(3))
    store = pg_url + "&schema=refusals"
    run_monitor(MonitorRequest(target=str(data), **REQ), store)
    other = MonitorRequest(target=str(data), **{**REQ, "eo_threshold": 0.05})
    with pytest.raises(Exception, match="eo_threshold 0.1 there, 0.05 here") as err:
        run_monitor(other, store)
    assert PASSWORD not in str(err.value)
    conninfo = "postgresql://" + pg_url.split("://", 1)[1]
    with psycopg.connect(conninfo, autocommit=True) as con:
        con.execute("CREATE SCHEMA foreign_app")
        con.execute("CREATE TABLE foreign_app.meta (key TEXT, value TEXT)")
    with pytest.raises(Exception, match="PostgreSQL schema that is not an EthicLens monitor"):
        run_monitor(MonitorRequest(target=str(data), **REQ), pg_url + "&schema=foreign_app")
    with pytest.raises(Exception, match="schema must be a lower-case name"):
        run_monitor(MonitorRequest(target=str(data), **REQ), pg_url + "&schema=Bad;Name")


def test_a_failed_run_leaves_a_postgres_store_as_it_was(pg_url, tmp_path, days, monkeypatch):
    from ethiclens.monitor import _run

    data = days(tmp_path / "data", range(4))
    store = pg_url + "&schema=one_transaction"
    before = run_monitor(MonitorRequest(target=str(data / "day000.csv"), **REQ), store).data

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(_run, "window_estimates_batch", killed)
    with pytest.raises(KeyboardInterrupt):
        run_monitor(MonitorRequest(target=str(data), **REQ), store)
    monkeypatch.undo()
    resumed = run_monitor(MonitorRequest(target=str(data), **REQ), store).data
    assert resumed["run"]["already_seen"] == 1 and resumed["run"]["new_windows"] == 3
    assert resumed["windows"][0] == before["windows"][0]


def test_monitor_cli_with_a_postgres_store_never_prints_the_password(
    pg_url, tmp_path, days, capsys
):
    data = days(tmp_path / "data", range(3))
    out_json = tmp_path / "out.json"
    rc = main(["monitor", str(data), "--time", "ts", "--window", "1d", "--y-pred", "pred",
               "--protected", "race=White", "--store", pg_url + "&schema=cli",
               "--json", str(out_json)])  # fmt: skip
    printed = capsys.readouterr()
    assert rc == 0, printed.err
    assert PASSWORD not in printed.out + printed.err + out_json.read_text()
    assert json.loads(out_json.read_text())["run"]["new_windows"] == 3


def test_propensity_on_postgres_equals_the_files(pg_url, tmp_path, days):
    """--propensity with --db on PostgreSQL (a float column): the files' JSON."""
    import sqlalchemy as sa

    from .test_propensity import _powers_of_two, _with_propensity

    data = _with_propensity(days(tmp_path / "data", range(4), change_day=2), _powers_of_two)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        frame.to_sql("preds_prop", con, index=False, if_exists="replace")
    engine.dispose()
    req = dict(REQ, propensity="prop")
    files = run_monitor(MonitorRequest(target=str(data), **req), tmp_path / "f.sqlite").data
    db = MonitorRequest(target="db", db=pg_url, table="preds_prop", **req)
    database = run_monitor(db, tmp_path / "d.sqlite").data
    assert files["comparisons"] == database["comparisons"]


def test_weight_on_postgres_equals_the_files(pg_url, tmp_path, days):
    """--weight with --db on PostgreSQL, row windows: the files' JSON."""
    import sqlalchemy as sa

    from .test_propensity import _powers_of_two, _with_propensity

    data = _with_propensity(days(tmp_path / "data", range(4), change_day=2), _powers_of_two)
    for f in sorted(data.glob("*.csv")):
        frame = pd.read_csv(f)
        frame.assign(wt=2 / frame["prop"]).to_csv(f, index=False)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        frame.to_sql("preds_wt", con, index=False, if_exists="replace")
    engine.dispose()
    req = dict(REQ, weight="wt", window="300")
    files = run_monitor(MonitorRequest(target=str(data), **req), tmp_path / "f.sqlite").data
    db = MonitorRequest(target="db", db=pg_url, table="preds_wt", **req)
    database = run_monitor(db, tmp_path / "d.sqlite").data
    assert files["comparisons"] == database["comparisons"]
    assert any(h["weighted"]["source"] == "weight" for h in files["comparisons"][0]["history"])


def test_read_store_reads_a_postgres_store_read_only(pg_url, tmp_path, days):
    """What the web app's Monitoring page reads: the SQLite store's data from the URL, without
    a write (a schema that is no store is refused and not created)."""
    import psycopg

    from ethiclens.monitor import read_store

    data = days(tmp_path / "data", range(4), change_day=2)
    request = MonitorRequest(target=str(data), **REQ)
    run_monitor(request, tmp_path / "s.sqlite")
    store = pg_url + "&schema=read_me"
    run_monitor(request, store)
    lite, pg = read_store(tmp_path / "s.sqlite"), read_store(store)
    assert pg["comparisons"] == lite["comparisons"] and pg["windows"] == lite["windows"]
    assert PASSWORD not in json.dumps(pg)
    with pytest.raises(Exception, match="PostgreSQL schema that is not an EthicLens") as err:
        read_store(pg_url + "&schema=nothing_here", flag="--monitor-store")
    assert "--monitor-store" in str(err.value)
    conninfo = "postgresql://" + pg_url.split("://", 1)[1]
    with psycopg.connect(conninfo, autocommit=True) as con:
        schemas = {r[0] for r in con.execute("SELECT schema_name FROM information_schema.schemata")}
    assert "nothing_here" not in schemas


def test_a_busy_postgres_store_is_one_line(pg_url, tmp_path, days, monkeypatch, capsys):
    """A run holding the store's advisory lock makes a second wait, then refuse in one line."""
    import psycopg

    data = days(tmp_path / "data", range(2))
    store = pg_url + "&schema=busy"
    run_monitor(MonitorRequest(target=str(data / "day000.csv"), **REQ), store)
    monkeypatch.setattr("ethiclens.monitor._store.BUSY_TIMEOUT", 0.2)
    conninfo = "postgresql://" + pg_url.split("://", 1)[1]
    with psycopg.connect(conninfo) as holder:  # a transaction holding the lock
        holder.execute("SELECT pg_advisory_xact_lock(hashtext('busy'))")
        rc = main(["monitor", str(data), "--time", "ts", "--window", "1d", "--y-pred", "pred",
                   "--protected", "race=White", "--store", store])  # fmt: skip
    err = capsys.readouterr().err
    assert rc == 2 and "busy" in err and "Fix:" in err and PASSWORD not in err
    resumed = run_monitor(MonitorRequest(target=str(data), **REQ), store).data
    assert resumed["run"]["already_seen"] == 1 and resumed["run"]["new_windows"] == 1


def test_the_audit_rules_on_postgres_equal_the_files(pg_url, tmp_path, days):
    """--pos-label on text and boolean columns, and merged and excluded groups, with --db on
    PostgreSQL: the files' JSON."""
    import sqlalchemy as sa

    from .test_audit_rules import _yes_no

    data = _yes_no(days(tmp_path / "data", range(4), change_day=2), tmp_path / "words")
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    flags = frame.assign(label=frame["label"] == "yes", pred=frame["pred"] == "yes")
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        frame.to_sql("preds_words", con, index=False, if_exists="replace")
        flags.to_sql("preds_bool", con, index=False, if_exists="replace")
    engine.dispose()
    edits = dict(merge_groups={"race": {"Other": ["Asian", "Black"]}})
    req = dict(REQ, pos_label="yes", **edits)
    files = run_monitor(MonitorRequest(target=str(data), **req), tmp_path / "f.sqlite").data
    for table, pos in (("preds_words", "yes"), ("preds_bool", "true")):
        db = MonitorRequest(target="db", db=pg_url, table=table, **dict(req, pos_label=pos))
        database = run_monitor(db, tmp_path / f"{table}.sqlite").data
        assert files["comparisons"] == database["comparisons"], table
        assert [c["group"] for c in database["comparisons"]] == ["Other"]
