"""Round 29b review: PCER reads a group column as numbers where the audit does, so a column of
floats writing 0 both as '0.0' and '-0.0' (one group to the audit, which adds 0.0 to a float
column) is refused in PCER, not audited as two groups; text columns keep both names."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit, read_splits


def _files(tmp_path, labels):
    rng = np.random.default_rng(0)
    paths = []
    for name in ("tr", "te"):
        g = np.array(labels * 40, dtype=object)
        y = rng.integers(0, 2, len(g))
        p = np.where(rng.random(len(y)) < 0.8, y, 1 - y)
        pd.DataFrame({"g": g, "y": y, "p": p}).to_csv(tmp_path / f"{name}.csv", index=False)
        paths.append(str(tmp_path / f"{name}.csv"))
    return paths


def test_the_audit_reads_the_two_spellings_as_one_group(tmp_path, capsys):
    tr, _ = _files(tmp_path, ["0.0", "-0.0", "1.0"])
    out = tmp_path / "audit.json"
    args = ["audit", tr, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--json", str(out)]) == 0, capsys.readouterr().err
    said = out.read_text()
    assert '"0.0"' in said and '"-0.0"' not in said


def test_pcer_refuses_them_in_python_and_on_the_command_line(tmp_path, capsys):
    tr, te = _files(tmp_path, ["0.0", "-0.0", "1.0"])
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(*read_splits(tr, te, y_true="y", y_pred="p", protected="g"), n_boot=100)
    assert err.value.column == "groups" and "'-0.0'" in err.value.problem
    args = ["pcer", "audit", "--train", tr, "--test", te, "--y-true", "y", "--y-pred", "p"]
    assert main([*args, "--protected", "g", "--n-boot", "100"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "option '--protected'" in said and "Fix: write -0.0" in said


@pytest.mark.parametrize("labels", [["0.0", "-0.0", "a"], ["0", "-0", "1"], ["0.0", "1.0"]])
def test_columns_the_audit_reads_as_text_or_without_both_keep_working(labels):
    rng = np.random.default_rng(1)
    g = np.array(labels * 40, dtype=object)
    splits = []
    for _ in range(2):
        y = rng.integers(0, 2, len(g))
        splits.append(SplitPredictions(y, np.where(rng.random(len(y)) < 0.8, y, 1 - y), g))
    result = pcer_audit(*splits, n_boot=120)  # 3 groups: 120 for 1 − 0.05/6
    assert sorted(result.group_order) == sorted(labels)
