"""Round 38 (helper stores): PostgreSQL's text holds no NUL (U+0000), which SQLite's does. A
Parquet file's group value with a NUL (``a\\x00b``) reached the monitor's store as the ``grp``
of its results, evidence state and alarms: on a PostgreSQL store the run ended in psycopg's
DataError traceback ("PostgreSQL text fields cannot contain NUL (0x00) bytes"), where a SQLite
store kept it. The PostgreSQL store now writes each text's NULs encoded and reads them back, as
the web history's store does (d8ccbd7a): both stores hold and return the same strings, so the
run, its rerun and ``read_store`` (``serve --monitor-store``) read alike. Every test runs on
both stores."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from tests.conftest import execute_sql

ESC = "\ufdd0"  # the PostgreSQL store's escape character: a data set's text may hold it too
TEXTS = ["a\x00b", "\x00\x00", ESC, ESC + "0", ESC + "\x00" + ESC + ESC, "0\x00" + ESC, "ab"]
GROUPS = ("a\x00b", ESC + "0", "B")  # B, the most rows, is the reference


@pytest.fixture(params=["sqlite", "postgresql"])
def store_at(request, tmp_path):
    """The store: a SQLite file, or a fresh schema of the throw-away PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "monitor.sqlite")
    pytest.importorskip("psycopg")
    url = request.getfixturevalue("pg_url")
    execute_sql(url, "DROP SCHEMA IF EXISTS r38stores_nul CASCADE")
    return url + "&schema=r38stores_nul"


def test_every_text_comes_back_as_written(store_at):
    from ethiclens.monitor._store import Store

    store = Store.open(store_at)
    try:
        with store.transaction():
            for i, text in enumerate(TEXTS):
                store.save_state(text, text, {"x": np.arange(2.0) + i})
                store.add_alarm(text, text, text, i, float(i), 1)
                store.add_run(i + 1, text, text, i, None)
                assert store.last_run()["at"] == store.last_run()["target"] == text
            for i, text in enumerate(TEXTS):  # the WHERE compares each as written
                assert store.load_state(text, text)["x"].tolist() == [i, i + 1.0]
            assert set(store.alarms()) == {(t, t, t) for t in TEXTS}
    finally:
        store.close()


def _days(path, days, seed=0, n=240):
    rng = np.random.default_rng(seed)
    start = pd.Timestamp("2024-03-01", tz="UTC") + pd.Timedelta(days=days[0])
    pd.DataFrame(
        {
            "ts": start + pd.to_timedelta(rng.integers(0, 86400 * len(days), n), unit="s"),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice(GROUPS, n, p=[0.3, 0.2, 0.5]),
        }
    ).to_parquet(path)
    return path


def test_a_group_with_a_nul_is_kept_by_runs_and_readers(store_at, tmp_path, capsys):
    from ethiclens.monitor import read_store

    argv = ["monitor", "--time", "ts", "--window", "1d", "--y-pred", "pred",
            "--protected", "race=B", "--store", store_at]  # fmt: skip
    for i, days in enumerate(([0, 1], [2])):  # the second run loads the state it saved
        data = _days(tmp_path / f"part{i}.parquet", days, seed=i)
        out = tmp_path / f"run{i}.json"
        assert main([*argv[:1], str(data), *argv[1:], "--json", str(out)]) == 0, (
            capsys.readouterr().err[-800:]
        )
    printed = capsys.readouterr()
    assert "Traceback" not in printed.err and "DataError" not in printed.err
    report = json.loads(out.read_text())
    assert report["run"]["new_windows"] == 1 and len(report["windows"]) == 3
    assert sorted(c["group"] for c in report["comparisons"]) == sorted(GROUPS[:2])
    shown = read_store(store_at)  # as serve --monitor-store reads it
    assert sorted(c["group"] for c in shown["comparisons"]) == sorted(GROUPS[:2])
    assert [len(c["series"]) for c in shown["comparisons"]] == [3, 3]


def _named(path, column):
    rng = np.random.default_rng(3)
    pd.DataFrame(
        {
            "ts": pd.Timestamp("2024-03-01", tz="UTC")
            + pd.to_timedelta(rng.integers(0, 86400 * 2, 200), unit="s"),
            "pred": rng.integers(0, 2, 200),
            column: rng.choice(["A", "B"], 200),
        }
    ).to_parquet(path)
    return str(path)


def test_a_column_named_with_a_nul_is_kept_by_the_pandas_engine(store_at, tmp_path):
    """(a config file or Python can name it: a command line cannot hold a NUL)"""
    from ethiclens.monitor import MonitorRequest, read_store, run_monitor

    target = _named(tmp_path / "named.parquet", "ra\x00ce")
    request = MonitorRequest(target=target, time="ts", window="1d", y_pred="pred",
                             protected=("ra\x00ce",), engine="pandas")  # fmt: skip
    doc = run_monitor(request, store_at).to_dict()
    assert [c["attribute"] for c in doc["comparisons"]] == ["ra\x00ce"]
    assert [c["attribute"] for c in read_store(store_at)["comparisons"]] == ["ra\x00ce"]


def test_duckdb_refuses_a_column_named_with_a_nul_in_the_audits_words(tmp_path):
    """Was a KeyError traceback from pyarrow (DuckDB cannot name such a column): now the audit's
    DuckDB refusal, one line, nothing stored."""
    from ethiclens.errors import EthicLensInputError
    from ethiclens.monitor import MonitorRequest, run_monitor

    target = _named(tmp_path / "named.parquet", "ra\x00ce")
    request = MonitorRequest(target=target, time="ts", window="1d", y_pred="pred",
                             protected=("ra\x00ce",), engine="duckdb")  # fmt: skip
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, str(tmp_path / "m.sqlite"))
    said = str(caught.value)
    assert said.startswith("column \"'ra\\\\x00ce'\": column names may not contain NUL"), said
