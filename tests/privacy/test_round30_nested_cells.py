"""Round 30: a label, prediction or id cell holding a list, an array or a mapping (a Parquet
list column, a Series of lists) raised a TypeError traceback from ``pcer audit`` and
``SplitPredictions`` (ids were taken silently); each is refused naming the column, the first
row and the fix."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions

N = 40


@pytest.mark.parametrize(
    ("field", "cells"),
    [
        ("y_true", [[0], [1]]),
        ("y_pred", [{0: 1}, {1: 0}]),
        ("y_true", [np.array([0]), np.array([1])]),
        ("ids", [[1], [2]]),
    ],
)
def test_python_refuses_a_cell_that_is_not_one_value(field, cells):
    fields = {"y_true": [0, 1], "y_pred": [1, 0], "groups": ["a", "b"], "ids": None}
    fields[field] = pd.Series(cells, dtype=object)
    with pytest.raises(EthicLensInputError) as err:
        SplitPredictions(**fields, name="train")
    assert err.value.column == field, err.value
    kind = type(cells[0]).__name__.replace("ndarray", "list")  # in the audit's words (round 37)
    assert (
        err.value.problem == f"train split: values must be single labels, found a {kind} at row 0"
    )
    assert err.value.fix == "give one label per row (flatten or recode the column)"


@pytest.mark.parametrize("column", ["y", "p", "id"])
def test_pcer_audit_refuses_a_parquet_list_column(tmp_path, capsys, column):
    paths = []
    for seed in (1, 2):
        rng = np.random.default_rng(seed)
        frame = pd.DataFrame(
            {
                "y": rng.integers(0, 2, N),
                "p": rng.integers(0, 2, N),
                "g": ["a", "b"] * (N // 2),
                "id": np.arange(N) + 100 * seed,
            }
        )
        if seed == 1:
            frame[column] = frame[column].map(lambda v: [v])
        frame.to_parquet(path := tmp_path / f"s{seed}.parquet", index=False)
        paths.append(str(path))
    args = ["pcer", "audit", "--train", paths[0], "--test", paths[1], "--id", "id"]
    code = main([*args, "--y-true", "y", "--y-pred", "p", "--protected", "g"])
    err = capsys.readouterr().err
    assert code == 2, err
    said = "values must be single labels, found a list at row 0 of "  # the audit's words
    assert f"column '{column}'" in err and said in err, err
    assert "Traceback" not in err and "s1.parquet" in err, err
