"""A CSV's True/False score or weight column is text on every engine: ``audit`` refuses it
with the same words whichever engine reads the file (pandas once audited it as 1/0)."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture
def bool_csv(tmp_path):
    rng = np.random.default_rng(0)
    n = 120
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(["A", "B"], n),
            "s": np.where(np.arange(n) % 2 == 0, "False", "True"),
        }
    )
    path = tmp_path / "b.csv"
    frame.to_csv(path, index=False)
    return str(path)


@pytest.mark.parametrize("role", ["--y-score", "--weight"])
def test_every_engine_refuses_true_false_alike(bool_csv, role, capsys):
    said = set()
    for engine in ("pandas", "duckdb", "dask"):
        args = ["audit", bool_csv, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
        code = main([*args, role, "s", "--n-boot", "100", "--engine", engine])
        err = capsys.readouterr().err.strip()
        assert code == 2, (engine, err)
        said.add(err)
    assert len(said) == 1, said
    assert "120 values are not numbers, first at b.csv line 2 (value: 'False')" in said.pop()
