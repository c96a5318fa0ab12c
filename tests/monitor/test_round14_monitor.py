"""Round 14: a first run that processes no window binds no reference (the next run carries on);
row windows refuse a target whose windows moved in time (only today's rows), naming the stored
span; a window held back must come back whole; missing and unparsable times each name their own
first row; a DI sequence beyond its grid is unbounded (null), not the grid's edge."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from .conftest import run_cli


def _day(path, day: int, rows: int = 40, sel=None):
    """``rows`` rows on 2024-03-0``day``, 30 minutes apart, groups A and B in turn; ``sel``
    (group -> 0/1) fixes a group's prediction, else it alternates in pairs."""
    lines, step = ["t,g,y"], 30 if rows <= 48 else 1440 // rows
    for i in range(rows):
        g = "AB"[i % 2]
        y = sel[g] if sel and g in sel else (i // 2) % 2
        hour, minute = divmod(i * step, 60)
        lines.append(f"2024-03-{day:02d}T{hour:02d}:{minute:02d}:00,{g},{y}")
    path.write_text("\n".join(lines) + "\n")
    return path


def _days(tmp_path, name, *days, **kw):
    frames = [_day(tmp_path / f"_{name}_{d}.csv", d, **kw).read_text() for d in days]
    text = frames[0] + "".join(f.split("\n", 1)[1] for f in frames[1:])
    (tmp_path / f"{name}.csv").write_text(text)
    return tmp_path / f"{name}.csv"


def _monitor(capsys, target, store, window="1d", *more):
    return run_cli(capsys, "monitor", target, "--time", "t", "--window", window, "--y-pred", "y",
                   "--protected", "g=A", "--store", store, *more)  # fmt: skip


def test_a_first_run_that_holds_its_only_window_binds_no_reference(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    rc, out, err = _monitor(capsys, _days(tmp_path, "d1", 1), store, "1d", "--hold-last")
    assert rc == 0, err
    assert "0 new window(s) added, 1 held back" in out
    rc, out, err = _monitor(capsys, _days(tmp_path, "d12", 1, 2), store, "1d", "--hold-last")
    assert rc == 0, err  # was: "is damaged (meta 'references' names 'A', not a group of g)"
    assert "1 new window(s) added, 1 held back" in out
    rc, out, err = _monitor(capsys, _days(tmp_path, "d123", 1, 2, 3), store)
    assert rc == 0, err
    assert "2 new window(s) added, 1 already in the store" in out


def test_row_windows_refuse_a_target_of_only_the_new_rows(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    rc, _, err = _monitor(capsys, _days(tmp_path, "d12", 1, 2), store, "20")
    assert rc == 0, err
    # the same counts per window, two days later: was "0 new window(s) added, 2 already in
    # the store", the new rows silently dropped
    rc, out, err = _monitor(capsys, _days(tmp_path, "d3", 3), store, "20")
    assert rc == 2, out
    assert (
        "late or changed rows: window 0 (2024-03-01T00:00:00Z to 2024-03-01T09:30:00Z) was "
        "processed with 20 rows; in " in err
    )
    assert "d3.csv window 0 now runs from 2024-03-03T00:00:00Z" in err
    assert "row windows are numbered over the whole history" in err
    rc, out, err = _monitor(capsys, _days(tmp_path, "d123", 1, 2, 3), store, "20")
    assert rc == 0, err
    # window 5 ends on the newest time (rows of it may still come): held, no longer counted
    assert "2 new window(s) added, 3 already in the store (not counted again), 1 held back" in out


def test_the_late_rows_refusal_of_row_windows_names_the_stored_span(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    assert _monitor(capsys, _days(tmp_path, "d12", 1, 2), store, "20")[0] == 0
    late = _days(tmp_path, "late", 1, 2)
    text = late.read_text().splitlines()
    text.insert(2, "2024-03-01T00:10:00,A,1")  # a late row: every later window shifts
    late.write_text("\n".join(text) + "\n")
    rc, _, err = _monitor(capsys, late, store, "20")
    assert rc == 2
    # the store's window 0 (to 09:30), not the target's (now to 09:00)
    assert "window 0 (2024-03-01T00:00:00Z to 2024-03-01T09:30:00Z) was processed" in err
    assert "whole history" in err


def test_a_held_window_must_come_back_whole(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    d1, d2 = _days(tmp_path, "d1", 1), _days(tmp_path, "d2", 2)
    assert _monitor(capsys, d1, store, "1d", "--hold-last")[0] == 0
    # one file per run: day 1's rows were held, and d2.csv has none of them
    rc, out, err = _monitor(capsys, d2, store, "1d", "--hold-last")
    assert rc == 2, out
    assert (
        "held rows lost: window 0 (2024-03-01T00:00:00Z to 2024-03-02T00:00:00Z) was held back "
        "by the last run (--hold-last) with 40 rows; " in err
    )
    assert "d2.csv has none of its rows" in err
    assert "drop --hold-last" in err
    rc, out, err = _monitor(capsys, d2, store)  # nor without --hold-last (was: window 0 lost)
    assert rc == 2 and "held rows lost" in err
    rc, out, err = _monitor(capsys, _days(tmp_path, "d12", 1, 2), store, "1d", "--hold-last")
    assert rc == 0, err
    assert "1 new window(s) added, 1 held back" in out


def _bad_times(tmp_path):
    text = (
        "t,g,y\n2024-03-01T01:00:00,A,1\n03/01/2024 10:00,B,0\n2024-03-01T03:00:00,A,0\n"
        ",B,1\n2024-03-01T05:00:00,B,0\n"
    )
    (tmp_path / "bt.csv").write_text(text)
    frame = pd.read_csv(tmp_path / "bt.csv", dtype=str, keep_default_na=False)
    frame.to_parquet(tmp_path / "bt.parquet", index=False)
    return tmp_path


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_missing_and_unparsable_times_each_name_their_first_row(tmp_path, capsys, engine, kind):
    folder = _bad_times(tmp_path)
    rc, _, err = _monitor(capsys, folder / f"bt.{kind}", tmp_path / "s.sqlite", "1d",
                          "--engine", engine)  # fmt: skip
    assert rc == 2
    line = {"csv": ("line 5", "line 3"), "parquet": ("row 4", "row 2")}[kind]
    assert (
        f"1 of 5 rows have no time, first at bt.{kind} {line[0]}; 1 more holds a value that is "
        f"not a date or time, first at bt.{kind} {line[1]} (value: '03/01/2024 10:00')" in err
    )


def test_a_sqlite_table_counts_both_kinds_of_bad_time(tmp_path, capsys):
    import sqlite3

    frame = pd.read_csv(_bad_times(tmp_path) / "bt.csv", dtype=str, keep_default_na=False)
    con = sqlite3.connect(tmp_path / "bt.db")
    frame.to_sql("t", con, index=False)
    con.close()
    rc, _, err = run_cli(capsys, "monitor", "--db", f"sqlite:///{tmp_path / 'bt.db'}", "--table",
                         "t", "--time", "t", "--window", "1d", "--y-pred", "y", "--protected",
                         "g=A", "--store", tmp_path / "s.sqlite")  # fmt: skip
    assert rc == 2
    assert "1 of 5 rows have no time; 1 more holds a value that is not a date or time" in err
    assert "(value: '03/01/2024 10:00')" in err


def test_a_di_sequence_beyond_its_grid_is_unbounded_not_the_grid_edge(tmp_path, capsys):
    # the reference A is never selected, B half the time: the DI is not bounded above
    target = _days(tmp_path, "never", 1, 2, 3, rows=200, sel={"A": 0})
    out_json = tmp_path / "m.json"
    rc, out, err = _monitor(capsys, target, tmp_path / "s.sqlite", "1d", "--json", out_json)
    assert rc == 0, err
    doc = json.loads(out_json.read_text())
    seq = doc["comparisons"][0]["history"][-1]["sequences"]["disparate_impact"]
    assert seq["high"] is None  # was 20.0, the grid's top
    assert seq["low"] is None or seq["low"] > 1
    assert "the reference group was never selected" in out
    assert "20.000]" not in out


def test_the_order_of_protected_flags_does_not_bind_the_store(tmp_path, capsys):
    target = _days(tmp_path, "d12", 1, 2)
    frame = pd.read_csv(target)
    frame["h"] = ["x", "x", "y", "y"] * (len(frame) // 4)
    frame.to_csv(target, index=False)
    store, flags = tmp_path / "s.sqlite", ["--time", "t", "--window", "1d", "--y-pred", "y"]
    rc, _, err = run_cli(capsys, "monitor", target, *flags, "--protected", "g=A",
                         "--protected", "h", "--store", store)  # fmt: skip
    assert rc == 0, err
    rc, out, err = run_cli(capsys, "monitor", target, *flags, "--protected", "h",
                           "--protected", "g=A", "--store", store)  # fmt: skip
    assert rc == 0, err  # was: "was written by another request: protected [...] there"
    assert "2 already in the store" in out
    rc, _, err = run_cli(capsys, "monitor", target, *flags, "--protected", "h",
                         "--protected", "g=B", "--store", store)  # fmt: skip
    assert rc == 2 and "protected" in err  # another reference is another request


def test_the_first_run_and_a_missed_day_are_told_as_such(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    rc, out, _ = _monitor(capsys, _days(tmp_path, "d1", 1), store)
    assert rc == 0
    assert "monitoring begins as later runs add windows" in out
    assert "not monitoring" not in out
    rc, out, _ = _monitor(capsys, _days(tmp_path, "d3", 3), store)  # day 2's file was missed
    assert rc == 0
    assert "1 window(s) without rows sealed as NO_ROWS (starting 2024-03-02)" in out
