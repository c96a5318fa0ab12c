"""Round 28: a passed baseline gate of many notes names where all of them are: the --json file
written in the same run (or stdout for --json -), and only without --json asks for one (the
library's words, GateOutcome.baseline_line; it pointed to a run.gate.notes no file held)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.cli import main

GROUPS = list("abcdefgh")


def _write(path, unfair: bool, seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = 8000
    frame = pd.DataFrame({"y": rng.integers(0, 2, n), "g": rng.choice(GROUPS, n)})
    rate = np.where((frame["g"] != "a") & unfair, 0.2, 0.6)  # b..h selected less, or alike
    frame["p"] = (rng.random(n) < rate).astype(int)
    frame.to_csv(path, index=False)


def _passed_line(tmp_path, capsys, *json) -> str:
    _write(tmp_path / "old.csv", True, 0)
    _write(tmp_path / "new.csv", False, 1)
    base = ["--y-true", "y", "--y-pred", "p", "--protected", "g=a", "--n-boot", "200"]
    assert (
        main(["audit", str(tmp_path / "old.csv"), *base, "--json", str(tmp_path / "b.json")]) == 0
    )
    capsys.readouterr()
    args = ["audit", str(tmp_path / "new.csv"), *base, "--baseline", str(tmp_path / "b.json")]
    assert main([*args, "--fail-on", "flagged", *json]) == 0
    lines = [x for x in capsys.readouterr().err.splitlines() if x.startswith("gate passed")]
    assert len(lines) == 1
    return lines[0]


def test_with_json_the_line_names_the_file_written(tmp_path, capsys):
    out = tmp_path / "run.json"
    line = _passed_line(tmp_path, capsys, "--json", str(out))
    assert f"in run.gate.notes of {out}" in line and "pass --json" not in line
    assert out.exists()


def test_without_json_the_line_asks_for_it(tmp_path, capsys):
    line = _passed_line(tmp_path, capsys)
    assert "more: pass --json FILE to see all" in line
