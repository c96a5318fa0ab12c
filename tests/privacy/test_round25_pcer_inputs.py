"""Round 25 (PCER inputs): ``pcer audit`` refuses one column given in two roles (``--y-pred``
the label column made every accuracy 1 and reported a ΔPCER; ``p2nia release`` already refused
it), a refusal of differing groups stays one readable line for an id column read as groups,
and ``pcer_audit``/``membership_inference`` refuse a split that is not a SplitPredictions
naming the argument (was an AttributeError)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import (
    SplitPredictions,
    check_split_columns,
    membership_inference,
    pcer_audit,
    read_split,
)


def _frame(n, seed, offset=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return pd.DataFrame(
        {
            "id": np.arange(offset, offset + n),
            "race": rng.choice(["A", "B"], n),
            "y": y,
            "pred": np.where(rng.random(n) < 0.85, y, 1 - y),
            "loss": rng.exponential(0.5, n),
        }
    )


@pytest.fixture
def files(tmp_path):
    _frame(300, 0).to_csv(tmp_path / "tr.csv", index=False)
    _frame(200, 1, offset=10_000).to_csv(tmp_path / "te.csv", index=False)
    return [
        "pcer",
        "audit",
        "--train",
        str(tmp_path / "tr.csv"),
        "--test",
        str(tmp_path / "te.csv"),
    ]


@pytest.mark.parametrize(
    ("roles", "flag"),
    [
        (["--y-true", "y", "--y-pred", "y", "--protected", "race"], "--y-pred"),
        (["--y-true", "y", "--y-pred", "pred", "--protected", "y"], "--protected"),
        (["--y-true", "y", "--y-pred", "pred", "--protected", "race", "--loss", "pred"], "--loss"),
    ],
)
def test_the_cli_refuses_one_column_in_two_roles(files, capsys, roles, flag):
    assert main([*files, *roles, "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert f"option '{flag}'" in err and "columns must differ" in err, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_read_split_refuses_one_column_in_two_roles_naming_the_argument(tmp_path):
    _frame(50, 0).to_csv(tmp_path / "tr.csv", index=False)
    with pytest.raises(EthicLensInputError, match="argument 'y_pred'.*columns must differ"):
        read_split(tmp_path / "tr.csv", name="train", y_true="y", y_pred="y", protected="race")
    with pytest.raises(EthicLensInputError, match="argument 'protected'"):
        check_split_columns(y_true="y", y_pred="pred", protected="pred", loss=None)
    check_split_columns(y_true="y", y_pred="pred", protected="race", loss=None)  # no error


def test_differing_groups_are_shown_in_part(files, capsys):
    args = [*files, "--y-true", "y", "--y-pred", "pred", "--protected", "id"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "option '--protected'" in err and "different groups" in err
    assert "and 290 more" in err and "and 190 more" in err, err
    assert len(err) < 1000, len(err)


def _split(seed):
    rng = np.random.default_rng(seed)
    n = 100
    return SplitPredictions(
        rng.integers(0, 2, n), rng.integers(0, 2, n), rng.choice(["A", "B"], n), rng.random(n)
    )


@pytest.mark.parametrize("bad", [None, (1, 2), pd.DataFrame({"y": [0, 1]})])
@pytest.mark.parametrize("face", [pcer_audit, membership_inference])
def test_a_split_of_another_type_is_refused_naming_the_argument(bad, face):
    with pytest.raises(EthicLensInputError, match="argument 'train': must be a SplitPredictions"):
        face(bad, _split(1))
    with pytest.raises(EthicLensInputError, match="argument 'test': must be a SplitPredictions"):
        face(_split(0), bad)
