"""Round 31: a group name holding a line break (a Parquet or JSON group 'a\\nb') broke the PCER
terminal view across lines (its table row, the headline, the sentence in words: 'Outcome: a' and
a line 'b receives ...'), where the audit's view shows it as 'a\\nb'; every user text in the
PCER summary is now one line, its line break visible, as the audit writes it (``one_line``),
and so is the result's repr."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.privacy import SplitPredictions, pcer_audit

GROUPS = ("a\nb", "c")


def _frame(rng, n, acc):
    y = rng.integers(0, 2, n)
    p = np.where(rng.random(n) < acc, y, 1 - y)
    return pd.DataFrame({"y": y, "p": p, "g": rng.choice(GROUPS, n), "loss": rng.random(n)})


def test_pcer_audit_shows_a_line_break_in_a_group_name(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    rng = np.random.default_rng(0)
    for name, acc in (("train", 0.9), ("test", 0.8)):
        _frame(rng, 300, acc).to_parquet(tmp_path / f"{name}.parquet")
    args = ["pcer", "audit", "--train", str(tmp_path / "train.parquet")]
    args += ["--test", str(tmp_path / "test.parquet"), "--y-true", "y", "--y-pred", "p"]
    assert main([*args, "--protected", "g", "--loss", "loss", "--n-boot", "200"]) == 0
    out = capsys.readouterr().out
    assert "a\\nb" in out
    assert "a\nb" not in out
    assert not any(line.startswith("b ") for line in out.splitlines())


def test_the_result_repr_is_one_line():
    rng = np.random.default_rng(1)
    tr, te = _frame(rng, 200, 0.9), _frame(rng, 200, 0.8)
    splits = [SplitPredictions(f["y"], f["p"], f["g"]) for f in (tr, te)]
    result = pcer_audit(*splits, n_boot=200)
    assert "\n" not in repr(result)
    assert "a\\nb" in repr(result)
