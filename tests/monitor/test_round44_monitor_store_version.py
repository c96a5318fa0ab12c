"""Round 44 (monitor): a store's version says what an older EthicLens can read.

Round 43 (491f2ff2, d9cc2121) made a held window keep its rows' first and last time (meta held
``tmin``/``tmax``) under the same store version 1, so the EthicLens before it refused such a
store as 'is damaged (meta 'held' holds an unexpected key 'tmin' in window 1)' (restore it
from a backup, start over), where it should say 'was written by a newer EthicLens' (upgrade).
Now every run writes version 2; a version-1 store still reads, and becomes 2 once added to."""

import json
import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor
from ethiclens.monitor._store import STORE_VERSION


def _rows(day, hours):
    return pd.DataFrame(
        {
            "ts": [f"{day}T{h:02d}:00:00Z" for h in hours],
            "g": ["a", "b"] * (len(hours) // 2) + ["a"] * (len(hours) % 2),
            "pred": [i % 2 for i in range(len(hours))],
        }
    )


FIRST = pd.concat([_rows("2024-03-01", range(20)), _rows("2024-03-02", range(4))])
WHOLE = pd.concat([FIRST, _rows("2024-03-02", range(4, 24)), _rows("2024-03-03", range(10))])


def _request(target, **kw):
    return MonitorRequest(
        target=target,
        time="ts",
        window="1d",
        y_pred="pred",
        protected=("g=a",),
        engine="pandas",
        **kw,
    )


def _meta(store, key):
    con = sqlite3.connect(store)
    (value,) = con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    con.close()
    return json.loads(value)


def _set_meta(store, key, value):
    con = sqlite3.connect(store)
    with con:
        con.execute("UPDATE meta SET value = ? WHERE key = ?", (json.dumps(value), key))
    con.close()


def test_a_store_with_held_times_is_version_2(tmp_path):
    store = tmp_path / "m.sqlite"
    run_monitor(_request(FIRST, hold_last=True), store, warn=False)
    held = _meta(store, "held")
    assert held and all({"tmin", "tmax"} <= span.keys() for span in held.values())
    assert STORE_VERSION == 2 and _meta(store, "store_version") == 2  # was 1


def test_a_version_1_store_reads_and_is_version_2_once_added_to(tmp_path):
    store = tmp_path / "m.sqlite"
    run_monitor(_request(FIRST, hold_last=True), store, warn=False)
    # as version 1 wrote it: no held times, version 1
    held = {
        w: {k: v for k, v in s.items() if k not in ("tmin", "tmax")}
        for w, s in _meta(store, "held").items()
    }
    _set_meta(store, "held", held)
    _set_meta(store, "store_version", 1)
    assert [w["rows"] for w in read_store(store)["windows"]] == [20]
    assert _meta(store, "store_version") == 1  # reading writes nothing
    got = run_monitor(_request(WHOLE, hold_last=True), store, warn=False).to_dict()
    assert [w["rows"] for w in got["windows"]] == [20, 24]
    assert _meta(store, "store_version") == 2  # was left 1 beside held tmin/tmax
    assert all({"tmin", "tmax"} <= s.keys() for s in _meta(store, "held").values())


def test_a_newer_store_is_refused_as_newer_not_damaged(tmp_path):
    store = tmp_path / "m.sqlite"
    run_monitor(_request(FIRST), store, warn=False)
    _set_meta(store, "store_version", STORE_VERSION + 1)
    for read in (
        lambda: read_store(store),
        lambda: run_monitor(_request(WHOLE), store, warn=False),
    ):
        with pytest.raises(EthicLensInputError) as err:
            read()
        text = str(err.value)
        assert f"was written by a newer EthicLens (store version {STORE_VERSION + 1})" in text
        assert "damaged" not in text and "upgrade EthicLens" in text


def test_the_version_comment_names_every_setting_a_version_1_reader_refuses():
    """Review of e2d690b1: meta label_values (store version 2) was missing from the comment
    that lists what each version adds. Every META setting a version-1 reader did not know
    must be named there, or the next one added may not raise STORE_VERSION."""
    import inspect

    from ethiclens.monitor import _store
    from ethiclens.monitor._shape import META

    source = inspect.getsource(_store)
    comment = source[source.index("# The format a run writes") : source.index("STORE_VERSION =")]
    version_1 = {"origin_day", "reference_source", "held", "baseline_target", "evidence_windows"}
    assert STORE_VERSION == 2  # a version 3 adds its own line to the comment and this test
    for key in sorted(set(META) - version_1):
        assert f"meta {key}" in comment, key
    assert "meta held tmin/tmax" in comment
