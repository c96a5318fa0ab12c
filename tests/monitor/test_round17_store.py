"""Round 17: a store whose alarms, windows or file were changed by hand is refused as
damaged (never resumed with its history silently rewritten)."""

import shutil
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import read_store, run_monitor

from .conftest import FLAGS, damaged_copy, request_of, run_cli


def _refused(capsys, feed, store):
    argv = ["monitor", feed, *FLAGS, "--protected", "race=White", "--store", store]
    rc, out, err = run_cli(capsys, *argv, "--fail-on", "alarm")
    assert rc == 2, out + err
    assert err.startswith("error: option '--store': is damaged ("), err
    assert str(store) in err and "restore it from a backup" in err and err.count("\n") == 1
    return err


@pytest.mark.parametrize(
    "sql, words",
    [
        ("DELETE FROM alarms", "alarms lack the"),
        ('UPDATE alarms SET "window" = "window" + 1', "but its e-value first reached 1/alpha"),
        (
            "INSERT INTO alarms SELECT attribute, grp, 'equalized_odds', 0, 0.5, 1 FROM results "
            "WHERE grp = 'Asian' LIMIT 1",
            "never reached 1/alpha",
        ),
    ],
    ids=["deleted", "moved", "added"],
)
def test_alarms_that_disagree_with_the_evidence_are_damage(alarmed, tmp_path, capsys, sql, words):
    store = damaged_copy(alarmed[2], tmp_path, sql)
    err = _refused(capsys, alarmed[0], store)
    assert words in err, err
    with pytest.raises(EthicLensInputError, match="is damaged"):
        read_store(store)


def test_an_intact_alarmed_store_resumes(alarmed, tmp_path):
    store = tmp_path / "s.sqlite"
    shutil.copy(alarmed[2], store)
    result = run_monitor(request_of(alarmed[0]), store)
    assert result.data["run"]["new_windows"] == 2 and result.alarms


@pytest.mark.parametrize(
    "sql",
    [
        'DELETE FROM windows WHERE "window" = 5; DELETE FROM results WHERE "window" = 5',
        'DELETE FROM windows WHERE "window" = 0; DELETE FROM results WHERE "window" = 0',
    ],
    ids=["last", "first"],
)
def test_a_window_deleted_with_its_results_is_damage(alarmed, tmp_path, capsys, sql):
    store = damaged_copy(alarmed[2], tmp_path, sql + '; DELETE FROM alarms WHERE "window" >= 5')
    err = _refused(capsys, alarmed[0], store)
    assert "its evidence absorbed windows 0 to 5, but the windows table holds windows" in err


def test_a_store_from_before_the_record_still_resumes(alarmed, tmp_path):
    store = damaged_copy(alarmed[2], tmp_path, "DELETE FROM meta WHERE key = 'evidence_windows'")
    result = run_monitor(request_of(alarmed[0]), store)
    assert result.data["run"]["new_windows"] == 2
    con = sqlite3.connect(store)
    (value,) = con.execute("SELECT value FROM meta WHERE key = 'evidence_windows'").fetchone()
    con.close()
    assert value == '{"first": 0, "last": 7}'


def test_an_emptied_store_file_is_started_and_said(alarmed, tmp_path, capsys):
    # round 47 (known item d): a 0-byte file holds nothing, so it is an empty store, started
    # with a note (was refused as damaged, and the user had to delete it to go on)
    store = tmp_path / "s.sqlite"
    store.write_bytes(b"")
    notes = run_monitor(request_of(alarmed[0]), store).data["run"]["notes"]
    assert any("was an empty file (0 bytes, no journal)" in n for n in notes), notes
    assert store.stat().st_size > 0


def test_a_store_path_that_does_not_exist_starts_a_store(alarmed, tmp_path):
    store = tmp_path / "new.sqlite"
    assert run_monitor(request_of(alarmed[1]), store).data["run"]["new_windows"] == 6


@pytest.mark.parametrize(
    "alpha, level", [("0.001", "99.9%"), ("0.005", "99.5%"), ("0.025", "97.5%"), ("0.05", "95%")]
)
def test_the_confidence_level_is_printed_exactly(alarmed, tmp_path, capsys, alpha, level):
    html = tmp_path / "m.html"
    argv = ["monitor", alarmed[1], *FLAGS, "--protected", "race=White", "--alpha", alpha]
    rc, out, err = run_cli(capsys, *argv, "--store", tmp_path / "s.sqlite", "--html", html)
    assert rc == 0, err
    assert f"confidence sequences ({level}, every look, for a constant gap)" in out
    assert f"confidence sequences ({level}, every look, for a constant gap)" in html.read_text()


