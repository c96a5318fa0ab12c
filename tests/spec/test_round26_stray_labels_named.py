"""Round 26: compare and thresholds refuse a stray label (a 0.5 or 1.5 among 0/1) naming its
file line, its count and its value, as audit does, alike on every engine; compare names the
prediction column as model A or model B."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ENGINES = ["pandas", "duckdb", "dask"]


@pytest.fixture
def files(tmp_path):
    rng = np.random.default_rng(3)
    n = 40
    base = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "g": ["a", "b"] * (n // 2),
            "s": np.round(rng.uniform(0.05, 0.95, n), 2),
        }
    )
    out = {}
    for name, col, value in (("y", "y", "0.5"), ("pa", "p", "1.5"), ("pb", "q", "1.5")):
        frame = base.astype({col: object})
        frame.loc[7, col] = value  # file line 9 (after the header)
        path = tmp_path / f"{name}.csv"
        frame.to_csv(path, index=False)
        out[name] = path
    return out


def _error(capsys, argv) -> str:
    assert main(argv) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    "name, column, values, value",
    [
        ("y", "y (y_true)", "0.0, 0.5, 1.0", "0.5"),
        ("pa", "p (y_pred, model A)", "0.0, 1.0, 1.5", "1.5"),
        ("pb", "q (y_pred, model B)", "0.0, 1.0, 1.5", "1.5"),
    ],
)
def test_compare_names_the_row_of_a_stray_label(files, capsys, engine, name, column, values, value):
    path = files[name]
    argv = ["compare", str(path), "--y-true", "y", "--y-pred", "p", "--y-pred", "q"]
    err = _error(capsys, [*argv, "--protected", "g", "--engine", engine])
    assert f"column '{column}': is not binary 0/1: found values {values}" in err
    assert f"1 row(s) hold {value}, first at {path.name} line 9 (value '{value}')" in err


@pytest.mark.parametrize("engine", ENGINES)
def test_thresholds_names_the_row_of_a_stray_label(files, capsys, engine):
    argv = ["thresholds", str(files["y"]), "--y-true", "y", "--y-score", "s", "--protected", "g"]
    err = _error(capsys, [*argv, "--engine", engine])
    assert "column 'y (y_true)': is not binary 0/1: found values 0.0, 0.5, 1.0" in err
    assert "1 row(s) hold 0.5, first at y.csv line 9 (value '0.5')" in err


def test_the_message_is_one_on_every_engine(files, capsys):
    argv = ["compare", str(files["pb"]), "--y-true", "y", "--y-pred", "p", "--y-pred", "q"]
    said = {_error(capsys, [*argv, "--protected", "g", "--engine", e]) for e in ENGINES}
    assert len(said) == 1, said


@pytest.mark.parametrize("engine", ENGINES)
def test_a_positive_label_reads_the_values_as_before(files, capsys, engine):
    argv = ["compare", str(files["pb"]), "--y-true", "y", "--y-pred", "p", "--y-pred", "q"]
    assert main([*argv, "--protected", "g", "--pos-label", "1", "--engine", engine]) == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_a_missing_prediction_of_model_a_is_refused_before_model_b(files, capsys, engine):
    frame = pd.read_csv(files["pb"], dtype=str)
    frame.loc[3, "p"] = None  # line 5
    frame.to_csv(files["pb"], index=False)
    argv = ["compare", str(files["pb"]), "--y-true", "y", "--y-pred", "p", "--y-pred", "q"]
    err = _error(capsys, [*argv, "--protected", "g", "--engine", engine])
    assert "column 'p (y_pred, model A)': 1 missing value(s), first at pb.csv line 5" in err
