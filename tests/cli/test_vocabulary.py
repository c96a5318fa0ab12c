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
