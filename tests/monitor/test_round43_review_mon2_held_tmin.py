"""Round 43 review (rmon2) of 491f2ff2 (a held day's first row time, meta held ``tmin``).

1. A store written before keeps no ``tmin``: a later TARGET with fewer of the held day's rows
   must still be refused in words. The refusal's text was built with ``was['tmin']`` even when
   that part was not shown, so it ended in ``KeyError: 'tmin'`` (a traceback, CLI exit 1).
2. The refusal says why the LAST run held the day: a day that had ended was held by
   --hold-last, whatever this run asks; it said '(not yet ended)' and 'run once the window has
   ended' for a day of 2024 when this run dropped --hold-last."""

import json
import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor


def _rows(day, hours):
    return pd.DataFrame(
        {
            "ts": [f"{day}T{h:02d}:00:00Z" for h in hours],
            "g": ["a", "b"] * (len(hours) // 2) + ["a"] * (len(hours) % 2),
            "pred": [i % 2 for i in range(len(hours))],
        }
    )


FIRST = pd.concat([_rows("2024-03-01", range(20)), _rows("2024-03-02", range(4))])
NEXT = pd.concat([_rows("2024-03-02", range(4, 24)), _rows("2024-03-03", range(10))])


def _request(target, **kw):
    kw = {"engine": "pandas"} | kw
    return MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", protected=("g=a",), **kw
    )


def _as_written_before(store):
    """The store as a version before 491f2ff2 left it: meta held without tmin."""
    con = sqlite3.connect(store)
    (value,) = con.execute("SELECT value FROM meta WHERE key = 'held'").fetchone()
    held = {
        w: {k: v for k, v in span.items() if k != "tmin"} for w, span in json.loads(value).items()
    }
    with con:
        con.execute("UPDATE meta SET value = ? WHERE key = 'held'", (json.dumps(held),))
    con.close()
    assert held and all("tmin" not in span for span in held.values())


def test_a_store_written_before_refuses_fewer_rows_in_words(tmp_path):
    store = tmp_path / "m.sqlite"
    run_monitor(_request(FIRST, hold_last=True), store, warn=False)
    _as_written_before(store)
    with pytest.raises(EthicLensInputError) as err:  # was: KeyError 'tmin'
        run_monitor(_request(_rows("2024-03-02", [5, 6])), store, warn=False)
    text = str(err.value)
    assert "held rows lost: window 1 (2024-03-02T00:00:00Z" in text
    assert "with 4 rows; a pandas DataFrame (2 rows) has 2 rows in it, so the rows" in text
    assert "none before" not in text  # no first time kept: the rows alone are checked
    # and it continues as before 491f2ff2: the rows alone checked, the growing target taken
    whole = pd.concat([FIRST, NEXT], ignore_index=True)
    got = run_monitor(_request(whole), store, warn=False).to_dict()
    assert [w["rows"] for w in got["windows"]] == [20, 24, 10]


def test_the_refusal_says_why_the_last_run_held_the_day(tmp_path, capsys):
    store = tmp_path / "m.sqlite"
    run_monitor(_request(FIRST, hold_last=True), store, warn=False)
    with pytest.raises(EthicLensInputError) as err:
        run_monitor(_request(NEXT), store, warn=False)  # this run without --hold-last
    text = str(err.value)
    # run_monitor's words (round 47: it said the command line's --hold-last)
    assert "was held back by the last run (hold_last=True) with 4 rows" in text
    assert "not yet ended" not in text and "drop hold_last=True" in text
