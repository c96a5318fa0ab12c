"""Round 18: a store whose evidence state, request, groups or state types were changed by
hand is refused as damaged before anything is written; a dataset target in a config is
refused naming its key."""

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import read_store, run_monitor

from .conftest import FLAGS, request_of, run_cli, write_days

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def alarmed(tmp_path_factory):
    """A feed of 8 days whose group Black drifts from day 2, its store over the first 6."""
    folder = tmp_path_factory.mktemp("r18")
    feed = write_days(folder / "feed", range(8), n=2000, change_day=2)
    first = folder / "first"
    first.mkdir()
    for d in range(6):
        shutil.copy(feed / f"day{d:03d}.csv", first)
    store = folder / "good.sqlite"
    run_monitor(request_of(first), store)
    with sqlite3.connect(store) as con:
        assert con.execute("SELECT count(*) FROM alarms").fetchone()[0] > 0
    con.close()
    return feed, first, store


def _edited(alarmed, tmp_path, sql):
    store = tmp_path / "s.sqlite"
    shutil.copy(alarmed[2], store)
    con = sqlite3.connect(store)
    con.executescript(sql)
    con.close()
    return store


def _refused(capsys, feed, store, *more):
    out_json = Path(store).with_suffix(".json")
    argv = ["monitor", feed, *FLAGS, "--protected", "race=White", "--store", store, *more]
    rc, out, err = run_cli(capsys, *argv, "--json", out_json)
    assert rc == 2, out + err
    assert err.startswith("error: option '--store': is damaged ("), err
    assert "restore it from a backup" in err and err.count("\n") == 1
    assert not out_json.exists()  # refused before any output is written
    with pytest.raises(EthicLensInputError, match="is damaged"):
        read_store(store)
    return err


_RESET = (
    "UPDATE state SET data = zeroblob(8) WHERE grp = 'Black' "
    "AND key IN ('bet.di_low.log_wealth', 'bet.di_high.log_wealth')"
)


def test_an_evidence_state_reset_by_hand_is_damage(alarmed, tmp_path, capsys):
    store = _edited(alarmed, tmp_path, _RESET)
    err = _refused(capsys, alarmed[0], store)
    assert "the evidence state of race='Black' gives its disparate_impact test" in err, err
    assert "its result of window 5, the last" in err, err


def test_an_edited_request_is_damage(alarmed, tmp_path, capsys):
    sql = (
        "UPDATE meta SET value = replace(value, '\"eo_threshold\": 0.1', "
        "'\"eo_threshold\": 0.3') WHERE key = 'request'"
    )
    store = _edited(alarmed, tmp_path, sql)
    with sqlite3.connect(store) as con:
        assert (
            '"eo_threshold": 0.3'
            in con.execute("SELECT value FROM meta WHERE key = 'request'").fetchone()[0]
        )
    con.close()
    err = _refused(capsys, alarmed[0], store, "--eo-threshold", "0.3")
    assert "meta 'request' holds the eo_threshold 0.3, not the one the store was created" in err


def test_a_store_without_a_request_digest_still_resumes(alarmed, tmp_path):
    """A store an earlier EthicLens wrote holds no digest: read as before."""
    store = _edited(alarmed, tmp_path, "DELETE FROM meta WHERE key = 'request_digest'")
    result = run_monitor(request_of(alarmed[0]), store)
    assert result.data["run"]["new_windows"] == 2 and result.alarms


def test_shortened_groups_are_damage_before_a_run_writes(alarmed, tmp_path, capsys):
    sql = """UPDATE meta SET value = '{"race": ["Black", "White"]}' WHERE key = 'groups'"""
    store = _edited(alarmed, tmp_path, sql)
    err = _refused(capsys, alarmed[0], store)
    assert "meta 'groups' of race lacks 'Asian', a group its results compare" in err, err
    with sqlite3.connect(store) as con:  # nothing was added
        assert con.execute("SELECT count(*) FROM windows").fetchone()[0] == 6
    con.close()


def test_a_group_added_to_the_settings_is_damage(alarmed, tmp_path, capsys):
    sql = """UPDATE meta SET value = '{"race": ["Asian", "Black", "Other", "White"]}'
             WHERE key = 'groups'"""
    err = _refused(capsys, alarmed[0], _edited(alarmed, tmp_path, sql))
    assert "meta 'groups' of race holds 'Other', a group without results" in err, err


@pytest.mark.parametrize("dtype", ["<i8", "<f4"])
def test_a_state_of_another_type_is_damage_not_a_bug(alarmed, tmp_path, capsys, dtype):
    sql = (
        f"UPDATE state SET dtype = '{dtype}' WHERE grp = 'Black' AND key = 'bet.di_low.log_wealth'"
    )
    err = _refused(capsys, alarmed[0], _edited(alarmed, tmp_path, sql))
    assert f"state 'bet.di_low.log_wealth' of race='Black' holds an array of type '{dtype}'" in err
    assert "report this" not in err


@pytest.mark.parametrize("change", ["+ 1", "- 1"])
def test_window_rows_that_disagree_with_the_counts_are_damage(alarmed, tmp_path, capsys, change):
    sql = f'UPDATE windows SET rows = rows {change} WHERE "window" = 3'
    err = _refused(capsys, alarmed[0], _edited(alarmed, tmp_path, sql))
    assert "windows: window 3 has " in err and "but its results count 2," in err, err
    assert "rows of race's groups" in err, err


def test_an_intact_store_resumes_with_its_digest(alarmed, tmp_path):
    store = _edited(alarmed, tmp_path, "")
    with sqlite3.connect(store) as con:
        (digest,) = con.execute("SELECT value FROM meta WHERE key = 'request_digest'").fetchone()
    con.close()
    digest = json.loads(digest)  # each setting's SHA-256
    assert {"alpha", "eo_threshold", "protected"} <= set(digest)
    assert all(len(value) == 64 for value in digest.values())
    result = run_monitor(request_of(alarmed[0]), store)
    assert result.data["run"]["new_windows"] == 2 and result.alarms


def test_a_dataset_target_is_refused_by_its_key_before_any_role(capsys):
    config = ROOT / "docs" / "examples" / "compas-merged.yaml"
    rc, out, err = run_cli(capsys, "monitor", "--config", config, "--time", "t", "--window", "7d")
    assert rc == 2, out + err
    assert err.startswith("error: key 'target.dataset': is a benchmark's option"), err
    assert "--y-pred" not in err
