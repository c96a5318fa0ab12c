"""Round 15: a store whose rows are well-formed SQL and valid JSON but not what a run writes is
refused as damaged in one line (exit 2), by the monitor, by read_store and on the web's
Monitoring pages, never with a traceback and never blamed on the data; a request diff says
"not given", never Python's None."""

import html
import re
import shutil
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import read_store, run_monitor

from .conftest import damaged_copy, request_of, run_cli, write_days

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "race=White"]
W3 = 'WHERE "window" = 3'
BLACK = "; the comparison race='Black'"

# (damage, what the refusal says: "is damaged (<this>")
RESULTS = {
    "body emptied": (f"UPDATE results SET body = '{{}}' {W3}", "result of window 3 lacks 'status'"),
    "tests removed": (
        f"UPDATE results SET body = json_remove(body, '$.tests') {W3}",
        "result of window 3 lacks 'tests'",
    ),
    "log e-value is text": (
        f"UPDATE results SET body = json_set(body, '$.tests.disparate_impact.log_e_value', 'x') "
        f"{W3}",
        "result of window 3 holds 'x' in tests.disparate_impact.log_e_value, not a number",
    ),
    "log e-value is null": (
        f"UPDATE results SET body = json_set(body, '$.tests.equalized_odds.log_e_value', "
        f"json('null')) {W3}",
        "result of window 3 holds None in tests.equalized_odds.log_e_value, not a number",
    ),
    "count below 0": (
        f"UPDATE results SET body = json_set(body, '$.counts.group.n', -1) {W3}",
        "result of window 3 holds -1 in counts.group.n, not a count (a whole number >= 0)",
    ),
    "count is a fraction": (
        f"UPDATE results SET body = json_set(body, '$.counts.reference.sel', 2.5) {W3}",
        "result of window 3 holds 2.5 in counts.reference.sel, not a count",
    ),
    "status unknown": (
        f"UPDATE results SET body = json_set(body, '$.status', 'FINE') {W3}",
        "result of window 3 holds 'FINE' in status, not one of ESTIMATED,",
    ),
    "estimate lost": (
        f"UPDATE results SET body = json_remove(body, '$.estimates.disparate_impact') {W3}",
        "result of window 3 lacks 'disparate_impact' in estimates",
    ),
    "sequence bound is text": (
        f"UPDATE results SET body = json_set(body, '$.sequences.tpr_gap.low', 'low') {W3}",
        "result of window 3 holds 'low' in sequences.tpr_gap.low, not a number or null",
    ),
    "a key no run writes": (
        f"UPDATE results SET body = json_set(body, '$.tests.made_up', 1) {W3}",
        "result of window 3 holds an unexpected key 'made_up' in tests",
    ),
    "counts a list": (
        f"UPDATE results SET body = json_set(body, '$.counts', json('[1]')) {W3}",
        "result of window 3 holds [1] in counts, not an object",
    ),
}


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    folder = tmp_path_factory.mktemp("round15")
    feed = write_days(folder / "feed", range(6), change_day=3)
    store = folder / "good.sqlite"
    run_monitor(request_of(feed), store)
    return feed, store


def _damaged(good, tmp_path, sql):
    return damaged_copy(good[1], tmp_path, sql + " AND grp = 'Black'" if "results" in sql else sql)


@pytest.mark.parametrize("case", RESULTS.values(), ids=RESULTS)
def test_a_result_without_what_a_run_writes_is_refused_by_the_monitor(good, tmp_path, capsys, case):
    sql, said = case
    store = _damaged(good, tmp_path, sql)
    before = store.read_bytes()
    rc, _, err = run_cli(capsys, "monitor", good[0], *ARGV, "--y-true", "label", "--store", store)
    assert rc == 2, err
    assert err.startswith(f"error: option '--store': is damaged ({said}"), err
    assert BLACK in err and "Traceback" not in err and err.count("\n") == 1, err
    assert "Fix: restore it from a backup, or give a new --store to start over" in err
    assert store.read_bytes() == before  # refused before anything was written


@pytest.mark.parametrize("case", RESULTS.values(), ids=RESULTS)
def test_read_store_refuses_a_result_without_what_a_run_writes(good, tmp_path, case):
    sql, said = case
    store = _damaged(good, tmp_path, sql)
    with pytest.raises(EthicLensInputError) as err:
        read_store(store, flag="--monitor-store")
    message = str(err.value)
    assert message.startswith(f"option '--monitor-store': is damaged ({said}"), message
    assert BLACK in message and str(store) in message


