"""Round 15b: a store missing a comparison's evidence state or holding a state no run writes,
an empty runs table beside windows, or a stored request whose values fail the request's own
checks is refused as damaged (exit 2); an engine named beside a database is refused as the
audit refuses it."""

import shutil
import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import read_store, run_monitor

from .conftest import request_of, run_cli, write_days

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "race=White"]


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    folder = tmp_path_factory.mktemp("round15b")
    feed = write_days(folder / "feed", range(4), change_day=2)
    store = folder / "good.sqlite"
    run_monitor(request_of(feed), store)
    return feed, store


def _damaged(good, tmp_path, sql):
    store = tmp_path / "s.sqlite"
    shutil.copy(good[1], store)
    with sqlite3.connect(store) as con:
        con.execute(sql)
    con.close()
    return store


def _refused(capsys, good, store, said):
    before = store.read_bytes()
    rc, _, err = run_cli(capsys, "monitor", good[0], *ARGV, "--y-true", "label", "--store", store)
    assert rc == 2, err
    assert err.startswith(f"error: option '--store': is damaged ({said})"), err
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert store.read_bytes() == before
    with pytest.raises(EthicLensInputError, match="is damaged"):
        read_store(store)


@pytest.mark.parametrize("engine", ["duckdb", "pandas", "spark"])
def test_an_engine_beside_a_database_is_refused_as_the_audit_refuses_it(tmp_path, capsys, engine):
    db = tmp_path / "m.db"
    frame = pd.DataFrame({"t": ["2024-03-01"] * 4, "p": [1, 0, 1, 0], "g": list("AABB")})
    with sqlite3.connect(db) as con:
        frame.to_sql("m", con, index=False)
    con.close()
    store = tmp_path / "s1"
    argv = ["--table", "m", "--time", "t", "--window", "7d", "--y-pred", "p", "--protected", "g"]
    rc, _, err = run_cli(
        capsys, "monitor", "--db", f"sqlite:///{db}", *argv, "--store", store, "--engine", engine
    )
    assert rc == 2, err
    assert err == (
        f"error: option '--engine': --engine {engine} reads files; with --db the database "
        f"counts (value: '{engine}'). Fix: drop --engine {engine}, or drop --db and name a file\n"
    )
    assert not store.exists()
