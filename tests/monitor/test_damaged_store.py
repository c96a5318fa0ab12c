"""Every damaged store is refused in one line, "is damaged (...)", naming the store and the
fix, by the monitor (exit 2) and by read_store (the web app's reader, refused at serve's
start): damaged pages, missing tables or columns, NULLs, text that is not JSON, JSON or
values of the wrong type."""

import shutil
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import read_store, run_monitor

from .conftest import request_of, run_cli

# A column's NOT NULL is lost by copying its table (CREATE TABLE ... AS SELECT).
_UNCONSTRAINED = (
    "CREATE TABLE copy AS SELECT * FROM {t}; DROP TABLE {t}; ALTER TABLE copy RENAME TO {t}; "
)

CORRUPTIONS = {
    "results dropped": "DROP TABLE results",
    "alarms dropped": "DROP TABLE alarms",
    "column renamed": "ALTER TABLE windows RENAME COLUMN counts TO cells",
    "column dropped": "ALTER TABLE results DROP COLUMN body",
    "NULL body": _UNCONSTRAINED.format(t="results") + "UPDATE results SET body = NULL",
    "NULL start": _UNCONSTRAINED.format(t="windows") + "UPDATE windows SET start = NULL",
    "body not JSON": "UPDATE results SET body = '{not json'",
    "body a list": "UPDATE results SET body = '[1, 2]'",
    "start is text": "UPDATE windows SET start = 'yesterday'",
    "rows is text": "UPDATE windows SET rows = 'many'",
    "request not JSON": "UPDATE meta SET value = 'garbage' WHERE key = 'request'",
    "origin day is text": "UPDATE meta SET value = '\"x\"' WHERE key = 'origin_day'",
    "groups a number": "UPDATE meta SET value = '3' WHERE key = 'groups'",
    "state shape": "UPDATE state SET shape = '[999999]'",
    "state shape not JSON": "UPDATE state SET shape = 'wide'",
    "state data is text": "UPDATE state SET data = 'text'",
    "state dtype": "UPDATE state SET dtype = '<U8'",
    "run is text": "UPDATE runs SET new_windows = 'several'",
    # the tables disagree: each row well formed, the store inconsistent
    "last window lost": 'DELETE FROM windows WHERE "window" = (SELECT max("window") FROM windows)',
    "a middle window's results lost": (
        'DELETE FROM results WHERE "window" = (SELECT min("window") + 1 FROM windows)'
    ),
    "results emptied": "DELETE FROM results",
    "state emptied": "DELETE FROM state",
    "alarm of no window": "INSERT INTO alarms VALUES ('race', 'Black', 'di', 9999, 5.0, 1)",
    "store version -1": "UPDATE meta SET value = '-1' WHERE key = 'store_version'",
    "store version lost": "DELETE FROM meta WHERE key = 'store_version'",
    "request lost": "DELETE FROM meta WHERE key = 'request'",
    "groups lost": "DELETE FROM meta WHERE key = 'groups'",
}


@pytest.fixture(scope="module")
def good_store(tmp_path_factory):
    from .conftest import write_days

    folder = tmp_path_factory.mktemp("damaged")
    feed = write_days(folder / "feed", range(6), change_day=3)
    store = folder / "good.sqlite"
    run_monitor(request_of(feed), store)
    return feed, store


def _damage_pages(path):
    """Bytes of a b-tree page overwritten, as a disk or a copy gone wrong does."""
    with open(path, "r+b") as fh:
        page = int.from_bytes(fh.read(18)[16:18], "big")
        fh.seek(page * 3 + 8)
        fh.write(b"\xff" * 40)


def _damage_file(path):
    with open(path, "r+b") as fh:
        fh.truncate(5000)


def _copy(good_store, tmp_path, damage):
    store = tmp_path / "s.sqlite"
    shutil.copy(good_store[1], store)
    if callable(damage):
        damage(store)
    else:
        with sqlite3.connect(store) as con:
            con.executescript(damage)
        con.close()
    return store


CASES = [*CORRUPTIONS.values(), _damage_pages, _damage_file]
IDS = [*CORRUPTIONS, "pages overwritten", "file truncated"]


@pytest.mark.parametrize("damage", CASES, ids=IDS)
def test_read_store_refuses_a_damaged_store(good_store, tmp_path, damage):
    store = _copy(good_store, tmp_path, damage)
    with pytest.raises(EthicLensInputError) as err:
        read_store(store, flag="--monitor-store")
    message = str(err.value)
    assert message.startswith("option '--monitor-store': is damaged ("), message
    assert str(store) in message and "Fix: restore it from a backup" in message
    assert "\n" not in message


@pytest.mark.parametrize("damage", CASES, ids=IDS)
def test_the_monitor_refuses_a_damaged_store(good_store, tmp_path, capsys, damage):
    feed, _ = good_store
    store = _copy(good_store, tmp_path, damage)
    argv = ["monitor", feed, "--time", "ts", "--window", "1d", "--y-pred", "pred"]
    rc, _, err = run_cli(
        capsys, *argv, "--y-true", "label", "--protected", "race=White", "--store", store
    )
    assert rc == 2, err
    assert err.startswith("error: option '--store': is damaged ("), err
    assert str(store) in err and err.count("\n") == 1


def test_an_intact_store_is_read(good_store):
    assert read_store(good_store[1])["windows"]