def test_a_damaged_counts_fingerprint_is_damage_not_late_rows(good, tmp_path, capsys):
    store = _damaged(good, tmp_path, "UPDATE windows SET counts = 'garbage' WHERE \"window\" = 2")
    rc, _, err = run_cli(capsys, "monitor", good[0], *ARGV, "--y-true", "label", "--store", store)
    assert rc == 2, err
    assert err.startswith(
        "error: option '--store': is damaged (counts of window 2 is 'garbage', not the "
        "fingerprint of its counts (64 hex digits, or 'empty'))"
    ), err
    assert "late or changed rows" not in err
    with pytest.raises(EthicLensInputError, match=r"is damaged \(counts of window 2 is 'garbage'"):
        read_store(store)


def test_an_intact_store_still_runs_and_reads(good, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    shutil.copy(good[1], store)
    rc, _, err = run_cli(capsys, "monitor", good[0], *ARGV, "--y-true", "label", "--store", store)
    assert rc == 0, err
    data = read_store(store)
    assert len(data["windows"]) == 6 and data["comparisons"]


def test_an_option_left_out_is_not_given_never_none(good, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    shutil.copy(good[1], store)  # written with --y-true label
    rc, _, err = run_cli(capsys, "monitor", good[0], *ARGV, "--store", store)
    assert rc == 2
    assert "was written by another request: --y-true 'label' there, not given here" in err, err
    assert "None" not in err
    fresh = tmp_path / "without.sqlite"
    assert run_cli(capsys, "monitor", good[0], *ARGV, "--store", fresh)[0] == 0
    rc, _, err = run_cli(capsys, "monitor", good[0], *ARGV, "--y-true", "label", "--store", fresh)
    assert rc == 2 and "--y-true not given there, 'label' here" in err and "None" not in err, err


@pytest.mark.filterwarnings("ignore:Using `httpx`")
def test_the_web_shows_the_damage_on_the_stores_card(good, tmp_path):
    """A store damaged after serve started: /monitoring and /monitoring/0 answer 200 with the
    refusal on the store's card (read_store refuses it), not 500."""
    from starlette.testclient import TestClient

    from tests.web.conftest import make_app

    store = tmp_path / "watch.sqlite"
    shutil.copy(good[1], store)
    app = make_app(tmp_path, monitor_stores=(store,))
    with TestClient(app, follow_redirects=False, raise_server_exceptions=False) as client:
        assert client.get("/monitoring").status_code == 200
        with sqlite3.connect(store) as con:
            con.execute(f"UPDATE results SET body = json_remove(body, '$.tests') {W3}")
        con.close()
        for page in ("/monitoring", "/monitoring/0"):
            answer = client.get(page)
            assert answer.status_code == 200, (page, answer.text[-500:])
            text = html.unescape(answer.text)
            assert "is damaged (result of window 3 lacks 'tests'" in text, page


# (damage, what the refusal says) of a setting that decodes but lacks what a run writes there
SETTINGS = {
    "held window without its end": (
        'INSERT OR REPLACE INTO meta VALUES (\'held\', \'{"9": {"start": 0, "rows": 3}}\')',
        "meta 'held' lacks 'end' in window 9",
    ),
    "held window not a number": (
        "INSERT OR REPLACE INTO meta VALUES ('held', "
        '\'{"later": {"start": 0, "end": 1, "rows": 3}}\')',
        "meta 'held' holds the key 'later', not a window number",
    ),
    "baseline without its counts": (
        "INSERT OR REPLACE INTO meta VALUES ('baseline_target', '{}')",
        "meta 'baseline_target' lacks 'target'",
    ),
    "reference source a number": (
        "UPDATE meta SET value = '{\"race\": 5}' WHERE key = 'reference_source'",
        "meta 'reference_source' holds 5 in race, not a text",
    ),
}


@pytest.mark.parametrize("case", SETTINGS.values(), ids=SETTINGS)
def test_a_setting_without_what_a_run_writes_is_damage(good, tmp_path, capsys, case):
    sql, said = case
    store = _damaged(good, tmp_path, sql)
    rc, _, err = run_cli(capsys, "monitor", good[0], *ARGV, "--y-true", "label", "--store", store)
    assert rc == 2, err
    assert err.startswith(f"error: option '--store': is damaged ({said})"), err
    with pytest.raises(EthicLensInputError, match=r"is damaged \(" + re.escape(said)):
        read_store(store)
