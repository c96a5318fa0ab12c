"""Round 19: the GRR note on the debiased table's mass below 0 never calls a mass larger
than the released rows a share of them ("holding 1690.0% of the rows")."""

from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd

from ethiclens.cli import main
from ethiclens.p2nia._estimate import _noise_notes


def _percentages(note: str) -> list[float]:
    return [float(x) for x in re.findall(r"(\d+(?:\.\d+)?)%", note)]


def test_a_mass_above_the_rows_is_said_as_a_multiple_never_a_share():
    (note,) = _noise_notes(16.9)
    assert "a mass of 16.9 times the released rows (more than 1% of them)" in note, note
    assert all(p <= 100 for p in _percentages(note)), note
    assert "holding" not in note


def test_a_small_mass_is_a_percentage_and_the_1_percent_trigger_stays():
    (note,) = _noise_notes(0.05)
    assert "a mass of 5.0% of the released rows (more than 1% of them)" in note, note
    assert _noise_notes(0.01) == [] and _noise_notes(0.005) == [] and _noise_notes(None) == []
    assert len(_noise_notes(0.0101)) == 1


def test_the_cli_note_at_a_small_epsilon_is_no_share_above_100_percent(tmp_path, capsys):
    r = np.random.default_rng(1)
    n = 200
    data = tmp_path / "d.csv"
    pd.DataFrame(
        {"sex": r.choice(["M", "F"], n), "y": r.integers(0, 2, n), "p": r.integers(0, 2, n)}
    ).to_csv(data, index=False)
    req, rel, out = tmp_path / "r.json", tmp_path / "rel4", tmp_path / "e4.json"
    args = ["p2nia", "request", "--n", "100", "--protected", "sex", "--groups", "M,F"]
    assert main([*args, "--epsilon", "0.5", "--out", str(req)]) == 0
    args = ["p2nia", "release", "--request", str(req), "--data", str(data)]
    assert main([*args, "--y-true", "y", "--y-pred", "p", "--seed", "4", "--out", str(rel)]) == 0
    assert main(["p2nia", "estimate", str(rel), "--n-boot", "100", "--json", str(out)]) == 0
    capsys.readouterr()
    (note,) = json.loads(out.read_text())["notes"]
    assert "noise dominates" in note, note
    assert "times the released rows (more than 1% of them)" in note, note
    assert all(p <= 100 for p in _percentages(note)), note
