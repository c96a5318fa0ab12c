"""``read_store``: a monitor store read back read-only, the numbers exactly as the monitor's JSON
output gave them; a file that is not a monitor store refused with one line."""

import json
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import read_store, run_monitor

from .conftest import request_of as _req


def _plain(x):
    return json.loads(json.dumps(x))


def test_read_store_gives_the_monitors_numbers_and_writes_nothing(tmp_path, days):
    feed = days(tmp_path / "feed", range(10), change_day=3)
    store = tmp_path / "s.sqlite"
    run_monitor(_req(feed / "day00[0-4].csv"), store)
    doc = _plain(run_monitor(_req(feed), store).to_dict())  # a second run: the JSON output
    before = store.read_bytes()
    got = read_store(store)
    assert store.read_bytes() == before  # read-only
    assert _plain(got) == got  # plain data (JSON types only)
    assert got["request"] == {"target": str(feed), **doc["request"]}
    assert got["alpha"] == doc["method"]["alpha"] and got["windows"] == doc["windows"]
    assert {k: v for k, v in _plain(got["report"]).items() if k != "run"} == {
        k: v for k, v in doc.items() if k != "run"
    }
    assert [(c["attribute"], c["group"]) for c in got["comparisons"]] == [
        ("race", "Asian"),
        ("race", "Black"),
    ]
    for c, want in zip(got["comparisons"], doc["comparisons"], strict=True):
        assert c["reference"] == want["reference"] == "White"
        assert c["tests"] == want["tests"] and c["sequences"] == want["sequences"]
        assert len(c["series"]) == len(want["history"]) == 10
        since = {t: v["alarm_since"] for t, v in want["tests"].items() if v["alarm"]}
        assert c["alarm"] == bool(since)
        for s, h in zip(c["series"], want["history"], strict=True):
            assert s["window"] == h["window"] and s["status"] == h["status"]
            assert s["estimates"] == h["estimates"]  # window estimate and its interval
            assert s["sequences"] == h["sequences"]  # confidence-sequence bounds
            assert s["tests"] == h["tests"]  # e-values (wealth)
            w = doc["windows"][h["window"]]
            assert (s["start"], s["end"], s["rows"]) == (w["start"], w["end"], w["rows"])
            assert s["alarms"] == {t: h["window"] >= v["window"] for t, v in since.items()}
    black = got["comparisons"][1]
    assert black["alarm"] and black["tests"]["disparate_impact"]["alarm"]
    assert black["series"][-1]["alarms"]["disparate_impact"] is True
    assert black["series"][0]["alarms"]["disparate_impact"] is False
    assert got["alarm"] is True


def test_a_database_target_is_shown_without_its_password(tmp_path, days):
    feed = days(tmp_path / "feed", range(3))
    store = tmp_path / "s.sqlite"
    run_monitor(_req(feed), store)
    with sqlite3.connect(store) as con:
        con.execute("UPDATE runs SET target = 'postgresql://ann:s3cret@db/x (table t)'")
    got = read_store(store)
    assert "s3cret" not in json.dumps({k: v for k, v in got.items() if k != "report"})


@pytest.mark.parametrize(
    "content, message",
    [
        # round 47 (known item d): a run starts a 0-byte store; a reader finds it holds nothing
        (b"", "is an empty file (0 bytes): it holds no windows"),
        (b"ts,pred\n1,0\n", "not a SQLite file"),
        (b"SQLite format 3\x00" + b"\x07" * 600, "is damaged (SQLite: "),
        (None, "not an EthicLens monitor store"),
        ("dir", "is not a file"),
        ("missing", "is not a file"),
    ],
)
def test_a_file_that_is_not_a_monitor_store_is_refused(tmp_path, content, message):
    path = tmp_path / "x.sqlite"
    if content is None:
        with sqlite3.connect(path) as con:
            con.execute("CREATE TABLE meta (key TEXT, value TEXT)")
            con.execute("INSERT INTO meta VALUES ('app', '\"someone-else\"')")
    elif content == "dir":
        path.mkdir()
    elif content != "missing":
        path.write_bytes(content)
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(EthicLensInputError) as err:
        read_store(path, flag="--monitor-store")
    assert message in err.value.problem and err.value.column == "--monitor-store"
    assert "\n" not in str(err.value)
    assert (path.read_bytes() if path.is_file() else None) == before


def test_a_store_with_propensity_weights_reads_back_the_same(tmp_path, days):
    import pandas as pd

    feed = days(tmp_path / "feed", range(4), change_day=2)
    for f in feed.glob("*.csv"):
        t = pd.read_csv(f)
        t["pi"] = 0.5
        t.to_csv(f, index=False)
    store = tmp_path / "s.sqlite"
    doc = _plain(run_monitor(_req(feed, propensity="pi"), store).to_dict())
    got = read_store(store)
    assert got["request"]["propensity"] == "pi"
    assert {k: v for k, v in _plain(got["report"]).items() if k != "run"} == {
        k: v for k, v in doc.items() if k != "run"
    }
