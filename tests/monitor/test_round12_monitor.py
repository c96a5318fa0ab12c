"""Round 12: a time is cut to the microsecond, never rounded, by every engine (a SQLite or
PostgreSQL table puts a row in the same window as the same rows in a file); the output files
are written before the summary, a closed stdout tolerated; --hold-last never holds back a
stored window; a hand-edited store is refused; the late-rows refusal says what changed; the
same stream gives the same JSON however it was fed."""

from __future__ import annotations

import json
import sqlite3

import pytest

from .conftest import run_cli

# times at a day's last instant, written as the tester wrote them (SQLite rounded them into
# the next day), one before 1970 (SQLite's integer division put it in day 0), offsets
EDGE_TIMES = [
    "2024-03-01T23:59:59.9995Z",
    "2024-03-01T23:59:59.9999999Z",
    "2024-03-01T23:59:59.99999+00:00",
    "2024-03-02T00:59:59.9999999+01:00",
    "2024-03-01T23:59:59.9996",
    "2024-03-01T12:00:00Z",
    "2024-03-02T00:00:00.0000001Z",
    "2024-03-02T10:00:00.25-0200",
]
OLD_TIMES = ["1969-12-31T23:59:59.9999999Z", "1969-12-31T12:00:00Z", "1970-01-01T00:00:00.5Z"]


def _rows(times):
    return [(t, "AB"[i % 2], i % 2) for i, t in enumerate(times)]


def _csv(path, rows):
    path.write_text("ts,g,p\n" + "".join(f"{t},{g},{p}\n" for t, g, p in rows))
    return path


def _sqlite_table(path, rows):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (ts TEXT, g TEXT, p INTEGER)")
    con.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
    con.commit()
    con.close()
    return f"sqlite:///{path}"


def _windows(capsys, tmp_path, name, target, window):
    store, out = tmp_path / f"{name}.sqlite", tmp_path / f"{name}.json"
    rc, _, err = run_cli(capsys, "monitor", *target, "--time", "ts", "--window", window,
                         "--y-pred", "p", "--protected", "g=A", "--store", store,
                         "--json", out)  # fmt: skip
    assert rc == 0, err
    doc = json.loads(out.read_text())
    return [(w["start"], w["end"], w["rows"]) for w in doc["windows"]], doc["comparisons"]


@pytest.mark.parametrize("times", [EDGE_TIMES, OLD_TIMES], ids=["day-edge", "before-1970"])
@pytest.mark.parametrize("window", ["1d", "3"])
def test_a_sqlite_table_and_the_files_cut_times_alike(tmp_path, capsys, times, window):
    rows = _rows(times)
    csv, url = _csv(tmp_path / "r.csv", rows), _sqlite_table(tmp_path / "r.db", rows)
    got = {
        engine: _windows(capsys, tmp_path, engine, [csv, "--engine", engine], window)
        for engine in ("pandas", "duckdb")
    }
    got["sqlite"] = _windows(capsys, tmp_path, "sqlite", ["--db", url, "--table", "t"], window)
    assert got["sqlite"] == got["pandas"] == got["duckdb"]
    if window == "1d" and times is EDGE_TIMES:  # six rows on 03-01, two on 03-02
        assert [w[2] for w in got["sqlite"][0]] == [6, 2]
    if window == "1d" and times is OLD_TIMES:  # 1969-12-31 and 1970-01-01
        assert got["sqlite"][0][0][:2] == ("1969-12-31T00:00:00Z", "1970-01-01T00:00:00Z")


def test_a_postgresql_table_cuts_times_as_the_files_do(pg_url, tmp_path, capsys):
    import sqlalchemy as sa

    rows = _rows(EDGE_TIMES)
    csv = _csv(tmp_path / "r.csv", rows)
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        con.execute(sa.text("DROP TABLE IF EXISTS edge"))
        con.execute(sa.text("CREATE TABLE edge (ts TEXT, g TEXT, p INTEGER)"))
        con.execute(sa.text("INSERT INTO edge VALUES (:t, :g, :p)"),
                    [dict(t=t, g=g, p=p) for t, g, p in rows])  # fmt: skip
    engine.dispose()
    for window in ("1d", "3"):
        files = _windows(capsys, tmp_path, f"f{window}", [csv, "--engine", "duckdb"], window)
        db = _windows(capsys, tmp_path, f"pg{window}", ["--db", pg_url, "--table", "edge"], window)
        assert db == files, window


# -- a standard output closed early (| head -1) ---------------------------------------------


class _ClosedAfterFirstLine:
    """A standard output whose reader goes away after the first line (``| head -1``)."""

    def __init__(self):
        self.text = ""

    def write(self, s):
        if "\n" in self.text:
            raise BrokenPipeError(32, "Broken pipe")
        self.text += s
        return len(s)

    def flush(self):
        if self.text.count("\n") > 1:
            raise BrokenPipeError(32, "Broken pipe")

    def isatty(self):
        return False


