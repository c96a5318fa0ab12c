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

from .conftest import FLAGS, damaged_copy, request_of, run_cli, write_days

ROOT = Path(__file__).resolve().parents[2]


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
    store = damaged_copy(alarmed[2], tmp_path, _RESET)
    err = _refused(capsys, alarmed[0], store)
    assert "the evidence state of race='Black' gives its disparate_impact test" in err, err
    assert "its result of window 5, the last" in err, err


def test_an_edited_request_is_damage(alarmed, tmp_path, capsys):
    sql = (
        "UPDATE meta SET value = replace(value, '\"eo_threshold\": 0.1', "
        "'\"eo_threshold\": 0.3') WHERE key = 'request'"
    )
    store = damaged_copy(alarmed[2], tmp_path, sql)
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
    store = damaged_copy(alarmed[2], tmp_path, "DELETE FROM meta WHERE key = 'request_digest'")
    result = run_monitor(request_of(alarmed[0]), store)
    assert result.data["run"]["new_windows"] == 2 and result.alarms


def test_shortened_groups_are_damage_before_a_run_writes(alarmed, tmp_path, capsys):
    sql = """UPDATE meta SET value = '{"race": ["Black", "White"]}' WHERE key = 'groups'"""
    store = damaged_copy(alarmed[2], tmp_path, sql)
    err = _refused(capsys, alarmed[0], store)
    assert "meta 'groups' of race lacks 'Asian', a group its results compare" in err, err
    with sqlite3.connect(store) as con:  # nothing was added
        assert con.execute("SELECT count(*) FROM windows").fetchone()[0] == 6
    con.close()


def test_a_group_added_to_the_settings_is_damage(alarmed, tmp_path, capsys):
    sql = """UPDATE meta SET value = '{"race": ["Asian", "Black", "Other", "White"]}'
             WHERE key = 'groups'"""
    err = _refused(capsys, alarmed[0], damaged_copy(alarmed[2], tmp_path, sql))
    assert "meta 'groups' of race holds 'Other', a group without results" in err, err


@pytest.mark.parametrize("dtype", ["<i8", "<f4"])
def test_a_state_of_another_type_is_damage_not_a_bug(alarmed, tmp_path, capsys, dtype):
    sql = (
        f"UPDATE state SET dtype = '{dtype}' WHERE grp = 'Black' AND key = 'bet.di_low.log_wealth'"
    )
    err = _refused(capsys, alarmed[0], damaged_copy(alarmed[2], tmp_path, sql))
    assert f"state 'bet.di_low.log_wealth' of race='Black' holds an array of type '{dtype}'" in err
    assert "report this" not in err


@pytest.mark.parametrize("change", ["+ 1", "- 1"])
def test_window_rows_that_disagree_with_the_counts_are_damage(alarmed, tmp_path, capsys, change):
    sql = f'UPDATE windows SET rows = rows {change} WHERE "window" = 3'
    err = _refused(capsys, alarmed[0], damaged_copy(alarmed[2], tmp_path, sql))
    assert "windows: window 3 has " in err and "but its results count 2," in err, err
    assert "rows of race's groups" in err, err


def test_an_intact_store_resumes_with_its_digest(alarmed, tmp_path):
    store = damaged_copy(alarmed[2], tmp_path, "")
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


# -- round 18b: the evidence replayed from the stored counts; impossible counts ----------------


def _blob(value: float) -> str:
    """A SQL blob literal of one little-endian double (a state array as a run stores it)."""
    import numpy as np

    return "X'" + np.float64(value).tobytes().hex() + "'"


@pytest.mark.parametrize(
    "key, value",
    [
        ("bet.di_low.A", 1e12),  # another key than the log wealth: the alarm would go quiet
        ("bet.di_high.A", 1e12),
        ("bet.tpr_up.lam", 0.3),
        ("seq.disparate_impact.n", 5.0),
        ("seq.tpr_gap.var_sum", 0.0),
    ],
)
def test_a_bet_or_sequence_state_edited_by_hand_is_damage(alarmed, tmp_path, capsys, key, value):
    sql = f"UPDATE state SET data = {_blob(value)} WHERE grp = 'Black' AND key = '{key}'"
    err = _refused(capsys, alarmed[0], damaged_copy(alarmed[2], tmp_path, sql))
    assert f"the evidence state of race='Black' holds a '{key}' its stored counts do not" in err


def test_a_sequence_capital_edited_by_hand_is_damage(alarmed, tmp_path, capsys):
    sql = (
        "UPDATE state SET data = zeroblob(length(data)) WHERE grp = 'Asian' "
        "AND key = 'seq.selection_rate_gap.log_kp'"
    )
    err = _refused(capsys, alarmed[0], damaged_copy(alarmed[2], tmp_path, sql))
    assert "race='Asian' holds a 'seq.selection_rate_gap.log_kp' its stored counts" in err, err


def _body_edit(path: str, value, window: int = 3) -> str:
    return (
        f"UPDATE results SET body = json_set(body, '$.{path}', {value}) "
        f"WHERE grp = 'Black' AND \"window\" = {window}"
    )


def test_an_edited_sequence_bound_is_damage(alarmed, tmp_path, capsys):
    sql = _body_edit("sequences.disparate_impact.low", 0.05)
    err = _refused(capsys, alarmed[0], damaged_copy(alarmed[2], tmp_path, sql))
    assert "the comparison race='Black': its result of window 3 holds the disparate_impact " in err
    assert "sequence's low bound 0.05, but its counts give" in err, err


