"""Round 10: an e-value beyond a double is shown from its log on every face (JSON ``e_value``
null, never a capped number); an empty confidence sequence says why (outside the grid,
undefined, or a gap that changed); a UTC offset without a colon reads the same from a SQLite
table as from a file, and a time the database cannot read is named."""

from __future__ import annotations

import json
import math
import sqlite3

import pytest

from ethiclens._jsonschema import validate

from .conftest import SCHEMA, run_cli

FLAGS = ("--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "grp=A")


def _rows(days: int, ref_selected: int, grp_selected: int, n: int = 500, offset: str = ""):
    """``days`` days of ``n`` rows per group (A the reference), so many selected in each."""
    rows = []
    for day in range(days):
        ts = f"2024-01-{day + 1:02d}T10:00:00{offset}"
        for grp, hits in (("A", ref_selected), ("B", grp_selected)):
            rows += [(ts, grp, int(i < hits)) for i in range(n)]
    return rows


def _csv(path, rows):
    path.write_text("ts,grp,pred\n" + "".join(f"{t},{g},{p}\n" for t, g, p in rows))
    return path


def _table(path, rows):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (ts TEXT, grp TEXT, pred INTEGER)")
    con.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
    con.commit()
    con.close()
    return f"sqlite:///{path}"


def test_e_value_text_writes_any_e_value_from_its_log():
    from ethiclens.monitor import e_value_text

    assert e_value_text(None) == "—"
    assert e_value_text(math.log(3.2)) == "3.2"  # ordinary values as before
    assert e_value_text(math.log(1.0142e304)) == "1.01e+304"
    assert e_value_text(5744.838973918297) == "8.95e+2494"  # 10 ** (5744.84 / ln 10)
    assert e_value_text(math.log(9.999) + 1000 * math.log(10)) == "1.00e+1001"  # rounding carry
    assert e_value_text(-2000.0) == "2.58e-869"  # below the smallest double


@pytest.fixture(scope="module")
def low_di(tmp_path_factory):
    """20 daily windows with DI ≈ 0.022: evidence far beyond a double."""
    tmp = tmp_path_factory.mktemp("lowdi")
    return _csv(tmp / "lowdi.csv", _rows(20, 450, 10))


def test_an_e_value_beyond_a_double_is_null_in_json_and_shown_from_its_log(
    tmp_path, capsys, low_di
):
    from ethiclens.monitor import e_value_text, render_html

    out = tmp_path / "x.json"
    rc, text, err = run_cli(capsys, "monitor", low_di, *FLAGS, "--store", tmp_path / "x.sqlite",
                            "--json", out)  # fmt: skip
    assert rc == 0, err
    doc = json.loads(out.read_text())
    validate(doc, SCHEMA)
    test = doc["comparisons"][0]["tests"]["disparate_impact"]
    assert test["log_e_value"] > 709.8 and test["e_value"] is None  # never a capped number
    history = [h["tests"]["disparate_impact"] for h in doc["comparisons"][0]["history"]]
    assert all(h["e_value"] is None for h in history if h["log_e_value"] > 709.8)
    shown = e_value_text(test["log_e_value"])
    assert f"e-value {shown} against" in text and "e+304" not in text
    page = render_html(doc)
    assert f"e-value {shown} against" in page and "e+304" not in page


def test_an_empty_sequence_outside_the_grid_says_so(tmp_path, capsys, low_di):
    rc, text, err = run_cli(capsys, "monitor", low_di, *FLAGS, "--store", tmp_path / "x.sqlite")
    assert rc == 0, err
    assert "DI empty (outside the grid [0.05, 20]: all windows together give 0.0222)" in text
    assert "not constant" not in text


def test_an_empty_sequence_of_an_undefined_di_says_so(tmp_path, capsys):
    data = _csv(tmp_path / "undef.csv", _rows(5, 0, 50, n=100))  # the reference never selected
    rc, text, err = run_cli(capsys, "monitor", data, *FLAGS, "--store", tmp_path / "y.sqlite")
    assert rc == 0, err
    assert "DI empty (undefined: the reference group was never selected)" in text
    assert "not constant" not in text


def test_a_gap_that_changed_is_still_named_as_such():
    from ethiclens.monitor._report import sequence_text

    def window(ref, grp):
        return {"counts": {"reference": {"n": 100, "sel": ref}, "group": {"n": 100, "sel": grp}},
                "sequences": {"disparate_impact": {"low": None, "high": None}}}  # fmt: skip

    history = [window(50, 50), window(50, 10)]  # DI 1 then 0.2: together 0.6, inside the grid
    assert sequence_text(history, "disparate_impact") == "empty (the gap was not constant)"


# ±HHMM, ±HH (as PostgreSQL prints it), hours beyond SQLite's 14, a fraction of a second
@pytest.mark.parametrize("offset", ["+0200", "+05", "-2359", "+15:00", "-23:59", ".250+05"])
def test_an_offset_reads_the_same_from_a_table_as_from_a_file(tmp_path, capsys, offset):
    rows = _rows(3, 40, 20, n=60, offset=offset)
    files, table = tmp_path / "f.json", tmp_path / "d.json"
    rc, _, err = run_cli(capsys, "monitor", _csv(tmp_path / "tz.csv", rows), *FLAGS,
                         "--store", tmp_path / "f.sqlite", "--json", files)  # fmt: skip
    assert rc == 0, err
    url = _table(tmp_path / "tz.db", rows)
    rc, _, err = run_cli(capsys, "monitor", "--db", url, "--table", "t", *FLAGS,
                         "--store", tmp_path / "d.sqlite", "--json", table)  # fmt: skip
    assert rc == 0, err
    a, b = json.loads(files.read_text()), json.loads(table.read_text())
    assert a["windows"] == b["windows"] and len(a["windows"]) == 3
    if offset == "+0200":
        assert a["windows"][0]["start"] == "2024-01-01T00:00:00Z"  # 10:00+02:00 is 08:00 UTC
    assert [c["history"] for c in a["comparisons"]] == [c["history"] for c in b["comparisons"]]


def test_a_time_the_database_cannot_read_is_named(tmp_path, capsys):
    rows = [("2024-01-01T10:00:00", "A", 1), ("2024-01-02 oops", "B", 0)]
    url = _table(tmp_path / "bad.db", rows)
    rc, _, err = run_cli(capsys, "monitor", "--db", url, "--table", "t", *FLAGS,
                         "--store", tmp_path / "s.sqlite")  # fmt: skip
    assert rc == 2
    assert "1 of 2 rows hold a value that is not a date or time (value: '2024-01-02 oops')" in err
    rows = [("2024-01-01T10:00:00", "A", 1), (None, "B", 0)]  # no time: no value to name
    url = _table(tmp_path / "none.db", rows)
    rc, _, err = run_cli(capsys, "monitor", "--db", url, "--table", "t", *FLAGS,
                         "--store", tmp_path / "t.sqlite")  # fmt: skip
    assert rc == 2 and "1 of 2 rows have no time" in err
