"""Round 30 (CLI): ``--config ''`` (or blank) was silently ignored by ``audit``, ``compare``,
``thresholds`` and ``monitor`` (the run went on from the flags alone, as if no file had been
given); it is refused as ``--json ''`` is: must not be empty, exit 2, nothing written."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    rng = np.random.default_rng(30)
    n = 300
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
            "t": pd.date_range("2024-01-01", periods=n, freq="h").astype(str),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


COMMANDS = {
    "audit": ["audit", "d.csv", *ROLES, "--json", "out.json"],
    "compare": ["compare", "d.csv", *ROLES, "--y-pred", "q", "--json", "out.json"],
    "thresholds": ["thresholds", "d.csv", "--y-true", "y", "--y-score", "p", "--protected", "g"],
    "monitor": ["monitor", "d.csv", *ROLES, "--time", "t", "--window", "day", "--store", "s.db"],
}


@pytest.mark.parametrize("blank", ["", " "])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_blank_config_is_refused_not_ignored(command, blank, folder, capsys):
    before = sorted(p.name for p in folder.iterdir())
    assert main([*COMMANDS[command], "--config", blank]) == 2
    err = capsys.readouterr().err
    assert "option '--config': must not be empty" in err and "Fix: " in err, err
    assert "Traceback" not in err
    assert sorted(p.name for p in folder.iterdir()) == before
