"""Round 31: ``read_splits`` given one file as both splits answered a Python caller in the
command line's words ("option '--test': is the --train file ... give the model's held-out rows
as --test"); it names its own arguments (``test_path``, ``train_path``), and ``pcer audit``
keeps its flags' words, unchanged."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import read_splits

COLUMNS = {"y_true": "y", "y_pred": "p", "protected": "g"}


@pytest.fixture
def base(tmp_path):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 60)
    frame = pd.DataFrame({"y": y, "p": y, "g": np.repeat(["a", "b"], 30)})
    frame.to_csv(tmp_path / "base.csv", index=False)
    return tmp_path / "base.csv"


def test_read_splits_names_its_arguments(base):
    with pytest.raises(EthicLensInputError) as info:
        read_splits(str(base), str(base.parent / "." / base.name), **COLUMNS)
    text = str(info.value)
    assert text.startswith(f"argument 'test_path': is the train_path file {base} again: ")
    assert text.endswith(
        "Fix: give the model's held-out rows as test_path and its training rows as train_path"
    )
    assert "--" not in text


def test_pcer_audit_keeps_its_flags(base, capsys):
    args = ["pcer", "audit", "--train", str(base), "--test", str(base)]
    assert main([*args, "--y-true", "y", "--y-pred", "p", "--protected", "g"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '--test': is the --train file {base} again: ")
    assert err.rstrip().endswith(
        "Fix: give the model's held-out rows as --test and its training rows as --train"
    )
