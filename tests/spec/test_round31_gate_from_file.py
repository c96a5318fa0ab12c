"""Round 31: a gate level that came from the config file (no --fail-on typed) is named as the
file's key in the failed gate's line, as the override note names it; --fail-on typed keeps the
flag's words (tests/spec/test_round13_gate.py)."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture(scope="module")
def config(tmp_path_factory):
    where = tmp_path_factory.mktemp("gate31")
    rng = np.random.default_rng(3)
    n = 600
    g = np.where(np.arange(n) < 300, "a", "b")
    p = np.where(g == "a", rng.random(n) < 0.7, rng.random(n) < 0.2).astype(int)
    frame = pd.DataFrame({"y": rng.integers(0, 2, n), "p": p, "q": 1 - p, "g": g})
    frame.to_csv(where / "d.csv", index=False)
    path = where / "g.yaml"
    path.write_text(
        f"target: {{file: {json.dumps(str(where / 'd.csv'))}, engine: pandas}}\n"
        "roles: {y_true: y, y_pred: [p, q], protected: [g]}\npolicy: {n_boot: 100}\n"
        "gate: {fail_on: flagged}\n"
    )
    return path


@pytest.mark.parametrize("command", ["audit", "compare"])
def test_the_file_gate_is_named_as_its_key(config, capsys, command):
    more = ["--y-pred", "p"] if command == "audit" else []
    code = main([command, "--config", str(config), *more])
    err = capsys.readouterr().err
    assert code == 1, err
    line = err.strip().splitlines()[-1]
    assert line.startswith(f"error: exit 1 because of gate.fail_on = flagged from {config}: "), line
    assert "--fail-on" not in line


def test_a_typed_flag_keeps_the_flag_words(config, capsys):
    code = main(["audit", "--config", str(config), "--y-pred", "p", "--fail-on", "inconclusive"])
    err = capsys.readouterr().err
    assert code == 1 and "exit 1 because of --fail-on inconclusive: " in err, err
