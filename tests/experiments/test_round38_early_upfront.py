"""Round 38 (early): a bad setting among good ones is refused before the first unit of work.
A SweepGrid field set after it was built (``grid.epsilons = [1.0, -1.0]``) was not checked
again: run_sweep created the store and trained the good cells before the bad one failed;
cross_population called a non-callable ``progress`` only after the first model was trained."""

from __future__ import annotations

import pytest

import ethiclens.experiments._executors as executors
import ethiclens.experiments._p2nia_experiment as p2nia_experiment
import ethiclens.experiments._sweep as sweep
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig, SweepGrid, cross_population, run_experiment


@pytest.fixture
def trained(monkeypatch):
    """The sweep's worker function, replaced by a stub that records each call."""
    calls = []

    def stub(task, trainer=None):
        calls.append(task)
        raise AssertionError("a run started before the grid was checked")

    monkeypatch.setattr(sweep, "run_task", stub)
    return calls


@pytest.mark.parametrize(
    ("field", "bad", "words"),
    [
        (
            "epsilons",
            [1.0, -1.0],
            "'epsilons': ε must be a finite number > 0 (value: -1.0)",
        ),
        ("epsilons", [1.0, 1.0], "key 'epsilons': duplicate budgets"),
        ("seeds", [0, 1, -1], "key 'seeds': seeds must be a non-empty list of non-negative"),
        (
            "train",
            {"epochs": -1},
            "key 'train.epochs': epochs must be a whole number between 1 and 100,000",
        ),
        ("attributes", {"compas": ["race", "zzz"]}, "compas: must be one of race (value: 'zzz')"),
        ("features", "nope", "key 'features': compas has no such feature set (value: 'nope')"),
    ],
)
def test_run_sweep_checks_a_field_set_after_the_grid_was_built(
    trained, tmp_path, field, bad, words
):
    grid = SweepGrid(datasets=["compas"], epsilons=[1.0], seeds=[0], max_rows=200)
    setattr(grid, field, bad)
    store = tmp_path / "store"
    with pytest.raises(EthicLensInputError) as info:
        sweep.run_sweep(grid, store, workers=1, progress=False)
    assert words in str(info.value) and "Fix: " in str(info.value)
    assert trained == [] and not store.exists()  # no run, no store


def test_cross_population_refuses_a_bad_progress_before_training(monkeypatch):
    fits = []
    monkeypatch.setattr(p2nia_experiment, "_fit", lambda *a: fits.append(a))
    monkeypatch.setattr(p2nia_experiment, "_load_states", lambda *a: fits.append(a))
    with pytest.raises(EthicLensInputError) as info:
        cross_population("CO", ["NE"], repetitions=1, progress=5)
    assert str(info.value).startswith("argument 'progress': must be a function progress(done")
    assert "(value: 5)" in str(info.value) and fits == []


def test_run_experiment_refuses_a_bad_progress_in_words(monkeypatch):
    ran = []
    monkeypatch.setattr(executors, "make_executor", lambda *a: ran.append(a))
    cfg = ExperimentConfig(models=("rf",), repetitions=1, mechanisms=("grr",), sizes=(250,))
    with pytest.raises(EthicLensInputError) as info:
        run_experiment(cfg, workers=1, progress="yes")
    assert str(info.value).startswith("argument 'progress': must be a function progress(done")
    assert ran == []