def test_an_edited_earlier_e_value_is_damage(alarmed, tmp_path, capsys):
    """Not only the last window's e-values: each window's, replayed from its counts."""
    sql = _body_edit("tests.equalized_odds.log_e_value", 0.0, window=1)
    err = _refused(capsys, alarmed[0], damaged_copy(alarmed[2], tmp_path, sql))
    assert "its result of window 1 holds the equalized_odds log e-value 0, but its counts" in err


def test_counts_edited_with_the_evidence_left_alone_are_damage(alarmed, tmp_path, capsys):
    """Counts the replay no longer fits: a state that no longer follows from its windows."""
    with sqlite3.connect(alarmed[2]) as con:
        (body,) = con.execute(
            "SELECT body FROM results WHERE grp = 'Black' AND \"window\" = 2"
        ).fetchone()
    con.close()
    sel = json.loads(body)["counts"]["group"]["sel"]
    tp = json.loads(body)["counts"]["group"]["tp"]
    sql = (
        f"{_body_edit('counts.group.sel', sel - 1, 2)}; {_body_edit('counts.group.tp', tp - 1, 2)}"
    )
    err = _refused(capsys, alarmed[0], damaged_copy(alarmed[2], tmp_path, sql))
    # (window 2's own bet was set before its counts: the change shows from window 3 on)
    assert "the comparison race='Black': its result of window 3 holds the " in err, err
    assert "log e-value" in err and "but its counts give" in err, err


@pytest.mark.parametrize(
    "path, value, said",
    [
        ("counts.group.sel", 10**6, "holds counts.group.sel 1000000, above counts.group.n"),
        ("counts.group.tp", 10**6, "holds counts.group.tp 1000000, above counts.group.pos"),
        ("counts.reference.fp", 10**6, "holds counts.reference.fp 1000000, above counts.refer"),
        # pos + neg is no longer n
        (
            "counts.group.neg",
            "json_extract(body, '$.counts.group.neg') + 1",
            "holds counts.group.pos",
        ),
    ],
)
def test_impossible_counts_are_damage(alarmed, tmp_path, capsys, path, value, said):
    err = _refused(capsys, alarmed[0], damaged_copy(alarmed[2], tmp_path, _body_edit(path, value)))
    assert "result of window 3 " + said in err, err
    assert "the comparison race='Black'" in err, err


def test_a_store_of_several_runs_with_a_late_group_is_replayed_intact(tmp_path):
    """A group first seen in a later run starts from a fresh state: the replay (from the
    first window of all, zero counts before the group's first) gives the same state."""
    names = (["White", "Black", "Asian"], [0.6, 0.3, 0.1])
    feed = write_days(
        tmp_path / "a", range(3), n=600, change_day=1, groups=(names[0][:2], [0.7, 0.3])
    )
    write_days(tmp_path / "b", range(3, 6), n=600, seed=1, change_day=1, groups=names)
    store = tmp_path / "s.sqlite"
    run_monitor(request_of(feed), store)
    for f in sorted((tmp_path / "b").iterdir()):
        shutil.copy(f, feed)
    result = run_monitor(request_of(feed), store)  # Asian joins in window 3
    assert result.data["run"]["new_windows"] == 3
    assert read_store(store)  # opened, replayed, accepted
    with sqlite3.connect(store) as con:
        assert con.execute(
            "SELECT min(\"window\") FROM results WHERE grp = 'Asian'"
        ).fetchone() == (3,)
    con.close()


def test_a_store_with_a_baseline_is_replayed_intact(tmp_path):
    """A baseline's own state (base.*) is not replayed; the evidence beside it is, and a
    store a run wrote with one opens and resumes."""
    feed = write_days(tmp_path / "feed", range(4), n=800, change_day=2)
    store = tmp_path / "s.sqlite"
    run_monitor(request_of(feed, baseline_windows=2), store)
    write_days(tmp_path / "feed", range(4, 6), n=800, seed=2, change_day=2)
    result = run_monitor(request_of(feed, baseline_windows=2), store)
    assert result.data["run"]["new_windows"] == 2 and result.alarms
    assert read_store(store)


def test_a_weighted_store_is_replayed_from_its_effective_counts(tmp_path, capsys):
    """A weighted store's results keep the effective counts (rounded) and the bet cap: its
    replay agrees to a looser tolerance, still far tighter than a bet edited by hand."""
    import pandas as pd

    feed = write_days(tmp_path / "feed", range(6), n=1500, change_day=2)
    for f in sorted(feed.glob("*.csv")):
        frame = pd.read_csv(f)
        frame["wt"] = (1 + 2.7 * (frame["race"] == "Black") + frame.index % 3 / 7).round(4)
        frame.to_csv(f, index=False)
    good = tmp_path / "good.sqlite"
    run_monitor(request_of(feed, weight="wt"), good)
    assert read_store(good)  # intact: replayed and accepted
    for key, value in (("bet.di_low.A", 1e12), ("seq.disparate_impact.n", 5.0)):
        sql = f"UPDATE state SET data = {_blob(value)} WHERE grp = 'Black' AND key = '{key}'"
        store = damaged_copy(good, tmp_path, sql)
        with pytest.raises(EthicLensInputError, match=f"race='Black' holds a '{key}' its"):
            read_store(store)
