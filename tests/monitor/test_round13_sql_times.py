"""Round 13: a database's time column is held to the file engines' rule (ISO_TIME and the
calendar): SQLite's strftime read a lowercase z, the hour 24, an offset after a space, an
impossible date (2024-02-30 as 03-01) and numbers (as Julian days), and PostgreSQL's cast a
far offset; each is now refused on every engine in the same words. A single-digit month or
day is refused everywhere (ISO 8601's two digits). A column not found names its option."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from .conftest import run_cli

GOOD = [("2024-03-01T10:00:00Z", "A", 1), ("2024-03-01T11:00:00Z", "B", 1)]
# what SQLite's strftime read (and the files refuse); the last two PostgreSQL's cast too
REFUSED = [
    "2024-03-31T01:59:59z",
    "2024-03-01T24:00:00",
    "2024-03-01 13:00 +02:00",
    "2024-02-30",
    "2023-02-29",
    "1900-02-29",
    "2024-04-31",
    "2024-13-01",
    "2024-3-1T10:00:00",
    "2024-03-1",
    "2024-03-01+02:00",
    "2024-03-01T10:00:00+25:00",
    "2024-03-01T10:00:00 Europe/Paris",
]
# what every engine reads, each in its own day
READ = [
    "2024-02-29 23:59",
    "2024-03-02T23:30:00-01",
    "2024-03-02T12:00:00.123456789+0130",
    "2024-03-02 23:59:59.9999999",
    "2024-03-03T00:00Z",
    "2024-03-04",
]
FLAGS = ["--time", "ts", "--y-pred", "p", "--protected", "g=A"]


def _csv(path, rows):
    text = "".join(f'"{t}",{g},{p}\n' for t, g, p in rows)
    path.write_text("ts,g,p\n" + text)
    return path


def _sqlite(path, rows, kind="TEXT"):
    con = sqlite3.connect(path)
    con.execute(f"CREATE TABLE t (ts {kind}, g TEXT, p INTEGER)")
    con.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
    con.commit()
    con.close()
    return f"sqlite:///{path}"


def _run(capsys, tmp_path, name, target, *more):
    store, out = tmp_path / f"{name}.sqlite", tmp_path / f"{name}.json"
    rc, _, err = run_cli(capsys, "monitor", *target, *FLAGS, *more, "--window", "1d",
                         "--store", store, "--json", out)  # fmt: skip
    return rc, err.strip(), (json.loads(out.read_text())["windows"] if rc == 0 else None)


def _same_refusal(got: dict) -> str:
    """Every engine's message is one message (a file's also names its line)."""
    messages = {e: re.sub(r", first at \S+ line \d+", "", err) for e, (_, err, _) in got.items()}
    assert all(rc == 2 for rc, _, _ in got.values()), got
    assert len(set(messages.values())) == 1, messages
    return next(iter(messages.values()))


def _engines(capsys, tmp_path, rows, url):
    csv = _csv(tmp_path / "r.csv", rows)
    got = {e: _run(capsys, tmp_path, e, [csv, "--engine", e]) for e in ("pandas", "duckdb")}
    got["sql"] = _run(capsys, tmp_path, "sql", ["--db", url, "--table", "t"])
    return got


@pytest.mark.parametrize("value", REFUSED)
def test_a_sqlite_table_refuses_what_the_files_refuse_in_their_words(tmp_path, capsys, value):
    rows = [*GOOD, (value, "A", 0)]
    got = _engines(capsys, tmp_path, rows, _sqlite(tmp_path / "t.db", rows))
    message = _same_refusal(got)
    assert message.startswith("error: column 'ts': 1 of 3 rows hold a value that is not a date")
    assert f"(value: {value!r})" in message


def test_a_sqlite_table_reads_what_the_files_read(tmp_path, capsys):
    rows = [(t, "AB"[i % 2], i % 2) for i, t in enumerate(READ)]
    got = _engines(capsys, tmp_path, rows, _sqlite(tmp_path / "t.db", rows))
    assert all(rc == 0 for rc, _, _ in got.values()), got
    assert got["sql"][2] == got["pandas"][2] == got["duckdb"][2]
    # 02-29 .. 03-04 (23:30-01 is 03-03 in UTC; 03-01 has no row)
    assert [w["rows"] for w in got["sql"][2]] == [1, 0, 2, 2, 1]


@pytest.mark.parametrize("number", [2460371, 2460371.5, 0])
def test_a_number_in_a_sqlite_time_column_is_not_read_as_a_julian_day(tmp_path, capsys, number):
    rows = [*GOOD, (number, "A", 0)]
    got = _engines(capsys, tmp_path, rows, _sqlite(tmp_path / "t.db", rows, kind="NUMERIC"))
    message = _same_refusal(got)
    assert f"not a date or time (value: '{number}')" in message


def test_an_integer_column_given_as_the_time_names_its_value_not_seconds(tmp_path, capsys):
    # round 13: "holds a time outside 1678-01-01 to 2262-01-01 (value: '-210866803200 s
    # after 1970-01-01')" for a column of 0 and 1
    rows = [*GOOD, ("2024-03-01T12:00:00Z", "A", 0)]
    url = _sqlite(tmp_path / "t.db", rows)
    store = tmp_path / "s.sqlite"
    rc, _, err = run_cli(capsys, "monitor", "--db", url, "--table", "t", "--time", "p",
                         "--y-pred", "p2", "--protected", "g=A", "--window", "1d",
                         "--store", store)  # fmt: skip
    assert rc == 2 and "option '--y-pred': column 'p2' not found" in err
    con = sqlite3.connect(tmp_path / "t.db")
    con.execute("ALTER TABLE t ADD COLUMN q INTEGER DEFAULT 1")
    con.commit()
    con.close()
    rc, _, err = run_cli(capsys, "monitor", "--db", url, "--table", "t", "--time", "p",
                         "--y-pred", "q", "--protected", "g=A", "--window", "1d",
                         "--store", store)  # fmt: skip
    assert rc == 2 and "1678" not in err and "s after 1970" not in err
    assert "column 'p': 3 of 3 rows hold a value that is not a date or time" in err
    assert "(value: '1')" in err


def test_missing_times_in_a_table_are_counted_as_the_files_count_them(tmp_path, capsys):
    rows = [*GOOD, ("", "A", 0), ("2024-03-02", "B", 0)]
    got = _engines(capsys, tmp_path, rows, _sqlite(tmp_path / "t.db", rows))
    assert _same_refusal(got).startswith("error: column 'ts': 1 of 4 rows have no time.")


def test_row_windows_of_a_table_refuse_a_bad_time_too(tmp_path, capsys):
    rows = [*GOOD, ("2024-02-30T10:00:00", "A", 0)]
    url = _sqlite(tmp_path / "t.db", rows)
    rc, _, err = run_cli(capsys, "monitor", "--db", url, "--table", "t", *FLAGS, "--window",
                         "2", "--store", tmp_path / "s.sqlite")  # fmt: skip
    assert rc == 2 and "(value: '2024-02-30T10:00:00')" in err


def test_a_postgresql_table_refuses_what_the_files_refuse(pg_url, tmp_path, capsys):
    import sqlalchemy as sa

    engine = sa.create_engine(pg_url)
    for value in ["2024-03-01T10:00:00+25:00", "2024-02-30", "2024-3-1", "2024-03-01 Z",
                  "2024-03-01T10:00:00 Europe/Paris", "2024-03-01+02:00"]:  # fmt: skip
        rows = [*GOOD, (value, "A", 0)]
        with engine.begin() as con:
            con.execute(sa.text("DROP TABLE IF EXISTS t"))
            con.execute(sa.text("CREATE TABLE t (ts TEXT, g TEXT, p INTEGER)"))
            con.execute(sa.text("INSERT INTO t VALUES (:t, :g, :p)"),
                        [dict(t=t, g=g, p=p) for t, g, p in rows])  # fmt: skip
        got = _engines(capsys, tmp_path, rows, pg_url)
        assert f"(value: {value!r})" in _same_refusal(got)
    engine.dispose()


@pytest.mark.parametrize(
    ("flags", "option", "column"),
    [
        (["--time", "nope", "--y-pred", "p", "--protected", "g=A"], "--time", "nope"),
        (["--time", "ts", "--y-pred", "nope", "--protected", "g=A"], "--y-pred", "nope"),
        (["--time", "ts", "--y-pred", "p", "--protected", "nope=A"], "--protected", "nope"),
        (["--time", "ts", "--y-pred", "p", "--protected", "g=A", "--y-true", "P"], "--y-true", "P"),
    ],
)
def test_a_column_not_found_names_the_option_that_gave_it(tmp_path, capsys, flags, option, column):
    csv = _csv(tmp_path / "ok.csv", GOOD)
    url = _sqlite(tmp_path / "t.db", GOOD)
    for i, target in enumerate([[csv, "--engine", "pandas"], [csv, "--engine", "duckdb"],
                                ["--db", url, "--table", "t"]]):  # fmt: skip
        rc, _, err = run_cli(capsys, "monitor", *target, *flags, "--window", "1d",
                             "--store", tmp_path / f"s{i}.sqlite")  # fmt: skip
        assert rc == 2 and f"error: option {option!r}: column {column!r} not found in" in err


def test_a_postgresql_number_column_is_not_a_time(pg_url, tmp_path, capsys):
    import sqlalchemy as sa

    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        con.execute(sa.text("DROP TABLE IF EXISTS n"))
        con.execute(sa.text("CREATE TABLE n (ts INTEGER, g TEXT, p INTEGER)"))
        con.execute(sa.text("INSERT INTO n VALUES (0, 'A', 1), (1, 'B', 0)"))
    engine.dispose()
    csv = _csv(tmp_path / "n.csv", [(0, "A", 1), (1, "B", 0)])
    got = {"pandas": _run(capsys, tmp_path, "f", [csv, "--engine", "pandas"])}
    got["sql"] = _run(capsys, tmp_path, "pg", ["--db", pg_url, "--table", "n"])
    assert "2 of 2 rows hold a value that is not a date or time (value: '0')" in _same_refusal(got)


def _day(path, d, labels):
    rows = [(f"2024-03-0{d}T{h:02d}:00:00Z", "AB"[h % 2], h % 2, (h // 2) % 2) for h in range(24)]
    cols = "scored_at,g,p" + (",label" if labels else "")
    lines = [",".join(map(str, r if labels else r[:3])) for r in rows]
    path.write_text(cols + "\n" + "\n".join(lines) + "\n")


def test_labels_that_arrive_later_go_to_a_second_store_as_the_docs_say(tmp_path, capsys):
    preds, labelled = tmp_path / "predictions", tmp_path / "labelled"
    preds.mkdir(), labelled.mkdir()
    common = ["--time", "scored_at", "--window", "1d", "--y-pred", "p", "--protected", "g=A"]
    selection = [preds, *common, "--store", tmp_path / "sel.sqlite"]
    errors = [labelled, *common, "--y-true", "label", "--store", tmp_path / "lab.sqlite"]
    for today, label_days in ((5, (1, 2, 3)), (6, (4,))):
        for d in range(1, today + 1):
            _day(preds / f"day{d}.csv", d, labels=False)
        for d in label_days:
            _day(labelled / f"day{d}.csv", d, labels=True)
        for argv, days in ((selection, today), (errors, label_days[-1])):
            rc, _, err = run_cli(capsys, "monitor", *argv, "--json", tmp_path / "o.json")
            doc = json.loads((tmp_path / "o.json").read_text())
            assert rc == 0 and len(doc["windows"]) == days, err
    # the selection store refuses labels added later: another request
    rc, _, err = run_cli(capsys, "monitor", labelled, *selection[1:], "--y-true", "label")
    assert rc == 2 and "another request: --y-true not given there, 'label' here" in err
