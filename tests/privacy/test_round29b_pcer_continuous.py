"""Round 29b (PCER): a continuous group column refused on the command line is told the fix in
flags (``pcer audit`` has no --bins: write a column of ranges into both files), never the
Python face's ``pd.cut``, which Python callers keep; and PCER reads a group column as numbers
exactly when the audit does (``sources.type_groups``): 51 distinct integers past 2**53 were
read as floats, merged into fewer values and audited as 26 groups, where the audit refuses the
same column as continuous; a column mixing ``18`` and ``18.5`` is names in both."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens import audit
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit, read_splits


def _frame(groups, seed):
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.asarray(groups, dtype=object), 2)
    y = rng.integers(0, 2, len(groups))
    return pd.DataFrame({"g": groups, "y": y, "p": np.where(rng.random(len(y)) < 0.8, y, 1 - y)})


def _files(tmp_path, groups):
    paths = []
    for name, seed in (("tr", 0), ("te", 1)):
        _frame(groups, seed).to_csv(tmp_path / f"{name}.csv", index=False)
        paths.append(str(tmp_path / f"{name}.csv"))
    return paths


def _cli(tmp_path, capsys, groups):
    tr, te = _files(tmp_path, groups)
    args = ["pcer", "audit", "--train", tr, "--test", te, "--y-true", "y", "--y-pred", "p"]
    code = main([*args, "--protected", "g", "--n-boot", "100"])
    return code, capsys.readouterr().err


AGES = np.arange(18, 78)  # 60 ages: continuous
BIG = [2**53 + i for i in range(51)]  # 51 integers float64 cannot all tell apart


@pytest.mark.parametrize("groups", [AGES, AGES + 0.5, BIG])
def test_the_cli_refuses_a_continuous_column_with_a_fix_in_flags(tmp_path, capsys, groups):
    code, err = _cli(tmp_path, capsys, groups)
    assert code == 2, err
    assert "option '--protected': looks continuous:" in err, err
    assert "write a column of ranges into both files" in err and "as --protected" in err
    assert "pd.cut" not in err and "df[" not in err and "Traceback" not in err


@pytest.mark.parametrize("groups", [AGES, AGES + 0.5, BIG])
def test_python_and_the_audit_refuse_the_same_column(tmp_path, groups):
    tr, te = _files(tmp_path, groups)
    splits = read_splits(tr, te, y_true="y", y_pred="p", protected="g")
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(*splits, n_boot=100)
    assert err.value.column == "groups" and "pd.cut(" in err.value.fix
    frame = pd.read_csv(tr)
    with pytest.raises(EthicLensInputError) as by_audit:
        audit(frame["y"], frame["p"], sensitive_features=frame[["g"]])
    assert by_audit.value.problem == err.value.problem
    labels = [str(v) for v in groups]
    split = SplitPredictions(np.zeros(len(labels), int), np.zeros(len(labels), int), labels)
    with pytest.raises(EthicLensInputError, match="looks continuous"):
        pcer_audit(split, split)


MIXED = [*map(str, range(18, 48)), *(f"{v}.5" for v in range(18, 48))]  # 18, 18.5, ...
HUGE = [str(10**20 + i) for i in range(60)]  # integers past int64: text to the audit


@pytest.mark.parametrize("groups", [MIXED, HUGE])
def test_columns_the_audit_reads_as_names_are_names(tmp_path, capsys, groups):
    code, err = _cli(tmp_path, capsys, groups)
    assert code == 0, err
    assert "continuous" not in err  # 60 names, audited (their spreads without intervals)
    _frame(groups, 0).to_csv(tmp_path / "rows.csv", index=False)
    args = ["audit", str(tmp_path / "rows.csv"), "--y-true", "y", "--y-pred", "p"]
    assert main([*args, "--protected", "g", "--engine", "pandas"]) == 0, capsys.readouterr().err
