"""Round 37 (P): the spreads' intervals take each of m signed differences at the Bonferroni
level 1 − 0.05/m from the same draws (the EO-Gap: m = 2 x pairs), which needs 20·m draws, one
outside each interval (``check_level_draws``). Before, 8 groups' default audit drew 1,000 (their
level needs 1,120) and 3 groups at n_boot=100 (they need 120): the ends were the extreme draws
(measured per difference: 2.9x the nominal miss at 1,000 draws of 56). Now n_boot not given
takes as many as the level needs, one given too few is refused in the shared words, and 48 or
more groups, whose level no draws the audit keeps reach, are refused: merge groups."""

from __future__ import annotations

import numpy as np
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit


def _splits(k: int, per: int = 40):
    rng = np.random.default_rng(k)

    def split(n):
        y = rng.integers(0, 2, n)
        groups = [f"g{i % k:02d}" for i in range(n)]
        return SplitPredictions(y, np.where(rng.random(n) < 0.85, y, 1 - y), groups)

    return split(k * per), split(k * per)


def test_eight_groups_by_default_take_the_draws_their_level_needs():
    result = pcer_audit(*_splits(8))
    assert result.n_boot == 1120 and result.to_dict()["n_boot"] == 1120
    method = result.estimates["eo_gap"].ci_method
    assert "1 − 0.05/56" in method and "from 1,120 draws, not 1,000: n_boot not given" in method


def test_few_groups_by_default_keep_the_default():
    result = pcer_audit(*_splits(3))
    assert result.n_boot == 1000
    assert "draws, not 1,000" not in result.estimates["eo_gap"].ci_method


def test_too_few_draws_given_are_refused_naming_the_level_and_the_fix():
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(*_splits(3), n_boot=100)
    exc = err.value
    assert (exc.column, exc.kind, exc.value) == ("n_boot", "argument", 100)
    assert "the EO-Gap's 6 signed differences" in exc.problem
    assert "1 − 0.05/6" in exc.problem and "needs at least 120 draws" in exc.problem
    assert exc.fix == "use at least 120 interval draws, or merge groups"
    assert pcer_audit(*_splits(3), n_boot=120).n_boot == 120  # just enough: kept as given


def test_groups_no_kept_draws_reach_are_refused_either_way():
    for given in ({}, {"n_boot": 1000}):
        with pytest.raises(EthicLensInputError) as err:
            pcer_audit(*_splits(48, 4), **given)
        exc = err.value
        assert "(48 groups' TPR and FPR gaps)" in exc.problem, exc
        assert "at most 42,517 draws fit 48 groups" in exc.problem
        assert exc.fix == "use at most 47 groups (merge groups): their level needs fewer draws"


def test_the_command_line_draws_as_python_does(tmp_path, capsys):
    import json

    import pandas as pd

    paths = []
    for name, split in zip(("tr", "te"), _splits(8), strict=True):
        frame = pd.DataFrame({"y": split.y_true, "p": split.y_pred, "g": split.groups})
        frame.to_csv(path := tmp_path / f"{name}.csv", index=False)
        paths.append(str(path))
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--y-true", "y"]
    args += ["--y-pred", "p", "--protected", "g"]
    assert main([*args, "--json", str(tmp_path / "out.json")]) == 0
    assert json.loads((tmp_path / "out.json").read_text())["n_boot"] == 1120
    capsys.readouterr()
    assert main([*args, "--n-boot", "1000"]) == 2
    err = capsys.readouterr().err
    assert "option '--n-boot'" in err and "at least 1,120 interval draws, or merge groups" in err
