"""Round 16: one --protected reference, however it is spelled (race=White, race="White" as the
README quotes it, a spec file's {race: White}), is one request: a store started with any of them
resumes with any of them, and a store an older run wrote in the quoted form still resumes. A
store whose origin day is no day number is refused as damaged in words, never in SQL's."""

import sqlite3

import pytest

from ethiclens.monitor import read_store, run_monitor

from .conftest import damaged_copy, request_of, run_cli, write_days

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label"]


@pytest.fixture(scope="module")
def feed(tmp_path_factory):
    return write_days(tmp_path_factory.mktemp("feed") / "d", range(3), n=300)


def _config(tmp_path, feed):
    config = tmp_path / "mc.yaml"
    config.write_text(
        f"version: 1\ntarget:\n  file: {feed}\nroles:\n  y_true: label\n  y_pred: pred\n"
        "  protected: {race: White}\npolicy:\n  n_boot: 200\n  seed: 0\n"
    )
    return config


def _spelled(form, tmp_path, feed):
    """The CLI arguments of one spelling of race's reference White."""
    if form == "config":
        return ["monitor", "--config", _config(tmp_path, feed), "--time", "ts", "--window", "1d"]
    return ["monitor", feed, *ARGV, "--protected", form, "--n-boot", "200"]


FORMS = ["race=White", 'race="White"', "race = White", "config"]


@pytest.mark.parametrize("first", FORMS)
def test_every_spelling_resumes_with_every_other(first, tmp_path, feed, capsys):
    store = tmp_path / "s.sqlite"
    rc, _, err = run_cli(capsys, *_spelled(first, tmp_path, feed), "--store", store)
    assert rc == 0, err
    for again in FORMS:
        rc, _, err = run_cli(capsys, *_spelled(again, tmp_path, feed), "--store", store)
        assert rc == 0, (first, again, err)
        assert "damaged" not in err and "another request" not in err


def test_request_keeps_one_form():
    assert request_of("x.csv", protected=('race="White"',)).protected == ("race=White",)
    assert request_of("x.csv", protected=("race = White",)).protected == ("race=White",)
    # spaces a group's name holds are kept, in quotes
    assert request_of("x.csv", protected=('race=" White"',)).protected == ('race=" White"',)
    assert request_of("x.csv", protected=("race",)).protected == ("race",)


def test_store_written_in_the_quoted_form_resumes(tmp_path, feed, capsys):
    first = tmp_path / "first.sqlite"
    run_monitor(request_of(feed, n_draws=200), first)
    # as an older EthicLens wrote a store started from a spec file
    old = damaged_copy(
        first,
        tmp_path,
        "UPDATE meta SET value = json_replace(value, '$.protected[0]', 'race=\"White\"') "
        "WHERE key = 'request'",
    )
    with sqlite3.connect(old) as con:
        (held,) = con.execute("SELECT value FROM meta WHERE key = 'request'").fetchone()
    con.close()
    assert 'race=\\"White\\"' in held
    assert read_store(old)["comparisons"]
    result = run_monitor(request_of(feed, n_draws=200), old)
    assert len(result.to_dict()["windows"]) == 3
    rc, _, err = run_cli(capsys, *_spelled("config", tmp_path, feed), "--store", old)
    assert rc == 0, err


def test_origin_day_that_is_no_day_is_damage_in_words(tmp_path, feed, capsys):
    store = tmp_path / "first.sqlite"
    run_monitor(request_of(feed, n_draws=200), store)
    for value in ("1e400", "2.5", "99999999999999999999999"):
        bad = damaged_copy(
            store, tmp_path, f"UPDATE meta SET value = '{value}' WHERE key = 'origin_day'"
        )
        rc, _, err = run_cli(
            capsys, "monitor", feed, *ARGV, "--protected", "race=White", "--n-boot", "200",
            "--store", bad,
        )  # fmt: skip
        assert rc == 2, err
        assert "is damaged (meta 'origin_day' holds" in err, err
        assert "not a day number" in err and "column" not in err.split("holds")[1], err
