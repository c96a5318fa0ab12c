"""Round 30: a PCER audit's interval draws grow with the groups and their pairs (200 groups:
19,900 pairs, seconds at 1,000 draws, 97 s and 850 MB at 10,000); ``--n-boot 1000000`` (the
draws' own cap) of 200 groups ran for hours and ran out of memory. Draws times groups and
pairs past a budget are refused before any is drawn, naming n_boot (--n-boot), the most this
attribute allows, and the fix; two groups keep every allowed count."""

from __future__ import annotations

import time

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit

GROUPS = 200


def _split(seed: int, n_groups: int = GROUPS) -> SplitPredictions:
    rng = np.random.default_rng(seed)
    n = 2 * n_groups
    groups = np.array([f"g{i:03d}" for i in range(n_groups)])[np.arange(n) % n_groups]
    return SplitPredictions(rng.integers(0, 2, n), rng.integers(0, 2, n), groups)


def test_too_many_draws_of_many_groups_are_refused_before_drawing():
    start = time.perf_counter()
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(_split(1), _split(2), n_boot=1_000_000)
    assert time.perf_counter() - start < 10
    assert err.value.column == "n_boot" and err.value.kind == "argument", err.value
    assert "200 groups" in err.value.problem and "19,900 pairs" in err.value.problem
    assert "at most 2,487 draws" in err.value.problem and "at most 2,487" in err.value.fix


def test_the_command_line_names_the_flag(tmp_path, capsys):
    paths = []
    for seed in (1, 2):
        s = _split(seed)
        frame = pd.DataFrame({"y": s.y_true, "p": s.y_pred, "g": s.groups})
        frame.to_csv(path := tmp_path / f"s{seed}.csv", index=False)
        paths.append(str(path))
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--y-true", "y"]
    code = main([*args, "--y-pred", "p", "--protected", "g", "--n-boot", "1000000"])
    err = capsys.readouterr().err
    assert code == 2 and "option '--n-boot'" in err and "Traceback" not in err, err


def test_two_groups_keep_the_most_draws_and_200_groups_the_default():
    from ethiclens.privacy._pcer import _check_draw_budget

    _check_draw_budget(1_000_000, 2)
    _check_draw_budget(2000, GROUPS)  # "2000 for publication", as the draws' fix says