def test_every_interval_names_its_method(alarmed, tmp_path, capsys):
    import json

    from ethiclens._jsonschema import validate

    from .conftest import SCHEMA

    out_json, html = tmp_path / "m.json", tmp_path / "m.html"
    argv = ["monitor", alarmed[1], *FLAGS, "--protected", "race=White", "--alpha", "0.01"]
    rc, _, err = run_cli(
        capsys, *argv, "--store", tmp_path / "s.sqlite", "--json", out_json, "--html", html
    )
    assert rc == 0, err
    doc = json.loads(out_json.read_text())
    validate(doc, SCHEMA)
    methods = doc["method"]["ci_methods"]
    assert methods == {
        "jeffreys": doc["method"]["window_intervals"],
        "betting": doc["method"]["sequences"],
    }
    for c in doc["comparisons"]:
        assert {s["ci_method"] for s in c["sequences"].values()} == {"betting"}
        assert {v["ci_method"] for v in c["latest"]["estimates"].values()} == {"jeffreys"}
        for h in c["history"]:
            assert {s["ci_method"] for s in h["sequences"].values()} == {"betting"}
            assert {v["ci_method"] for v in h["estimates"].values()} == {"jeffreys"}
    page = html.read_text()
    assert "Confidence sequences (99%, every look; ci_method betting): hedged-capital" in page
    assert "Window intervals (95%, each window alone; ci_method jeffreys): Jeffreys" in page


def test_another_reference_is_refused_naming_the_stores(alarmed, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    run_monitor(request_of(alarmed[1], protected=("race",)), store)
    argv = ["monitor", alarmed[0], *FLAGS, "--protected", "race=Black", "--store", store]
    rc, _, err = run_cli(capsys, *argv)
    assert rc == 2 and err.count("\n") == 1, err
    assert "--protected race there, race=Black here" in err
    assert "the store's reference(s): race='White' (largest group in the first run)" in err


@pytest.mark.parametrize(
    "resave",
    [
        lambda text: text.replace("\n", "\r\n"),
        lambda text: "\n".join([text.splitlines()[0], *reversed(text.splitlines()[1:])]),
        lambda text: "\ufeff" + "\r\n".join([text.splitlines()[0], *sorted(text.splitlines()[1:])]),
    ],
    ids=["crlf", "reversed-no-last-newline", "bom-sorted-crlf"],
)
def test_a_resaved_copy_of_a_file_is_refused_naming_both(alarmed, tmp_path, capsys, resave):
    folder = tmp_path / "feed"
    folder.mkdir()
    for d in range(3):
        shutil.copy(alarmed[0] / f"day{d:03d}.csv", folder)
    original = folder / "day001.csv"
    copy = folder / "day001 (re-saved).csv"
    copy.write_bytes(resave(original.read_text()).encode())
    store = tmp_path / "s.sqlite"
    argv = ["monitor", folder, *FLAGS, "--protected", "race=White", "--store", store]
    rc, _, err = run_cli(capsys, *argv)
    assert rc == 2 and err.count("\n") == 1, err
    assert f"holds the same file twice: {copy} holds the 2,000 rows of {original}" in err
    assert "Fix: remove the copy" in err and not store.exists()


def test_files_alike_in_size_but_not_in_rows_are_read(alarmed, tmp_path):
    folder = tmp_path / "feed"
    folder.mkdir()
    first = (alarmed[0] / "day001.csv").read_text().splitlines()
    (folder / "a.csv").write_text("\n".join(first) + "\n")
    changed = [first[0], *first[1:-1], first[-1][:-1] + ("0" if first[-1][-1] != "0" else "1")]
    (folder / "b.csv").write_text("\n".join(changed) + "\n")  # one row differs, same size
    result = run_monitor(request_of(folder, engine="duckdb"), tmp_path / "s.sqlite")
    assert result.data["windows"][0]["rows"] == 4000


def test_a_sequence_says_it_is_for_a_constant_gap():
    """Round 46: a gap that changed narrows a confidence sequence to an edge (TPR gap [-0.04,
    0.01] beside a latest window of -0.50): every face says the sequences are for a constant
    gap, and the method text says what a changed one does."""
    from ethiclens.monitor._report import METHOD

    assert "constant over the windows" in METHOD["sequences"]
    assert "narrows or empties it" in METHOD["sequences"]
