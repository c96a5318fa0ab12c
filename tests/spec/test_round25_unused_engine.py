"""Round 25: an engine or a scheduler nothing uses is refused, as the audit of a file already
refused one: a benchmark's ``--engine dask`` or ``--scheduler``, a counts table's
``--scheduler``, and a scheduler beside rows read in memory (a comparison or threshold view of a
file, ``--engine pandas``) were silently dropped, the run reporting as if they had been used."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = np.random.default_rng(0)
    n = 400
    frame = pd.DataFrame(
        {
            "sex": rng.choice(["F", "M"], n),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "pred2": rng.integers(0, 2, n),
            "score": rng.random(n),
        }
    )
    frame.to_csv("d.csv", index=False)
    return tmp_path


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["compas", "--engine", "dask"], "option '--engine': a benchmark is loaded"),
        (["compas", "--scheduler", "local[2]"], "option '--scheduler': a benchmark is loaded"),
        (
            ["d.csv", "--engine", "pandas", "--scheduler", "local[2]", "--y-true", "label"],
            "option '--scheduler': only --engine dask and --engine spark use a scheduler; this "
            "count runs on pandas",
        ),
    ],
)
def test_an_unused_engine_or_scheduler_is_refused_by_the_audit(data, capsys, flags, words):
    extra = ["--y-pred", "pred", "--protected", "sex"] if flags[0] == "d.csv" else []
    assert main(["audit", *flags, *extra, "--n-boot", "100"]) == 2
    assert words in capsys.readouterr().err


def test_a_scheduler_beside_a_comparison_of_rows_in_memory_is_refused(data, capsys):
    base = ["d.csv", "--y-true", "label", "--protected", "sex", "--scheduler", "local[2]"]
    assert main(["compare", *base, "--y-pred", "pred", "--y-pred", "pred2"]) == 2
    assert "option '--scheduler': only --engine dask" in capsys.readouterr().err
    assert main(["thresholds", *base, "--y-score", "score"]) == 2
    assert "option '--scheduler': only --engine dask" in capsys.readouterr().err


def test_a_counts_table_refuses_a_scheduler_as_it_refuses_an_engine(data, capsys):
    counted = ["counts", "d.csv", "--y-pred", "pred", "--protected", "sex", "--out", "c.parquet"]
    assert main(counted) == 0
    capsys.readouterr()
    base = ["audit", "--counts", "c.parquet", "--protected", "sex", "--n-boot", "100"]
    assert main([*base, "--scheduler", "local[2]"]) == 2
    err = capsys.readouterr().err
    assert "option '--scheduler': a counts table is counted already" in err, err


def test_python_names_the_keyword(data):
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.run("compas", scheduler="local[2]")
    assert str(caught.value).startswith("argument 'scheduler': a benchmark is loaded")
