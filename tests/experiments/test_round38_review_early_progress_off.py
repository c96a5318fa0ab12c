"""Review of 3c56913a: run_experiment and cross_population now refuse a non-callable
``progress`` before any work, but they refused progress=False too (and 0), which both ran
with before (``if progress:`` skipped it; run_sweep's own progress is a bool, so False is a
natural way to turn it off). A false value is no progress again; a true non-callable
(5, 'yes') is still refused before any work."""

from __future__ import annotations

import pytest

import ethiclens.experiments._executors as executors
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig, run_experiment


class _Reached(Exception):
    """The executor was asked for: the settings were taken."""


@pytest.fixture
def cfg(monkeypatch):
    def executor(*args):
        raise _Reached

    monkeypatch.setattr(executors, "make_executor", executor)
    return ExperimentConfig(models=("rf",), repetitions=1, mechanisms=("grr",), sizes=(250,))


@pytest.mark.parametrize("off", [False, 0, None])
def test_a_false_progress_is_no_progress_as_before(cfg, off):
    with pytest.raises(_Reached):
        run_experiment(cfg, workers=1, progress=off)


@pytest.mark.parametrize("bad", [5, "yes", True])
def test_a_true_non_callable_progress_is_still_refused_first(cfg, bad):
    with pytest.raises(EthicLensInputError) as info:
        run_experiment(cfg, workers=1, progress=bad)
    assert str(info.value).startswith("argument 'progress': must be a function progress(done")
