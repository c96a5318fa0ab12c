"""Round 43 (p2nia): the three known items.

- ``p2nia estimate --json out.json`` (and ``--html``) wrote the file without a word, where every
  other command says ``wrote out.json``; ``p2nia population-bias --json/--plot`` likewise, and
  printed its summary before writing them (a failing terminal lost the finished files).
- ``population_bias_lines`` of an empty frame raised AttributeError/IndexError, and
  ``write_population_bias_figure`` drew an empty figure; a NaN DP was printed as 'nan'.
- ``ExperimentConfig(n_ref=...)`` with no ε sweep (every ε 10, or none) was taken and never read.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import ethiclens.experiments as experiments
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import (
    ExperimentConfig,
    population_bias_lines,
    write_population_bias_figure,
)

from .conftest import audit_frame

COLUMNS = ["train_state", "audit_state", "rep", "model", "reference_dp", "blackbox_dp", "abs_error"]


@pytest.fixture
def released(tmp_path):
    audit_frame(300, 0).to_csv(tmp_path / "d.csv", index=False)
    req, rel = str(tmp_path / "req.json"), str(tmp_path / "rel")
    args = ["--n", "300", "--protected", "sex", "--groups", "F,M", "--epsilon", "4"]
    assert main(["p2nia", "request", *args, "--out", req]) == 0
    data = ["--data", str(tmp_path / "d.csv"), "--y-true", "y", "--y-pred", "pred"]
    assert main(["p2nia", "release", "--request", req, *data, "--seed", "1", "--out", rel]) == 0
    return rel


def test_estimate_says_each_file_it_wrote(released, tmp_path, capsys):
    out, page = tmp_path / "out.json", tmp_path / "page.html"
    out.write_text("{}")  # a file already there: replaced, and said as every command says it
    capsys.readouterr()
    argv = ["p2nia", "estimate", released, "--n-boot", "0", "--json", str(out)]
    assert main([*argv, "--html", str(page)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2:] == [f"wrote {out}", f"wrote {page}"]
    assert json.loads(out.read_text())["format"] == "ethiclens-p2nia-estimate/1"


def test_estimate_to_standard_output_says_the_html_on_standard_error(released, tmp_path, capsys):
    page = tmp_path / "page.html"
    argv = ["p2nia", "estimate", released, "--n-boot", "0", "--json", "-"]
    assert main([*argv, "--html", str(page)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["format"] == "ethiclens-p2nia-estimate/1"
    assert captured.err.splitlines()[-1] == f"wrote {page}"


def _rows(reference=(0.3, 0.3), error=(0.2, 0.1)):
    return pd.DataFrame(
        {
            "train_state": ["CO", "CO"],
            "audit_state": ["NE", "KS"],
            "rep": [0, 0],
            "model": ["rf", "rf"],
            "reference_dp": list(reference),
            "blackbox_dp": [0.1, 0.2],
            "abs_error": list(error),
        }
    )


def test_population_bias_says_its_files_after_writing_them(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(experiments, "cross_population", lambda *a, **k: _rows())
    # the figure itself is tested below and by the figure tests: here only what is said
    drawn = lambda frame, path: Path(path).write_bytes(b"x")  # noqa: E731
    monkeypatch.setattr(experiments, "write_population_bias_figure", drawn)
    out, plot = tmp_path / "pb.json", tmp_path / "pb.png"
    argv = ["p2nia", "population-bias", "--repetitions", "1"]
    assert main([*argv, "--json", str(out), "--plot", str(plot)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2:] == [f"wrote {plot}", f"wrote {out}"]
    assert len(json.loads(out.read_text())["records"]) == 2 and plot.read_bytes() == b"x"


@pytest.mark.parametrize(
    "frame, said",
    [
        (pd.DataFrame(columns=COLUMNS), "has no rows"),
        (pd.DataFrame(), "has no column 'train_state'"),
        (None, "must be a pandas DataFrame"),
    ],
)
def test_no_population_rows_are_refused_naming_the_frame(frame, said, tmp_path):
    for call in (
        population_bias_lines,
        lambda f: write_population_bias_figure(f, tmp_path / "x.png"),
    ):
        with pytest.raises(EthicLensInputError, match=said) as info:
            call(frame)
        assert info.value.column == "frame"
    assert not (tmp_path / "x.png").exists()


def test_an_undefined_dp_is_said_undefined_not_nan():
    lines = population_bias_lines(_rows(reference=(np.nan, np.nan), error=(np.nan, np.nan)))
    assert "reference DP undefined" in lines[0] and "mean absolute error undefined" in lines[0]
    assert lines[-1] == "mean absolute error over 2 audit states: undefined"
    assert not any("nan" in line for line in lines)
    assert population_bias_lines(_rows())[-1] == "mean absolute error over 2 audit states: 0.1500"


@pytest.mark.parametrize("epsilons, metric_epsilons", [((), ()), ((10,), (10.0,)), ((), (10,))])
def test_n_ref_without_an_epsilon_sweep_is_refused(epsilons, metric_epsilons):
    cfg = ExperimentConfig(
        sizes=(250,),
        n_ref=100,
        mechanisms=("grr",),
        epsilons=epsilons,
        metric_epsilons=metric_epsilons,
    )
    cfg.metric_epsilons = metric_epsilons
    with pytest.raises(EthicLensInputError, match="n′ of the ε sweeps, and none is asked") as info:
        cfg.validate()
    assert info.value.column == "n_ref"


def test_n_ref_with_an_epsilon_sweep_still_validates():
    ExperimentConfig(sizes=(250,), n_ref=100, mechanisms=("grr",), epsilons=(1,)).validate()
    ExperimentConfig(sizes=(250,), mechanisms=("grr",), epsilons=(), metric_epsilons=()).validate()
