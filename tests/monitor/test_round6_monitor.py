"""Round 6: the store records the interval draws and their seed (a later run with others is
refused; a config file and flags give the same numbers), an output colliding with an input is
named by the config key it came from, and the web's --monitor-store is named in a store URL's
refusal."""

from __future__ import annotations

import json

import pytest
import yaml

from .conftest import run_cli

FLAGS = ("--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label")


def _monitor(capsys, data, store, *extra):
    return run_cli(capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", store, *extra)


def test_the_draws_and_seed_are_stored_and_another_run_with_others_is_refused(
    tmp_path, capsys, days
):
    data = days(tmp_path / "data", range(3), n=300)
    store, out = tmp_path / "m.sqlite", tmp_path / "m.json"
    rc, _, err = _monitor(capsys, data, store, "--n-boot", "200", "--seed", "7", "--json", out)
    assert rc == 0, err
    request = json.loads(out.read_text())["request"]
    assert (request["n_draws"], request["seed"]) == (200, 7)
    rc, _, err = _monitor(capsys, data, store)
    assert rc == 2
    assert "--n-boot 200 there, 1000 here" in err and "--seed 7 there, 0 here" in err
    assert "option '--store'" in err
    _forget_the_draws(store)  # as a store written before they were recorded holds it
    rc, _, err = _monitor(capsys, data, store, "--seed", "3")
    assert rc == 0, err


def _forget_the_draws(store) -> None:
    import sqlite3

    with sqlite3.connect(store) as con:
        (text,) = con.execute("SELECT value FROM meta WHERE key = 'request'").fetchone()
        old = {k: v for k, v in json.loads(text).items() if k not in ("n_draws", "seed")}
        con.execute("UPDATE meta SET value = ? WHERE key = 'request'", (json.dumps(old),))


def test_policy_n_boot_and_seed_from_a_config_give_the_flags_numbers(tmp_path, capsys, days):
    data = days(tmp_path / "data", range(3), n=300)
    config = tmp_path / "cfg.yaml"
    spec = {
        "version": 1,
        "target": {"file": str(data)},
        "roles": {"y_true": "label", "y_pred": ["pred"], "protected": ["race"]},
        "policy": {"n_boot": 200, "seed": 7},
    }
    config.write_text(yaml.safe_dump(spec))
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    rc, _, err = run_cli(capsys, "monitor", "--config", config, "--time", "ts", "--window",
                         "1d", "--store", tmp_path / "a.sqlite", "--json", a)  # fmt: skip
    assert rc == 0, err
    rc, _, err = _monitor(capsys, data, tmp_path / "b.sqlite", "--n-boot", "200", "--seed", "7",
                          "--json", b)  # fmt: skip
    assert rc == 0, err
    da, db = json.loads(a.read_text()), json.loads(b.read_text())
    assert da["request"] == db["request"] and da["request"]["n_draws"] == 200
    assert da["comparisons"] == db["comparisons"]


def test_an_output_over_an_input_from_the_config_is_named_by_its_key(tmp_path, capsys, days):
    data = days(tmp_path / "data", range(2), n=200)
    config = tmp_path / "cfg.yaml"
    spec = {
        "version": 1,
        "target": {"file": str(data)},
        "roles": {"y_true": "label", "y_pred": ["pred"], "protected": ["race"]},
        "outputs": {"json": str(data / "day000.csv")},
    }
    config.write_text(yaml.safe_dump(spec))
    argv = ("monitor", "--config", config, "--time", "ts", "--window", "1d")
    rc, _, err = run_cli(capsys, *argv, "--store", tmp_path / "m.sqlite")
    assert rc == 2 and "key 'outputs.json'" in err and "--json" not in err, err
    rc, _, err = run_cli(capsys, *argv, "--store", tmp_path / "m.sqlite", "--json", data)
    assert rc == 2 and "option '--json'" in err, err  # given as a flag: named by the flag


@pytest.mark.parametrize("url", ["postgres://u:pw@h/db", "mysql:/u:pw@h/db"])
def test_a_store_url_refused_for_the_web_names_its_option(url):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.monitor import read_store

    with pytest.raises(EthicLensInputError) as caught:
        read_store(url, flag="--monitor-store")
    assert caught.value.column == "--monitor-store"
    assert "pw" not in str(caught.value)
