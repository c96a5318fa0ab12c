"""Round 42 review of 4e2ffa00 (``read_store_report`` in the store's words). A request left at
its defaults now gives the report the web page shows (``read_store``), on SQLite and on
PostgreSQL; the target is never read; a value written out at its default reads as the store's
(the report states the store's alpha). A store whose own settings the request refuses (a bins
edited by hand, its digest removed) was refused as "was written by another request: " with
nothing named: now refused as ``read_store`` refuses it, naming the setting."""

import dataclasses
import json
import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, read_store_report, run_monitor

ROWS = pd.DataFrame(
    {
        "ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00", "2024-01-03T01:00:00"] * 4,
        "g": list("AAABBC") * 2,
        "p": [1, 0, 1] * 4,
        "y": [1, 1, 0] * 4,
        "age": [20, 40, 70] * 4,
    }
)
PARTIAL = MonitorRequest(target=ROWS, time="ts", window="1d", y_pred="p", protected=("g", "age"))
WRITTEN = dataclasses.replace(
    PARTIAL, alpha=0.01, y_true="y", baseline_windows=1, bins={"age": [0, 30, 100]}, seed=4
)


def _same(doc: dict) -> dict:
    return {k: v for k, v in json.loads(json.dumps(doc, default=str)).items() if k != "target"}


def test_a_partial_request_reads_as_the_web_page_and_any_target_does(tmp_path):
    path = tmp_path / "s.sqlite"
    run_monitor(WRITTEN, path)
    doc = read_store_report(path, PARTIAL).to_dict()
    assert _same(doc) == _same(read_store(path)["report"])
    assert doc["method"]["alpha"] == 0.01
    other = dataclasses.replace(PARTIAL, target=str(tmp_path / "gone.csv"))  # never read
    assert _same(read_store_report(path, other).to_dict()) == _same(doc)
    # alpha=0.05 written out cannot be told from alpha left out: the store's, and said so
    explicit = dataclasses.replace(PARTIAL, alpha=0.05)
    assert read_store_report(path, explicit).to_dict()["method"]["alpha"] == 0.01


def test_a_postgres_store_is_read_in_its_words(pg_url):
    url = f"{pg_url}&schema=r42_review_mon"
    partial = dataclasses.replace(PARTIAL, protected=("g",))
    run_monitor(dataclasses.replace(partial, alpha=0.01), url)
    assert read_store_report(url, partial).to_dict()["method"]["alpha"] == 0.01
    with pytest.raises(EthicLensInputError, match="alpha 0.01 there, 0.2 here"):
        read_store_report(url, dataclasses.replace(partial, alpha=0.2))


def test_a_store_whose_own_settings_are_refused_names_them(tmp_path):
    path = tmp_path / "s.sqlite"
    run_monitor(WRITTEN, path)
    with sqlite3.connect(path) as con:
        stored = json.loads(con.execute("SELECT value FROM meta WHERE key='request'").fetchone()[0])
        stored["bins"] = {"age": [100, 30, 0]}  # as an older tool might have written it
        con.execute("UPDATE meta SET value = ? WHERE key = 'request'", (json.dumps(stored),))
        con.execute("DELETE FROM meta WHERE key IN ('request_digest', 'replay_digest')")
    con.close()
    words = "bin edges must be at least two finite numbers in increasing order"
    for face in (lambda: read_store(path), lambda: read_store_report(path, PARTIAL)):
        with pytest.raises(EthicLensInputError, match=words) as caught:
            face()
        assert "another request" not in str(caught.value)
