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

from .conftest import damaged_copy, request_of, run_cli, write_days

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "race=White"]


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    folder = tmp_path_factory.mktemp("round15b")
    feed = write_days(folder / "feed", range(4), change_day=2)
    store = folder / "good.sqlite"
    run_monitor(request_of(feed), store)
    return feed, store


def _damaged(good, tmp_path, sql):
    return damaged_copy(good[1], tmp_path, sql)


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


@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
def test_a_python_monitor_request_refuses_an_engine_beside_a_database(tmp_path, engine):
    """MonitorRequest(db=..., engine=...) built in Python refuses as the command line does,
    rather than quietly counting in the database and ignoring the engine."""
    from ethiclens.monitor import MonitorRequest

    with pytest.raises(EthicLensInputError) as err:
        MonitorRequest(target="db", db=f"sqlite:///{tmp_path / 'm.db'}", table="m", time="t",
                       window="7d", y_pred="p", protected=("g",), engine=engine)  # fmt: skip
    assert str(err.value) == (  # the argument, not the flag (round 45: the old words' bug)
        f"argument 'engine': engine {engine} reads files; with db the database counts "
        f"(value: '{engine}'). Fix: drop engine {engine}, or drop db and name a file"
    )


# (damage, what the refusal says: "is damaged (<this>)")
STATE = {
    "a state key deleted": (
        "DELETE FROM state WHERE key = 'bet.di_low.lam' AND grp = 'Black'",
        "state of group race='Black' lacks 'bet.di_low.lam'",
    ),
    "a label key deleted": (
        "DELETE FROM state WHERE key = 'bet.tpr_up.A' AND grp = 'Asian'",
        "state of group race='Asian' lacks 'bet.tpr_up.A'",
    ),
    "a key no run writes": (
        "INSERT INTO state SELECT attribute, grp, 'bet.zzz', dtype, shape, data FROM state "
        "WHERE key = 'bet.di_low.lam' AND grp = 'Black'",
        "state of group race='Black' holds an unexpected key 'bet.zzz'",
    ),
    "a baseline key alone": (
        "INSERT INTO state SELECT attribute, grp, 'base.ref', dtype, shape, data FROM state "
        "WHERE key = 'bet.di_low.lam' AND grp = 'Black'",
        "state of group race='Black' lacks 'base.di_t'",
    ),
    "the runs emptied": ("DELETE FROM runs", "window 0 of run 1, which the runs lack"),
}


@pytest.mark.parametrize("case", STATE.values(), ids=STATE)
def test_a_state_or_runs_no_run_writes_is_damage(good, tmp_path, capsys, case):
    sql, said = case
    _refused(capsys, good, _damaged(good, tmp_path, sql), said)


def test_an_intact_store_still_runs(good, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    shutil.copy(good[1], store)
    rc, _, err = run_cli(capsys, "monitor", good[0], *ARGV, "--y-true", "label", "--store", store)
    assert rc == 0, err
    assert len(read_store(store)["windows"]) == 4


def test_a_baseline_store_still_runs(tmp_path, capsys):
    feed = write_days(tmp_path / "feed", range(5), change_day=3)
    store = tmp_path / "b.sqlite"
    argv = [*ARGV, "--y-true", "label", "--baseline-windows", "2", "--store", store]
    rc, _, err = run_cli(capsys, "monitor", feed, *argv)
    assert rc in (0, 1), err
    with sqlite3.connect(store) as con:
        keys = {k for (k,) in con.execute("SELECT key FROM state WHERE grp = 'Black'")}
    con.close()
    assert "base.bet.di_low.lam" in keys and "base.di_t" in keys
    rc, _, err = run_cli(capsys, "monitor", feed, *argv)
    assert rc in (0, 1) and "damaged" not in err, err


def _request_set(key, value):
    return f"UPDATE meta SET value = json_set(value, '$.{key}', {value}) WHERE key = 'request'"


# a stored request's number that fails the request's own checks: no run writes it, and no
# options given again could match it
REQUEST = {
    "seed 2**32": (_request_set("seed", 4294967296), "seed 4294967296, which must be below"),
    "seed -5": (_request_set("seed", -5), "seed -5, which must be a non-negative integer"),
    "seed 5.0": (_request_set("seed", 5.0), "seed 5.0, which must be a whole number, written"),
    "draws 0": (_request_set("n_draws", 0), "n_draws 0, which "),
    "alpha 2": (_request_set("alpha", 2), "alpha 2, which "),
    "alpha tiny": (_request_set("alpha", 1e-20), "alpha 1e-20, which is below 1e-12"),
}


@pytest.mark.parametrize("case", REQUEST.values(), ids=REQUEST)
def test_a_stored_request_failing_its_own_checks_is_damage(good, tmp_path, capsys, case):
    sql, said = case
    store = _damaged(good, tmp_path, sql)
    before = store.read_bytes()
    rc, _, err = run_cli(capsys, "monitor", good[0], *ARGV, "--y-true", "label", "--store", store)
    assert rc == 2, err
    assert err.startswith(f"error: option '--store': is damaged (meta 'request' holds the {said}")
    assert "another request" not in err and "Traceback" not in err, err
    assert store.read_bytes() == before
    with pytest.raises(EthicLensInputError, match=r"is damaged \(meta 'request' holds the "):
        read_store(store)
