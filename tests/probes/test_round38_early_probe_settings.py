"""Round 38 (early): a probe's settings (draws, seed, favourable label) are checked before any
work. ``probe_benchmark('adult', n_boot=5)`` loaded Adult and trained its model (CLI
``probe counterfactual adult --n-boot 5``: 8.8 s) before refusing the draws; ``counterfactual``
asked the model for every flipped record before refusing ``favorable_label=2``."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens.datasets as datasets
import ethiclens.models as models
import ethiclens.probes._runs as runs
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_scored, counterfactual, probe_benchmark, probe_model


@pytest.fixture
def work(monkeypatch):
    """Loading a benchmark, training its model and loading your model, each replaced by a
    stub that records the call."""
    calls = []

    def stub(name):
        def record(*args, **kwargs):
            calls.append(name)
            raise AssertionError(f"{name} ran before the settings were checked")

        return record

    monkeypatch.setattr(datasets, "load", stub("load"))
    monkeypatch.setattr(models, "train_standard_model", stub("train"))
    monkeypatch.setattr(runs, "load_entry_point", stub("load_entry_point"))
    return calls


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"n_boot": 5}, "argument 'n_boot': too few draws for an interval: at least 100"),
        ({"n_boot": 10**9}, "argument 'n_boot': at most 1,000,000 draws"),
        ({"favorable": 2}, "argument 'favorable': must be 0 or 1 (the favourable prediction)"),
        (
            {"seed": -1},
            "argument 'seed': must be a non-negative integer, from 0 to 4,294,967,295 (value: -1)",
        ),
    ],
)
def test_probe_benchmark_and_probe_model_check_before_any_work(work, settings, words):
    with pytest.raises(EthicLensInputError) as info:
        probe_benchmark("adult", **settings)
    assert words in str(info.value)
    with pytest.raises(EthicLensInputError) as info:
        probe_model("m:load", "records.csv", "sex", **settings)
    assert words in str(info.value)
    assert work == []


def test_cli_refuses_the_draws_before_loading_or_training(work, capsys):
    assert main(["probe", "counterfactual", "adult", "--n-boot", "5"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "option '--n-boot': too few draws for an interval: at least 100 (value: 5)" in err
    assert work == []


def test_counterfactual_refuses_the_favourable_label_before_asking_the_model():
    asked = []

    class Model:
        def predict(self, X):
            asked.append(len(X))
            return np.zeros(len(X), int)

    records = pd.DataFrame({"sex": ["F", "M"] * 10, "income": np.arange(20.0)})
    with pytest.raises(EthicLensInputError) as info:
        counterfactual(Model(), records, "sex", favorable_label=2, n_boot=100)
    assert str(info.value).startswith("argument 'favorable_label': must be 0 or 1")
    assert asked == []


def test_analyze_scored_checks_the_seed_before_reading_the_file(tmp_path):
    with pytest.raises(EthicLensInputError) as info:  # the file is not there: never read
        analyze_scored(tmp_path / "missing.csv", "pred", seed=-1)
    assert str(info.value).startswith("argument 'seed': must be a non-negative integer")
