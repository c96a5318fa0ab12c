"""One vocabulary of checked numbers (issue 22): a bad draw count, seed, floor or threshold is
refused with the same line by every command that takes it (audit, compare, thresholds,
monitor), because each command's option comes from the one spec field."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    rng = np.random.default_rng(0)
    n = 400
    frame = pd.DataFrame(
        {
            "t": pd.date_range("2026-01-01", periods=n, freq="h").astype(str),
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
        }
    )
    frame["q"] = 1 - frame.p
    frame["s"] = frame.p * 0.6 + 0.2
    path = tmp_path_factory.mktemp("vocab") / "d.csv"
    frame.to_csv(path, index=False)
    return path


def _commands(csv, store):
    return {
        "audit": ["audit", csv, "--y-pred", "p", "--protected", "g"],
        "compare": ["compare", csv, "--y-pred", "p", "--y-pred", "q", "--protected", "g"],
        "thresholds": ["thresholds", csv, "--y-score", "s", "--y-true", "y", "--protected", "g"],
        "monitor": ["monitor", csv, "--time", "t", "--window", "7d", "--y-pred", "p"]
        + ["--protected", "g", "--store", store],
    }


BAD = [
    ("--min-group-size", "0"),
    ("--min-labels", "x"),
    ("--n-boot", "5"),
    ("--n-boot", "1e9"),
    ("--seed", "-1"),
    ("--seed", "x"),
    ("--di-threshold", "1.5"),
    ("--di-threshold", "1e-300"),  # a band [1e-300, 1e300] flags nothing: below 0.01 everywhere
    ("--eo-threshold", "0"),
    ("--engine", "foo"),
    ("--bins", "g=1,1"),
]


@pytest.mark.parametrize(("flag", "value"), BAD)
def test_every_command_refuses_with_the_same_line(data, tmp_path, capsys, flag, value):
    store = tmp_path / "m.sqlite"
    lines = {}
    for name, argv in _commands(str(data), str(store)).items():
        assert main([*argv, flag, value]) == 2, name
        err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
        assert len(err) == 1 and err[0].startswith(f"error: option '{flag}'"), (name, err)
        lines[name] = err[0]
    assert len(set(lines.values())) == 1, lines
    assert not store.exists()  # the monitor refused before opening its store


def test_an_unset_database_variable_is_one_line_everywhere(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("ETHICLENS_TEST_UNSET", raising=False)
    db = ["--db-env", "ETHICLENS_TEST_UNSET", "--table", "t"]
    runs = {
        "audit": ["audit", *db, "--y-pred", "p", "--protected", "g"],
        "compare": ["compare", *db, "--y-pred", "p", "--y-pred", "q", "--protected", "g"],
        "thresholds": ["thresholds", *db, "--y-score", "s", "--protected", "g"],
        "monitor": ["monitor", *db, "--y-pred", "p", "--protected", "g", "--time", "t"]
        + ["--window", "1d", "--store", str(tmp_path / "m.sqlite")],
        "serve": ["serve", "--db-env", "ETHICLENS_TEST_UNSET", "--data-dir", str(tmp_path / "d")],
    }
    lines = set()
    for name, argv in runs.items():
        assert main(argv) == 2, name
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1, (name, err)
        lines.add(err[0])
    assert lines == {
        "error: option '--db-env': environment variable ETHICLENS_TEST_UNSET is not set. Fix: "
        "export ETHICLENS_TEST_UNSET='postgresql+psycopg://user:***@host/db' first"
    }
    assert list(tmp_path.iterdir()) == []  # nothing written


# flag, spec key, a bad value as the flag takes it and as a config file/Python give it
FACES = [
    ("--n-boot", "policy.n_boot", "99", 99),
    ("--n-boot", "policy.n_boot", "2000000", 2_000_000),
    ("--seed", "policy.seed", "-1", -1),
    ("--di-threshold", "policy.di_threshold", "1.5", 1.5),
    ("--di-threshold", "policy.di_threshold", "nan", float("nan")),
    ("--di-threshold", "policy.di_threshold", "0.009", 0.009),
    ("--eo-threshold", "policy.eo_threshold", "0", 0.0),
    ("--min-group-size", "policy.min_group_size", "0", 0),
]


@pytest.mark.parametrize(("flag", "key", "text", "value"), FACES)
def test_a_flag_a_config_key_and_a_keyword_say_the_same(
    data, tmp_path, capsys, flag, key, text, value
):
    """The problem and fix after the name are the same words on every face (the vocabulary's
    checker behind the spec field), whatever names the setting."""
    import json

    import ethiclens
    from ethiclens.errors import EthicLensInputError

    base = ["audit", str(data), "--y-pred", "p", "--protected", "g"]
    assert main([*base, flag, text]) == 2
    by_flag = capsys.readouterr().err.strip()
    section, name = key.split(".")
    cfg = tmp_path / "c.json"
    cfg.write_text(json.dumps({section: {name: value}}))
    assert main([*base, "--config", str(cfg)]) == 2
    by_file = capsys.readouterr().err.strip()
    with pytest.raises(EthicLensInputError) as raised:
        ethiclens.audit(str(data), y_pred="p", protected=["g"], **{name: value})
    rest = by_flag.split("': ", 1)[1].replace("'", "")
    assert by_flag.startswith(f"error: option '{flag}'")
    assert by_file.startswith(f"error: key '{key}'")
    # A Python keyword is named as the caller wrote it, an argument (not a config key).
    assert str(raised.value).startswith(f"argument '{name}': ")
    assert rest.split(" (value")[0] in by_file and rest.split(" (value")[0] in str(raised.value)
    assert by_flag.split("Fix: ")[1] == by_file.split("Fix: ")[1]


def test_a_value_from_the_config_file_is_named_by_its_key(data, tmp_path, capsys):
    """A library check names the flag; when the value came from --config, the message names
    the file's key instead (the user never typed that flag)."""
    cfg = tmp_path / "c.yaml"
    cfg.write_text("groups:\n  bins:\n    g: [0, 5, 5, 9]\n")
    base = ["audit", str(data), "--y-pred", "p", "--protected", "g", "--config", str(cfg)]
    assert main(base) == 2
    assert capsys.readouterr().err.startswith("error: key 'groups.bins': bin edges")
    # the file is checked on its own first: a good flag never mends its bad edges
    assert main([*base, "--bins", "g=0,5,9"]) == 2
    assert capsys.readouterr().err.startswith("error: key 'groups.bins': bin edges")
    assert main([*base[:-2], "--bins", "g=0,5,5,9"]) == 2
    assert capsys.readouterr().err.startswith("error: option '--bins': bin edges")