def _main_with_closed_stdout(monkeypatch, argv):
    import sys

    from ethiclens.cli import main

    stdout = _ClosedAfterFirstLine()
    monkeypatch.setattr(sys, "stdout", stdout)
    try:
        rc = main([str(a) for a in argv])
    except SystemExit as exc:  # click's own answer to a broken pipe
        rc = exc.code
    return rc, stdout.text


@pytest.mark.parametrize("fail_on", ["never", "alarm"])
def test_a_closed_stdout_still_gets_the_output_files(tmp_path, monkeypatch, capsys, fail_on):
    times = [f"2024-03-{d:02d}T10:00:00Z" for d in range(1, 4) for _ in range(200)]
    rows = [(t, "AB"[i % 2], int(i % 2 == 0 or i % 20 == 1)) for i, t in enumerate(times)]
    csv = _csv(tmp_path / "r.csv", rows)  # B selected 10% of A's rate: an alarm
    store, out, html = tmp_path / "bp.sqlite", tmp_path / "bp.json", tmp_path / "bp.html"
    rc, printed = _main_with_closed_stdout(monkeypatch, [
        "monitor", csv, "--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g=A",
        "--store", store, "--json", out, "--html", html, "--fail-on", fail_on])  # fmt: skip
    err = capsys.readouterr().err
    assert printed.startswith("monitor: 3 new window(s) added")
    assert out.is_file() and html.is_file()
    assert json.loads(out.read_text())["windows"][-1]["window"] == 2
    if fail_on == "alarm":  # the alarm's exit code and line, as with an open stdout
        assert rc == 1 and "alarm: g: B vs A: DI" in err, err
    else:  # a closed stdout is not an alarm
        assert rc == 0, err


def test_json_to_a_closed_stdout_is_an_error_not_an_alarm(tmp_path, monkeypatch, capsys):
    rows = [(f"2024-03-0{d}T10:00:00Z", "AB"[i % 2], i % 2) for d in (1, 2) for i in range(50)]
    csv = _csv(tmp_path / "r.csv", rows)
    rc, _ = _main_with_closed_stdout(monkeypatch, [
        "monitor", csv, "--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g=A",
        "--store", tmp_path / "s.sqlite", "--json", "-"])  # fmt: skip
    err = capsys.readouterr().err
    assert rc == 141, err
    assert "standard output was closed before the report written to it was whole" in err


# -- the same stream, fed at once or one window per run --------------------------------------


def _feed(folder, n_days=10, new_group_day=6):
    """One file per day; group C has rows from day ``new_group_day`` on."""
    folder.mkdir()
    for d in range(n_days):
        groups = "AB" + ("C" if d >= new_group_day else "")
        rows = [(f"2024-03-{d + 1:02d}T{h:02d}:00:00Z", groups[i % len(groups)], int(i % 3 == 0))
                for i, h in enumerate(range(24)) for _ in range(5)]  # fmt: skip
        _csv(folder / f"day{d}.csv", rows)
    return folder


def _report(doc):
    """The JSON apart from what describes the run itself."""
    return {k: v for k, v in doc.items() if k not in ("run", "runs", "created", "store")}


def test_the_same_stream_gives_the_same_json_however_it_was_fed(tmp_path, capsys):
    feed = _feed(tmp_path / "feed")
    flags = ("--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g=A")
    once, out_once = tmp_path / "once.sqlite", tmp_path / "once.json"
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", once, "--json", out_once)
    assert rc == 0, err
    each, out_each = tmp_path / "each.sqlite", tmp_path / "each.json"
    for d in range(10):
        rc, _, err = run_cli(capsys, "monitor", feed / f"day{d}.csv", *flags, "--store", each,
                             "--json", out_each)  # fmt: skip
        assert rc == 0, err
    doc_once, doc_each = json.loads(out_once.read_text()), json.loads(out_each.read_text())
    assert _report(doc_once) == _report(doc_each)
    c = next(c for c in doc_once["comparisons"] if c["group"] == "C")
    assert [h["window"] for h in c["history"]] == [6, 7, 8, 9]  # no entry before C existed
    for store in (once, each):  # and the stores open again (C's results are complete)
        rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store)
        assert rc == 0, err


# -- --hold-last and a processed window ------------------------------------------------------


def test_hold_last_never_holds_back_a_stored_window(tmp_path, capsys):
    feed = _feed(tmp_path / "feed", new_group_day=99)
    flags = ("--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g=A")
    store, out = tmp_path / "s.sqlite", tmp_path / "s.json"
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store)
    assert rc == 0, err
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store, "--hold-last",
                         "--json", out)  # fmt: skip
    assert rc == 0, err  # the same rows: nothing new, nothing held back
    assert json.loads(out.read_text())["run"]["pending_windows"] == []
    with (feed / "day9.csv").open("a") as f:  # a late row for the last processed day
        f.write("2024-03-10T23:00:00Z,B,1\n")
    for extra in ((), ("--hold-last",)):
        rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store, *extra)
        assert rc == 2, (extra, err)
        assert "late or changed rows: window 9" in err, (extra, err)


