"""A blank ``--scheduler`` is refused by every command that takes one, in one message, before
anything is created: ``p2nia experiment --scheduler ' ' --out OUT`` refused it but left an
empty OUT folder; ``audit --engine spark --scheduler ' '`` ended in Spark's traceback (exit 1),
``audit``/``monitor --engine dask --scheduler ' '`` in "cannot reach the Dask scheduler".
``pcer sweep``: already refused, in these words."""

from __future__ import annotations

import sys

import pytest

from ethiclens.cli import main

WORDS = "option '--scheduler': must not be empty (value: ' ')"


@pytest.fixture
def data(tmp_path):
    (tmp_path / "d.csv").write_text("t,y,p,g\n2024-01-01,1,1,a\n2024-01-02,0,0,b\n")
    return tmp_path


@pytest.mark.parametrize(
    "argv",
    [
        ["p2nia", "experiment", "--scheduler", " ", "--out", "{d}/OUT"],
        ["audit", "{d}/d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
        + ["--engine", "spark", "--scheduler", " ", "--json", "{d}/r.json"],
        ["audit", "{d}/d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
        + ["--engine", "dask", "--scheduler", " ", "--json", "{d}/r.json"],
        ["monitor", "{d}/d.csv", "--time", "t", "--y-pred", "p", "--protected", "g"]
        + ["--window", "1d", "--engine", "dask", "--scheduler", " ", "--store", "{d}/OUT"],
        ["counts", "{d}/d.csv", "--y-pred", "p", "--protected", "g", "--engine", "dask"]
        + ["--scheduler", " ", "--out", "{d}/c.csv"],
    ],
    ids=["p2nia-experiment", "audit-spark", "audit-dask", "monitor", "counts"],
)
def test_blank_scheduler_refused_before_anything_is_written(data, capsys, argv):
    code = main([a.replace("{d}", str(data)) for a in argv])
    err = capsys.readouterr().err
    assert code == 2 and WORDS in err, err
    assert "Traceback" not in err and "reach" not in err, err
    assert sorted(p.name for p in data.iterdir()) == ["d.csv"]  # no OUT folder, no file


def test_library_words_are_the_argument():
    from ethiclens.errors import EthicLensInputError
    from ethiclens.experiments import check_executor

    with pytest.raises(EthicLensInputError, match=r"^argument 'scheduler': must not be empty"):
        check_executor("\t", None)
    with pytest.raises(EthicLensInputError, match=r"^option '--scheduler': must not be empty"):
        check_executor("\t", None, cli=True)


def test_missing_model_extra_refused_before_out_is_created(tmp_path, capsys, monkeypatch):
    # xgboost absent (the core install): refused as run_experiment started, after --out was made
    monkeypatch.setitem(sys.modules, "xgboost", None)
    code = main(["p2nia", "experiment", "--models", "xgb", "--out", str(tmp_path / "OUT")])
    assert code == 2 and "pip install 'ethiclens[models]'" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
