"""Round 48 (holdout data, ACSIncome's OCCP: 481 occupation codes 10..9920): numbers taken as
groups past 50 values were refused with "bin it into a few groups first (--bins
OCCP=0,25,45,65,120 ...); if the numbers really are group codes, convert the column to
strings". On the command line neither worked: those edges leave codes outside (refused again),
and a CSV has no strings to convert to (a field of digits is a number, quoted or not). The fix
now gives edges that cover the column and, on the command line, a way to write codes in a file;
the Python face names the pandas call. Every file face (audit, compare, thresholds, counts,
monitor) says it alike, on every engine."""

from __future__ import annotations

import csv
import re

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _frame(n=600):
    r = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "occ": r.choice(np.arange(60) * 150 + 10, n),  # 60 codes 10 .. 8860
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
        }
    )


ARGS = ["--y-true", "label", "--y-pred", "pred", "--protected", "occ", "--n-boot", "100"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_cli_fix_for_numeric_group_codes_is_one_that_works(tmp_path, capsys, engine):
    pytest.importorskip("duckdb")
    d = _frame()
    path = tmp_path / "d.csv"
    d.to_csv(path, index=False, quoting=csv.QUOTE_NONNUMERIC)  # quoted digits: still numbers
    assert main(["audit", str(path), *ARGS, "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert "looks continuous: 60 distinct numeric values" in err, err
    assert "convert the column to strings" not in err  # no such thing in a CSV
    assert "write them in the file as text that is not a number" in err
    flag = re.search(r"--bins (occ=[0-9,]+)", err).group(1)
    # the edges it gives cover the codes: following the fix, the codes are binned, not refused
    count = ["counts", str(path), "--y-pred", "pred", "--protected", "occ", "--engine", engine]
    assert main([*count, "--bins", flag, "--out", str(tmp_path / "b.csv")]) == 0
    # and so do codes written as text (counted: the groups are read, not refused)
    d.assign(occ="code " + d.occ.astype(str)).to_csv(path, index=False)
    assert main([*count, "--out", str(tmp_path / "c.csv")]) == 0


def test_python_fix_names_pandas_and_edges_that_cover_the_codes():
    d = _frame()
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(d.label, d.pred, d[["occ"]], n_boot=100)
    text = str(err.value)
    assert "df['occ'] = df['occ'].astype(str)" in text, text
    edges = [float(e) for e in re.search(r"bins=\{'occ': \[([^\]]+)\]\}", text).group(1).split(",")]
    assert edges[0] <= d.occ.min() and edges[-1] >= d.occ.max()
    ethiclens.audit(d.label, d.pred, d[["occ"]], bins={"occ": edges}, n_boot=100)


def test_ages_keep_the_age_bands():
    ages = pd.Series(np.arange(600) % 80 + 18)
    with pytest.raises(EthicLensInputError, match=r"bins=\{'age': \[0, 25, 45, 65, 120\]\}"):
        ethiclens.audit(ages % 2, (ages // 2) % 2, {"age": ages}, n_boot=100)
