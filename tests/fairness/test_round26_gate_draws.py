"""Round 26: a baseline run with other interval draws (another seed or number of draws) can move
a verdict beside a threshold on the very same data (PASS -> INCONCLUSIVE): the gate's outcome
says so in a note, and how to tell; the same seed and draws (an identical run) pass, with no
such note."""

from __future__ import annotations

import numpy as np
import pandas as pd

import ethiclens


def _file(tmp_path):
    rng = np.random.default_rng(1)
    n = 4000
    g = rng.choice(["a", "b"], n)
    y = rng.integers(0, 2, n)
    p = (rng.random(n) < np.where(g == "b", 0.5 * 0.89, 0.5)).astype(int)
    path = tmp_path / "flip.csv"
    pd.DataFrame({"g": g, "y": y, "p": p}).to_csv(path, index=False)
    return str(path)


def _run(path, seed, n_boot=100):
    return ethiclens.audit(
        path, y_true="y", y_pred="p", protected="g", n_boot=n_boot, random_state=seed
    )


def test_other_draws_are_noted_and_identical_runs_pass_without_the_note(tmp_path):
    path = _file(tmp_path)
    base = _run(path, 0)
    same = _run(path, 0).gate("flagged", baseline=base)
    assert same.passed and same.notes == ()
    moved = _run(path, 5).gate("flagged", baseline=base)  # PASS -> INCONCLUSIVE on these draws
    assert [c.status for c in base.comparisons] == ["PASS"]
    assert not moved.passed and "verdict PASS -> INCONCLUSIVE" in moved.message()
    (note,) = [n for n in moved.notes if n.startswith("other interval draws")]
    assert "(seed 0 -> 5)" in note and "rerun with the baseline's seed 0 and 100 draws" in note
    more = _run(path, 0, 200).gate("flagged", baseline=base)
    assert any("(draws 100 -> 200)" in n for n in more.notes)
