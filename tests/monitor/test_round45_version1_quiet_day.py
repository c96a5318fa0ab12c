"""Round 45 (monitor): a version-1 store (written before the store remembered its label
columns' values) refuses a quiet day under --pos-label: nothing it holds says how its label
columns wrote a negative. Its refusal spoke of "round 44" (no user's word) and offered only to
wait for rows holding the positive value. It now says why (store version 1) and names the
recovery available at once: the quiet rows with a window the store has counted (the whole
history, say), whose rows hold the positive value: read to learn the values, never counted
again; the windows then count what the audit of both days counts."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError

from .test_round44_monitor_quiet_day import D1, D2, _meta, _run


def _version_1(tmp_path, engine):
    store = tmp_path / "m.sqlite"
    _run(tmp_path, D1.drop(columns="y"), "d1", engine, store)
    with sqlite3.connect(store) as con:  # as a version-1 store: no remembered values
        con.execute("DELETE FROM meta WHERE key = 'label_values'")
        con.execute("UPDATE meta SET value = '1' WHERE key = 'store_version'")
    return store


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_version_1_store_names_the_recovery_and_it_works(tmp_path, engine):
    store = _version_1(tmp_path, engine)
    before = store.read_bytes()
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, D2.drop(columns="y"), "d2", engine, store)
    text = str(err.value)
    assert "round 44" not in text and "store version 1" in text, text
    assert "or now on these rows with a window the store has counted whose rows hold 'yes'" in text
    assert store.read_bytes() == before
    doc = _run(tmp_path, pd.concat([D1, D2]).drop(columns="y"), "d12", engine, store)
    history = doc["comparisons"][0]["history"]
    assert doc["run"]["new_windows"] == 1 and doc["run"]["already_seen"] == 1
    assert [h["counts"]["reference"]["sel"] for h in history] == [5, 0]
    assert _meta(store, "label_values") == {"y_pred": ["no", "yes"]}
