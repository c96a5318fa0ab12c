"""Round 26: a monitored folder grows by a file holding a column no request reads (fixed in
sources, fbcac11): the second run adds its windows on pandas and DuckDB alike, with the same
numbers; a later file lacking the monitored 'race' column is refused naming that file, and
the store keeps the windows already counted."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import read_store

from .conftest import FLAGS, run_cli

ENGINES = ("pandas", "duckdb")


def _day_rows(day: int, seed: int, n: int = 300) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    race = rng.choice(["White", "Black", "Asian"], size=n, p=[0.6, 0.3, 0.1])
    ts = pd.Timestamp("2024-03-01", tz="UTC") + pd.Timedelta(days=day)
    ts = ts + pd.to_timedelta(rng.integers(0, 86400, n), unit="s")
    return pd.DataFrame(
        {
            "ts": ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": race,
        }
    )


def _write(path, days, seed, extra=None, drop=None):
    frame = pd.concat([_day_rows(d, seed + d) for d in days], ignore_index=True)
    if extra:
        frame[extra] = [f"note {i}" for i in range(len(frame))]
    if drop:
        frame = frame.drop(columns=[drop])
    frame.to_csv(path, index=False)


def _run(capsys, feed, store, engine, tag):
    out = store.parent / f"{engine}-{tag}.json"
    argv = ["monitor", feed, *FLAGS, "--protected", "race=White", "--store", store]
    rc, stdout, err = run_cli(capsys, *argv, "--engine", engine, "--json", out)
    return rc, stdout.replace(str(store), "STORE").replace(str(out), "OUT"), err, out


def _windows(path) -> list:
    report = json.loads(path.read_text())
    return json.loads(json.dumps(report["windows"]))


@pytest.fixture
def grown(tmp_path, capsys):
    """(feed, {engine: (store, [run outputs], [json windows])}) after two runs each."""
    feed = tmp_path / "feed"
    feed.mkdir()
    _write(feed / "d0.csv", [0, 1], seed=10)
    results = {e: (tmp_path / e / "s.sqlite", [], []) for e in ENGINES}
    for e in ENGINES:
        results[e][0].parent.mkdir()
        rc, out, err, js = _run(capsys, feed, results[e][0], e, "first")
        assert rc == 0, (e, err)
        results[e][1].append(out)
        results[e][2].append(_windows(js))
    _write(feed / "d1.csv", [2, 3], seed=20, extra="reviewer_note")  # a column no one reads
    for e in ENGINES:
        rc, out, err, js = _run(capsys, feed, results[e][0], e, "second")
        assert rc == 0, (e, err)
        results[e][1].append(out)
        results[e][2].append(_windows(js))
    return feed, results


def test_a_later_file_with_an_unused_column_adds_its_windows_alike(grown):
    _, results = grown
    pandas, duckdb = results["pandas"], results["duckdb"]
    assert pandas[1] == duckdb[1]  # the printed runs, word for word
    assert pandas[2] == duckdb[2]  # the windows and every number in them
    assert "2 new window(s) added" in pandas[1][0] and "2 new window(s) added" in pandas[1][1]
    stores = [read_store(results[e][0]) for e in ENGINES]
    assert len(stores[0]["windows"]) == len(stores[1]["windows"]) == 4


def test_a_later_file_lacking_the_monitored_column_is_refused_naming_it(grown, capsys):
    feed, results = grown
    _write(feed / "d2.csv", [4], seed=30, drop="race")
    errors = set()
    for e in ENGINES:
        store = results[e][0]
        before = store.read_bytes()
        rc, out, err, js = _run(capsys, feed, store, e, "third")
        assert rc == 2, (e, out, err)
        assert "Traceback" not in err and not js.exists()
        assert store.read_bytes() == before  # the counted windows are kept, unchanged
        errors.add(err)
    (err,) = errors
    assert "the file d2.csv has no column 'race'" in err, err
    assert "add the column 'race' to d2.csv" in err, err


def test_a_later_file_with_two_byte_order_marks_is_refused_alike(grown, capsys):
    feed, results = grown
    _write(feed / "d2.csv", [4], seed=30)
    (feed / "d2.csv").write_bytes(b"\xef\xbb\xbf" * 2 + (feed / "d2.csv").read_bytes())
    errors = set()
    for e in ENGINES:
        store = results[e][0]
        before = store.read_bytes()
        rc, out, err, _ = _run(capsys, feed, store, e, "third")
        assert rc == 2 and "Traceback" not in err, (e, out, err)
        assert store.read_bytes() == before
        errors.add(err)
    (err,) = errors
    assert "d2.csv starts with two byte-order marks (U+FEFF)" in err, err
    assert "'\\ufeffts'" in err and "save the file again as UTF-8" in err, err
