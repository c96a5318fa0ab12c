"""``ethiclens monitor`` end to end: outputs, the store, bad input."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens._jsonschema import validate
from ethiclens.monitor import MonitorRequest, run_monitor
from ethiclens.monitor._store import Store

from .conftest import FLAGS, SCHEMA
from .conftest import request_of as _req
from .conftest import run_cli as _cli


def _state(store):
    with sqlite3.connect(store) as con:
        return {
            (a, g, k): bytes(d)
            for a, g, k, d in con.execute("SELECT attribute, grp, key, data FROM state")
        }


def test_cli_json_html_and_gate(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(30), change_day=10)
    store, js, page = tmp_path / "m.sqlite", tmp_path / "m.json", tmp_path / "m.html"
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race=White", "--store", store,
        "--json", js, "--html", page, "--fail-on", "alarm",
    )  # fmt: skip
    assert rc == 1, err
    assert "ALARM since window" in out and "race: Black vs White" in out
    assert "alarm: race: Black vs White: DI" in err  # in the words of its lines (279209a7)
    doc = json.loads(js.read_text())
    validate(doc, SCHEMA)
    black = next(c for c in doc["comparisons"] if c["group"] == "Black")
    assert black["tests"]["disparate_impact"]["alarm"]
    assert black["tests"]["disparate_impact"]["alarm_since"]["window"] >= 10
    asian = next(c for c in doc["comparisons"] if c["group"] == "Asian")
    assert not any(t["alarm"] for t in asian["tests"].values())
    assert "data:image/png;base64," in page.read_text()
    # without --fail-on: exit 0; JSON to standard output only
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race=White", "--store", store,
        "--json", "-",
    )  # fmt: skip
    assert rc == 0
    again = json.loads(out)
    validate(again, SCHEMA)
    assert again["run"]["new_windows"] == 0 and again["run"]["already_seen"] == 30


def test_html_escapes_user_strings(tmp_path, days, capsys):
    evil = "<script>alert(1)</script>\u202e"  # a bidi override: shown as an escape, as in reports
    data = days(tmp_path / "d", range(3), groups=(["White", evil], [0.5, 0.5]))
    page = tmp_path / "p.html"
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", tmp_path / "s.sqlite",
        "--html", page,
    )  # fmt: skip
    assert rc == 0, err
    text = page.read_text()
    assert evil not in text and "&lt;script&gt;alert(1)&lt;/script&gt;\\u202e" in text
    assert "\u202e" not in text


def test_runs_in_pieces_equal_one_run_and_nothing_counts_twice(tmp_path, days):
    whole = days(tmp_path / "whole", range(20), change_day=12)
    part = tmp_path / "part"
    part.mkdir()
    for f in sorted(whole.glob("*.csv"))[:8]:
        (part / f.name).write_bytes(f.read_bytes())
    a, b = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    run_monitor(_req(whole), a)
    first = run_monitor(_req(part), b)
    assert first.data["run"]["new_windows"] == 8
    second = run_monitor(_req(whole), b)
    assert second.data["run"]["new_windows"] == 12 and second.data["run"]["already_seen"] == 8
    third = run_monitor(_req(whole), b)
    assert third.data["run"]["new_windows"] == 0
    assert _state(a) == _state(b)
    one = run_monitor(_req(whole), a).data["comparisons"]
    assert one == third.data["comparisons"]
    # only today's file: the earlier windows stay as they were
    today = tmp_path / "today"
    today.mkdir()
    days(tmp_path / "more", range(20, 21), seed=5)
    (today / "day020.csv").write_bytes((tmp_path / "more" / "day020.csv").read_bytes())
    assert run_monitor(_req(today), b).data["run"]["new_windows"] == 1


def test_late_rows_and_time_going_backwards_are_refused(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(10))
    store = tmp_path / "s.sqlite"
    run_monitor(_req(data), store)
    before = _state(store)
    extra = pd.read_csv(data / "day004.csv").head(5)
    extra.to_csv(data / "day004b.csv", index=False)
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race=White", "--store", store
    )
    assert rc == 2 and "late or changed rows: window 4" in err and "Fix:" in err
    (data / "day004b.csv").unlink()
    old = days(tmp_path / "old", range(3), start="2024-02-01")
    rc, out, err = _cli(
        capsys, "monitor", old, *FLAGS, "--protected", "race=White", "--store", store
    )
    assert rc == 2 and "time went backwards" in err
    assert _state(store) == before
    import datetime as dt

    with pytest.raises(Exception, match="system clock went backwards"):
        run_monitor(_req(data), store, now=dt.datetime(2000, 1, 1, tzinfo=dt.UTC))


def test_a_store_of_another_request_is_refused(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(3))
    store = tmp_path / "s.sqlite"
    run_monitor(_req(data), store)
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race=White", "--store", store,
        "--eo-threshold", "0.05",
    )  # fmt: skip
    assert rc == 2 and "another request" in err and "--eo-threshold 0.1 there, 0.05 here" in err
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    rc, out, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", other)
    assert rc == 2 and "not an EthicLens monitor store" in err
    junk = tmp_path / "junk.sqlite"
    junk.write_text("hello")
    rc, out, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", junk)
    assert rc == 2 and "not a SQLite file" in err


def test_a_failing_run_leaves_the_store_as_it_was(tmp_path, days, monkeypatch):
    data = days(tmp_path / "data", range(6))
    part = tmp_path / "part"
    part.mkdir()
    for f in sorted(data.glob("*.csv"))[:3]:
        (part / f.name).write_bytes(f.read_bytes())
    store = tmp_path / "s.sqlite"
    run_monitor(_req(part), store)
    before = _state(store)
    calls = {"n": 0}
    real = Store.add_result

    def boom(self, *args):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(self, *args)

    monkeypatch.setattr(Store, "add_result", boom)
    with pytest.raises(KeyboardInterrupt):
        run_monitor(_req(data), store)
    monkeypatch.undo()
    assert _state(store) == before
    with sqlite3.connect(store) as con:
        assert con.execute("SELECT count(*) FROM windows").fetchone()[0] == 3
    assert run_monitor(_req(data), store).data["run"]["new_windows"] == 3


def test_engines_agree_and_order_within_files_does_not_matter(tmp_path, days):
    data = days(tmp_path / "data", range(6), change_day=2)
    shuffled = tmp_path / "shuffled"
    shuffled.mkdir()
    for f in data.glob("*.csv"):
        pd.read_csv(f).sample(frac=1, random_state=1).to_csv(shuffled / f.name, index=False)
    a = run_monitor(_req(data, engine="duckdb"), tmp_path / "a.sqlite").data
    b = run_monitor(_req(shuffled, engine="pandas"), tmp_path / "b.sqlite").data
    assert a["comparisons"] == b["comparisons"] and a["windows"] == b["windows"]
    assert a["run"]["engine"] == "duckdb" and b["run"]["engine"] == "pandas"


def test_window_statuses_gaps_one_group_and_rows(tmp_path, days):
    data = days(tmp_path / "data", [0, 1, 3])  # no rows on day 2
    only = pd.read_csv(data / "day003.csv")
    only = only[only["race"] == "White"]
    only.to_csv(data / "day003.csv", index=False)
    doc = run_monitor(_req(data), tmp_path / "s.sqlite").data
    assert [w["status"] for w in doc["windows"]] == [
        "PROCESSED",
        "PROCESSED",
        "NO_ROWS",
        "PROCESSED",
    ]
    black = next(c for c in doc["comparisons"] if c["group"] == "Black")
    statuses = [h["status"] for h in black["history"]]
    assert statuses[2:] == ["NO_ROWS", "ONE_GROUP"]
    asian = next(c for c in doc["comparisons"] if c["group"] == "Asian")
    assert asian["history"][0]["status"] == "INSUFFICIENT_DATA"
    assert asian["history"][0]["estimates"]["disparate_impact"]["ci_low"] is None
    # a window as long as the data: one window, stated
    one = run_monitor(_req(data, window="30d"), tmp_path / "one.sqlite").data
    assert len(one["windows"]) == 1 and "holds one window so far" in one["run"]["note"]
    # row windows: full windows only, the rest held back
    rows = run_monitor(_req(data, window="500"), tmp_path / "rows.sqlite").data
    assert all(w["rows"] == 500 for w in rows["windows"])
    assert rows["run"]["pending_windows"]
    held = run_monitor(_req(data, hold_last=True), tmp_path / "held.sqlite").data
    assert len(held["windows"]) == 2 and held["run"]["pending_windows"] == [3]


@pytest.mark.parametrize(
    "change, flag, message",
    [
        ("missing", "ts", "rows have no time"),
        ("garbage", "ts", "not a date or time"),
        ("labels", "label", "binary 0/1"),
    ],
)
def test_bad_values_are_named(tmp_path, days, capsys, change, flag, message):
    data = days(tmp_path / "data", range(2))
    frame = pd.read_csv(data / "day001.csv")
    if change == "missing":
        frame.loc[3, "ts"] = np.nan
    elif change == "garbage":
        frame.loc[3, "ts"] = "yesterday"
    else:
        frame.loc[3, "label"] = 7
    frame.to_csv(data / "day001.csv", index=False)
    for engine in ("duckdb", "pandas"):
        rc, out, err = _cli(
            capsys, "monitor", data, *FLAGS, "--protected", "race", "--engine", engine,
            "--store", tmp_path / f"{engine}.sqlite",
        )  # fmt: skip
        assert rc == 2, (engine, err)
        assert f"column '{flag}" in err and message in err and "Fix:" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--window", "weekly"], "option '--window'"),
        (["--window", "0"], "option '--window'"),
        (["--weight", "w"], "column 'w'"),  # not a column of the data
        (["--alpha", "1.5"], "option '--alpha'"),
        (["--time", "when"], "column 'when'"),
    ],
)
def test_bad_options(tmp_path, days, capsys, argv, message):
    data = days(tmp_path / "data", range(2))
    base = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "race"]
    for i in range(0, len(argv), 2):
        if argv[i] in base:
            base[base.index(argv[i]) + 1] = argv[i + 1]
        else:
            base += argv[i : i + 2]
    rc, out, err = _cli(capsys, "monitor", data, *base, "--store", tmp_path / "s.sqlite")
    assert rc == 2 and message in err and "Fix:" in err, err


def test_parquet_with_typed_times_equals_csv(tmp_path, days):
    data = days(tmp_path / "csv", range(4), change_day=1)
    pq_dir = tmp_path / "pq"
    pq_dir.mkdir()
    for f in sorted(data.glob("*.csv")):
        frame = pd.read_csv(f)
        frame["ts"] = pd.to_datetime(frame["ts"], utc=True).dt.tz_localize(None)
        frame.to_parquet(pq_dir / (f.stem + ".parquet"))
    a = run_monitor(_req(data), tmp_path / "a.sqlite").data
    b = run_monitor(_req(pq_dir), tmp_path / "b.sqlite").data
    c = run_monitor(_req(str(pq_dir / "*.parquet"), engine="pandas"), tmp_path / "c.sqlite").data
    assert a["comparisons"] == b["comparisons"] == c["comparisons"]


def test_a_group_appearing_later_and_no_labels(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(2), groups=(["White", "Black"], [0.7, 0.3]))
    store = tmp_path / "s.sqlite"
    run_monitor(_req(data, y_true=None, protected=("race",)), store)
    days(tmp_path / "data", range(2, 4), seed=3)  # Asian appears on day 2
    doc = run_monitor(_req(data, y_true=None, protected=("race",)), store).data
    validate(doc, SCHEMA)
    asian = next(c for c in doc["comparisons"] if c["group"] == "Asian")
    assert [h["window"] for h in asian["history"]] == [2, 3]
    assert set(asian["tests"]) == {"disparate_impact"}
    assert set(asian["sequences"]) == {"selection_rate_gap", "disparate_impact"}
    assert doc["comparisons"][0]["reference"] == "White"
    page = tmp_path / "p.html"
    rc, out, err = _cli(
        capsys, "monitor", data, "--time", "ts", "--window", "1d", "--y-pred", "pred",
        "--protected", "race", "--store", store, "--html", page,
    )  # fmt: skip
    assert rc == 0 and "TPR" not in out and page.exists()


def test_a_busy_store_is_one_line(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(2))
    store = tmp_path / "s.sqlite"
    run_monitor(_req(data), store)
    holder = sqlite3.connect(store, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr("ethiclens.monitor._store.BUSY_TIMEOUT", 0.2)
            rc, out, err = _cli(
                capsys, "monitor", data, *FLAGS, "--protected", "race=White", "--store", store
            )
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert rc == 2 and "busy" in err and "Fix:" in err


def test_an_audit_spec_config_is_the_request(tmp_path, days, capsys):
    import yaml

    data = days(tmp_path / "data", range(3))
    config = tmp_path / "spec.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "target": {"file": str(data)},
                "roles": {"y_pred": "pred", "y_true": "label", "protected": ["race=White"]},
                "policy": {"eo_threshold": 0.15, "min_group_size": 50},
            }
        )
    )
    js = tmp_path / "o.json"
    rc, out, err = _cli(
        capsys, "monitor", "--config", config, "--time", "ts", "--window", "1d",
        "--store", tmp_path / "s.sqlite", "--json", js, "--min-labels", "20",
    )  # fmt: skip
    assert rc == 0, err
    req = json.loads(js.read_text())["request"]
    assert (req["eo_threshold"], req["min_group_size"], req["min_labels"]) == (0.15, 50, 20)
    assert req["protected"] == ["race=White"]
    config.write_text(
        yaml.safe_dump(
            {
                "target": {"file": str(data)},
                "roles": {"y_pred": "pred", "protected": ["race"], "y_score": "pred"},
            }
        )
    )
    rc, out, err = _cli(
        capsys, "monitor", "--config", config, "--time", "ts", "--window", "1d",
        "--store", tmp_path / "t.sqlite",
    )  # fmt: skip
    assert rc == 2 and "key 'roles.y_score'" in err and "not supported" in err
    assert "drop roles.y_score from the config" in err and "--y-score" not in err
    config.write_text(
        yaml.safe_dump(
            {
                "target": {"file": str(data)},
                "roles": {"y_pred": "pred", "protected": ["race"]},
                "policy": {"di_rule": "below"},
            }
        )
    )
    rc, out, err = _cli(
        capsys, "monitor", "--config", config, "--time", "ts", "--window", "1d",
        "--store", tmp_path / "v.sqlite",
    )  # fmt: skip
    assert rc == 2 and "key 'policy.di_rule'" in err and "--di-rule" not in err
    rc, out, err = _cli(
        capsys, "monitor", "compas", "--time", "ts", "--window", "1d", "--y-pred", "p",
        "--protected", "race", "--store", tmp_path / "u.sqlite",
    )  # fmt: skip
    assert rc == 2 and "reads files" in err


def test_row_windows_agree_across_engines_with_tied_times(tmp_path):
    rng = np.random.default_rng(4)
    n = 900
    frame = pd.DataFrame(
        {
            "ts": pd.Timestamp("2024-01-01")
            + pd.to_timedelta(rng.integers(0, 40, n), unit="h"),  # many ties
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice([2, 10, 7], n),  # numbers: text order differs from numeric
        }
    )
    frame.to_parquet(tmp_path / "d.parquet")
    a = run_monitor(
        _req(tmp_path / "d.parquet", window="200", protected=("race",)), tmp_path / "a.sqlite"
    ).data
    b = run_monitor(
        _req(tmp_path / "d.parquet", window="200", engine="pandas", protected=("race",)),
        tmp_path / "b.sqlite",
    ).data
    assert a["windows"] == b["windows"] and a["comparisons"] == b["comparisons"]
    assert len(a["windows"]) == 4 and a["run"]["pending_windows"] == [4]


def test_baseline_windows_in_pieces_equal_one_run(tmp_path, days, capsys):
    whole = days(tmp_path / "whole", range(16), change_day=9)
    a, b = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    one = run_monitor(_req(whole, baseline_windows=5), a).data
    for cut in (3, 8, 16):
        part = tmp_path / f"p{cut}"
        part.mkdir()
        for f in sorted(whole.glob("*.csv"))[:cut]:
            (part / f.name).write_bytes(f.read_bytes())
        last = run_monitor(_req(part, baseline_windows=5), b).data
    assert _state(a) == _state(b)
    assert last["comparisons"] == one["comparisons"]
    validate(one, SCHEMA)
    black = next(c for c in one["comparisons"] if c["group"] == "Black")
    assert "baseline_disparate_impact" not in black["history"][4]["tests"]
    assert "baseline_disparate_impact" in black["history"][5]["tests"]
    since = black["tests"]["baseline_disparate_impact"]["alarm_since"]
    assert since and since["window"] >= 9
    assert black["tests"]["baseline_disparate_impact"]["threshold"] == 40
    rc, out, err = _cli(
        capsys, "monitor", whole, *FLAGS, "--protected", "race=White", "--store", a,
    )  # fmt: skip
    assert rc == 2 and "--baseline-windows 5 there, not given here" in err


def test_a_baseline_period_equals_its_windows_and_starts_after_its_end(tmp_path, days, capsys):
    whole = days(tmp_path / "whole", range(16), change_day=9)
    by_k = run_monitor(_req(whole, baseline_windows=5), tmp_path / "k.sqlite").data
    period = run_monitor(
        _req(whole, baseline_period="2024-03-01..2024-03-05"), tmp_path / "p.sqlite"
    ).data
    assert period["comparisons"] == by_k["comparisons"]
    assert period["request"]["baseline_period"] == "2024-03-01..2024-03-05"
    validate(period, SCHEMA)
    # 2-day windows from 03-01: window 1 (03-03, 03-04) is inside 03-03..03-05, window 2
    # (03-05, 03-06) straddles its end (neither pooled nor tested), window 3 on is tested
    req = dict(window="2d", baseline_period=" 2024-03-03 .. 2024-03-05")
    one = run_monitor(_req(whole, **req), tmp_path / "a.sqlite").data
    for cut in (4, 8, 16):  # whole 2-day windows
        part = tmp_path / f"p{cut}"
        part.mkdir()
        for f in sorted(whole.glob("*.csv"))[:cut]:
            (part / f.name).write_bytes(f.read_bytes())
        last = run_monitor(_req(part, **req), tmp_path / "b.sqlite").data
    assert last["comparisons"] == one["comparisons"]
    black = next(c for c in one["comparisons"] if c["group"] == "Black")
    tested = ["baseline_disparate_impact" in h["tests"] for h in black["history"]]
    assert tested == [False, False, False] + [True] * 5
    rc, out, err = _cli(
        capsys, "monitor", whole, *FLAGS, "--protected", "race=White", "--store",
        tmp_path / "a.sqlite", "--window", "2d",
    )  # fmt: skip
    assert rc == 2 and "baseline_period" in err


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--baseline-period", "2024-03-05..2024-03-01"], "two dates START..END"),
        (["--baseline-period", "March"], "two dates START..END"),
        (["--baseline-period", "2024-03-01..2024-03-05", "--baseline-windows", "3"], "not both"),
    ],
)
def test_a_bad_baseline_period_is_refused(tmp_path, days, capsys, extra, message):
    data = days(tmp_path / "data", range(2), n=50)
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race", "--store",
        tmp_path / "s.sqlite", *extra,
    )  # fmt: skip
    assert rc == 2 and message in err and "--baseline-period" in err, err


def test_csv_files_with_columns_in_other_orders_are_matched_by_name(tmp_path, days):
    data = days(tmp_path / "data", range(4), change_day=2)
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    for i, f in enumerate(sorted(data.glob("*.csv"))):
        frame = pd.read_csv(f)
        cols = list(frame.columns)
        frame[cols[::-1] if i % 2 else cols].to_csv(mixed / f.name, index=False)
    a = run_monitor(_req(data), tmp_path / "a.sqlite").data
    b = run_monitor(_req(mixed), tmp_path / "b.sqlite").data
    c = run_monitor(_req(mixed, engine="pandas"), tmp_path / "c.sqlite").data
    assert a["comparisons"] == b["comparisons"] == c["comparisons"]


def test_one_group_only_is_said(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(2), groups=(["White"], [1.0]))
    rc, out, err = _cli(
        capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", tmp_path / "s.sqlite",
        "--json", tmp_path / "o.json",
    )  # fmt: skip
    assert rc == 0 and "note: race has one group so far (White): nothing to compare yet" in out
    doc = json.loads((tmp_path / "o.json").read_text())
    validate(doc, SCHEMA)
    assert doc["comparisons"] == []


def test_a_sqlite_database_is_counted_per_day_there(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(5), change_day=2)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))])
    db = tmp_path / "preds.sqlite"
    with sqlite3.connect(db) as con:
        frame.to_sql("preds", con, index=False)
    url = f"sqlite:///{db}"
    files = run_monitor(_req(data), tmp_path / "a.sqlite").data
    js = tmp_path / "o.json"
    rc, out, err = _cli(
        capsys, "monitor", "--db", url, "--table", "preds", *FLAGS, "--protected", "race=White",
        "--store", tmp_path / "b.sqlite", "--json", js,
    )  # fmt: skip
    assert rc == 0, err
    doc = json.loads(js.read_text())
    validate(doc, SCHEMA)
    assert doc["comparisons"] == files["comparisons"] and doc["run"]["engine"] == "sql"
    import yaml

    config = tmp_path / "spec.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "target": {"file": str(data)},
                "roles": {"y_pred": "pred", "y_true": "label", "protected": ["race=White"]},
            }
        )
    )
    rc, out, err = _cli(
        capsys, "monitor", "--config", config, "--db", url, "--table", "preds", "--time", "ts",
        "--window", "1d", "--store", tmp_path / "b2.sqlite", "--json", js,
    )  # fmt: skip
    assert rc == 0, err
    assert json.loads(js.read_text())["run"]["engine"] == "sql"
    rc, out, err = _cli(
        capsys, "monitor", "--db", url, "--query", "SELECT * FROM preds WHERE race <> 'Asian'",
        *FLAGS, "--protected", "race=White", "--store", tmp_path / "c.sqlite",
    )  # fmt: skip
    assert rc == 0 and "Asian" not in out
    with sqlite3.connect(db) as con:
        con.execute("UPDATE preds SET ts = 'soon' WHERE rowid = 3")
    rc, out, err = _cli(
        capsys, "monitor", "--db", url, "--table", "preds", *FLAGS, "--protected", "race",
        "--store", tmp_path / "d.sqlite",
    )  # fmt: skip
    assert rc == 2 and "column 'ts'" in err and "(value: 'soon')" in err
    rc, out, err = _cli(
        capsys, "monitor", "--db", url, "--table", "preds", "--time", "ts", "--window", "500",
        "--y-pred", "pred", "--protected", "race", "--store", tmp_path / "e.sqlite",
    )  # fmt: skip
    assert rc == 2 and "column 'ts'" in err and "(value: 'soon')" in err


@pytest.mark.parametrize("window", ["450", "1000"])
def test_row_windows_on_a_database_equal_the_files(tmp_path, window):
    """Row windows numbered by SQLite (text times with tied seconds, ties broken by the roles'
    text as the file engines break them): the files' windows and JSON, the held last one too."""
    rng = np.random.default_rng(5)
    n = 2300
    frame = pd.DataFrame(
        {
            "ts": (
                pd.Timestamp("2024-01-01", tz="UTC")
                + pd.to_timedelta(rng.integers(0, 20000, n), unit="s")
            ).strftime("%Y-%m-%dT%H:%M:%SZ"),  # fmt: skip
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice(["White", "Black", "Asian"], n),
        }
    )
    frame.to_csv(tmp_path / "rows.csv", index=False)
    db = tmp_path / "rows.sqlite"
    with sqlite3.connect(db) as con:
        frame.sample(frac=1, random_state=2).to_sql("preds", con, index=False)
    files = run_monitor(_req(tmp_path / "rows.csv", window=window), tmp_path / "a.sqlite").data
    req = _req("db", db=f"sqlite:///{db}", table="preds", window=window)
    database = run_monitor(req, tmp_path / "b.sqlite").data
    assert database["windows"] == files["windows"]
    assert database["comparisons"] == files["comparisons"]
    assert database["run"]["pending_windows"] == files["run"]["pending_windows"] != []


def test_a_database_password_is_never_kept(tmp_path):
    from ethiclens.spec import AuditSpec

    spec = AuditSpec.from_dict(
        {
            "target": {"db": "postgresql+psycopg://auditor:s3cret@db.example/x", "table": "p"},
            "roles": {"y_pred": "pred", "protected": ["race"]},
        }
    )
    req = MonitorRequest.from_spec(spec, time="ts", window="1d")
    assert "s3cret" not in req.target and "s3cret" not in repr(req)
    assert "s3cret" not in json.dumps(req.bound())


def test_an_attribute_without_any_group_yet_is_not_said_to_have_one(tmp_path, days, capsys):
    # one window longer than the data: held back, so no group has been counted yet
    data = days(tmp_path / "data", range(3))
    flags = ["100000000" if f == "1d" else f for f in FLAGS]
    rc, out, err = _cli(
        capsys, "monitor", data, *flags, "--protected", "race", "--store", tmp_path / "s.sqlite"
    )
    assert rc == 0, err
    # its rows were counted (held back, named with their window): not "no group counted yet"
    assert "note: race: its 1,200 rows are all in held-back windows: nothing to compare" in out
    assert "no group counted yet" not in out
    assert "(none)" not in out and "one group" not in out