@pytest.mark.parametrize("labels", [False, True])
def test_changed_counts_in_a_processed_window_say_what_changed(tmp_path, capsys, labels):
    feed = _feed(tmp_path / "feed", new_group_day=99)
    if labels:  # a label column: the refusal names the first count that differs
        for f in feed.glob("*.csv"):
            lines = f.read_text().splitlines()
            f.write_text("\n".join([lines[0] + ",y"] + [x + ",1" for x in lines[1:]]) + "\n")
    flags = ("--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g=A",
             *(("--y-true", "y") if labels else ()))  # fmt: skip
    store = tmp_path / "s.sqlite"
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store)
    assert rc == 0, err
    day = feed / "day3.csv"
    text = day.read_text()
    row = next(x for x in text.splitlines()[1:] if ",B,0" in x)  # one B row now selected
    day.write_text(text.replace(row, row.replace(",B,0", ",B,1"), 1))
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store)
    assert rc == 2, err
    assert "late or changed rows: window 3" in err
    assert "still has 120 rows in" in err and "but not the counts it was processed with" in err
    assert "group B of g: selected 20 → 21" in err, err
    assert "processed with 120 rows" not in err  # was: the same number twice


# -- a hand-edited store ---------------------------------------------------------------------


def _edited_store(tmp_path, capsys, window="1d", ref="g=A"):
    feed = _feed(tmp_path / "feed", new_group_day=4)
    flags = ("--time", "ts", "--window", window, "--y-pred", "p", "--protected", ref)
    store = tmp_path / "s.sqlite"
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store)
    assert rc == 0, err
    return feed, flags, store


def _state_value(value: float) -> bytes:
    import numpy as np

    return np.array(value, "<f8").tobytes()


EDITS = {
    "reference": (
        "UPDATE meta SET value = '{\"g\": \"B\"}' WHERE key = 'references'",
        "meta 'references' names 'B' for g, but the request gave 'A'",
    ),
    "start": (
        'UPDATE windows SET start = 1.0 WHERE "window" = 3',
        "windows: window 3 starts at 1.0",
    ),
    "first-start": (
        'UPDATE windows SET start = 1.0 WHERE "window" = 0',
        "not where day window 0 lies",
    ),
    "rows": ('UPDATE windows SET rows = -5 WHERE "window" = 2', "windows: window 2 has -5 rows"),
    "gap": (
        'DELETE FROM windows WHERE "window" = 5; DELETE FROM results WHERE "window" = 5; '
        'DELETE FROM alarms WHERE "window" = 5',
        "windows: 9 windows numbered 0 to 9 (a gap)",
    ),
    "missing-result": (
        "DELETE FROM results WHERE \"window\" = 5 AND grp = 'C'",
        "the comparison g='C' has results for 5 of its 6 windows",
    ),
    "inf": (
        "UPDATE state SET data = ? WHERE key = 'bet.di_low.log_wealth' AND grp = 'B'",
        "state 'bet.di_low.log_wealth' of g='B' holds inf, not a finite number",
    ),
    "nan": (
        "UPDATE state SET data = ? WHERE key = 'bet.di_high.log_wealth' AND grp = 'C'",
        "state 'bet.di_high.log_wealth' of g='C' holds nan, not a finite number",
    ),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_a_hand_edited_store_is_refused_as_damaged(tmp_path, capsys, edit):
    feed, flags, store = _edited_store(tmp_path, capsys)
    sql, expected = EDITS[edit]
    con = sqlite3.connect(store)
    if "?" in sql:
        con.execute(sql, (_state_value(float(edit)),))
    else:
        con.executescript(sql)
    con.commit()
    con.close()
    before = store.read_bytes()
    out = tmp_path / "o.json"
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store, "--json", out)
    assert rc == 2, err
    assert "is damaged (" in err and expected in err, err
    assert store.read_bytes() == before and not out.exists()  # nothing written


def test_a_largest_group_reference_edited_to_a_compared_group_is_refused(tmp_path, capsys):
    feed, flags, store = _edited_store(tmp_path, capsys, ref="g")
    con = sqlite3.connect(store)
    con.execute("UPDATE meta SET value = '{\"g\": \"B\"}' WHERE key = 'references'")
    con.commit()
    con.close()
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store)
    assert rc == 2, err
    assert "meta 'references' names 'B' for g, a group its results compare" in err, err


def test_a_row_window_store_is_checked_too(tmp_path, capsys):
    feed, flags, store = _edited_store(tmp_path, capsys, window="100")
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store)
    assert rc == 0, err  # an untouched store opens
    con = sqlite3.connect(store)
    con.execute('UPDATE windows SET rows = 99 WHERE "window" = 1')
    con.commit()
    con.close()
    rc, _, err = run_cli(capsys, "monitor", feed, *flags, "--store", store)
    assert rc == 2 and "windows: window 1 has 99 rows, not 100" in err, err
