"""Round 47 holdout: UCI adult.data and adult.test joined (a user's one file) write the label
'>50K' and '>50K.'; with pos_label '>50K' the dotted rows were counted as negative, silently
in Python (the command line only warned 'the other values were all counted as negative'),
a wrong DI and EO. A label written as pos_label with a trailing '.' is now refused as one
written with spaces around it is ("does not occur as written"), on every engine and face
(the one check, positive_mask: rows, DuckDB's counted cells, the monitor)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

WORDS = "pos_label '>50K' does not occur as written: the column writes it '>50K.'"


def _frame(n=300):
    r = np.random.default_rng(0)
    y = np.where(r.random(n) < 0.5, ">50K", "<=50K").astype(object)
    y[: n // 2] = np.char.add(y[: n // 2].astype(str), ".")  # the test file's half
    p = np.where(r.random(n) < 0.5, ">50K", "<=50K")
    return pd.DataFrame({"income": y, "pred": p, "sex": np.where(r.random(n) < 0.5, "F", "M")})


def test_python_refuses_the_dotted_label():
    d = _frame()
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(d.income, d.pred, d[["sex"]], pos_label=">50K", n_boot=100)
    assert WORDS in str(exc.value) and ".str.rstrip('.')" in exc.value.fix, exc.value


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_every_engine_refuses_it_alike(tmp_path, capsys, engine):
    _frame().to_csv(tmp_path / "both.csv", index=False)
    args = ["audit", str(tmp_path / "both.csv"), "--engine", engine, "--y-true", "income"]
    assert main([*args, "--y-pred", "pred", "--protected", "sex", "--pos-label", ">50K"]) == 2
    err = capsys.readouterr().err
    assert "column 'income (y_true)': " + WORDS in err, err


def test_a_dot_elsewhere_and_the_dotted_label_given_still_run():
    d = _frame()
    d["income"] = d.income.str.rstrip(".")
    d["pred"] = d.pred.replace({"<=50K": "no."})  # only the positive label's look-alike
    r = ethiclens.audit(d.income, d.pred, d[["sex"]], pos_label=">50K", n_boot=100)
    assert r.comparisons
