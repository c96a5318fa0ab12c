"""Round 35: a store whose request lacks a setting every store records (alpha, say: edited by
hand, or half-written by a tool) is damaged, on resume as when it is read. Resuming it said
"was written by another request: alpha not given there, 0.05 here. Fix: give the same options
as the runs before", which no option can give; read_store (and the web page) said damaged."""

import datetime as dt
import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor

NOW = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)


@pytest.mark.parametrize("key", ["alpha", "min_labels"])
def test_a_store_request_lacking_a_setting_is_damaged_on_every_face(tmp_path, key):
    rng = np.random.default_rng(35)
    n = 120
    frame = pd.DataFrame(
        {
            "ts": pd.date_range("2024-03-01", periods=n, freq="h", tz="UTC"),
            "pred": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
        }
    )
    request = MonitorRequest(frame, time="ts", window="1d", y_pred="pred", protected=("g",))
    store = tmp_path / "s.sqlite"
    run_monitor(request, store, now=NOW)
    with sqlite3.connect(store) as con:
        stored = json.loads(con.execute("SELECT value FROM meta WHERE key='request'").fetchone()[0])
        del stored[key]
        con.execute("UPDATE meta SET value = ? WHERE key = 'request'", (json.dumps(stored),))
    con.close()
    before = store.read_bytes()
    words = f"is damaged (meta 'request' lacks {key})"
    for face in (lambda: run_monitor(request, store, now=NOW), lambda: read_store(store)):
        with pytest.raises(EthicLensInputError) as caught:
            face()
        assert words in str(caught.value), caught.value
        assert "restore it from a backup" in str(caught.value)
    assert store.read_bytes() == before
