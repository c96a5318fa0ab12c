"""Round 29b review: ``pcer audit`` turns the library's continuous-groups refusal into CLI words
by the refusal's typed fields (column ``groups``, fix :data:`ethiclens.privacy.CONTINUOUS_FIX`),
not by matching its problem's wording: a reworded problem keeps the CLI fix, and a groups
refusal that is not the continuous one keeps its own fix."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens.privacy as privacy
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import CONTINUOUS_FIX, SplitPredictions, pcer_audit


def _run(tmp_path, capsys, monkeypatch, refusal):
    def refuse(*_args, **_kwargs):
        raise refusal

    monkeypatch.setattr(privacy, "pcer_audit", refuse)  # the CLI imports it in the run
    frame = pd.DataFrame({"g": ["a", "b"] * 10, "y": [0, 1] * 10, "p": [0, 1] * 10})
    paths = []
    for name in ("tr", "te"):
        frame.to_csv(tmp_path / f"{name}.csv", index=False)
        paths.append(str(tmp_path / f"{name}.csv"))
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--y-true", "y"]
    code = main([*args, "--y-pred", "p", "--protected", "g", "--n-boot", "100"])
    return code, capsys.readouterr().err


def test_the_library_refuses_a_continuous_column_with_the_exported_fix():
    labels = [str(v) for v in range(18, 78)]
    split = SplitPredictions(np.zeros(60, int), np.zeros(60, int), labels)
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(split, split, n_boot=100)
    assert (err.value.column, err.value.fix) == ("groups", CONTINUOUS_FIX)


def test_a_reworded_continuous_refusal_gets_the_cli_fix(tmp_path, capsys, monkeypatch):
    refusal = EthicLensInputError(
        "has 60 distinct numbers", column="groups", kind="argument", fix=CONTINUOUS_FIX
    )
    code, err = _run(tmp_path, capsys, monkeypatch, refusal)
    assert code == 2, err
    assert "option '--protected': has 60 distinct numbers" in err, err
    assert "write a column of ranges into both files" in err and "pd.cut" not in err, err


def test_another_groups_refusal_keeps_its_own_fix(tmp_path, capsys, monkeypatch):
    refusal = EthicLensInputError(
        "looks continuous: but not the library's refusal",
        column="groups",
        kind="argument",
        fix="do what this refusal says",
    )
    code, err = _run(tmp_path, capsys, monkeypatch, refusal)
    assert code == 2, err
    assert "Fix: do what this refusal says" in err, err
    assert "write a column of ranges" not in err, err
