"""Round 35 review (pcer): run_experiment in this process (workers=1, a notebook) served the
last (dataset, model, repetition) of the previous experiment from its cache: a model
registered again under its name (or a data file changed) since was never fitted, its rows
were the old model's. Each experiment now fits afresh."""

from types import SimpleNamespace

import numpy as np
import pandas as pd

from ethiclens.experiments import ExperimentConfig, _p2nia_experiment, run_experiment


def test_an_experiment_does_not_reuse_the_previous_ones_fitted_model(monkeypatch):
    fits = []

    class Model:
        def predict(self, X):
            return np.zeros(len(X), dtype=int)

    frame = pd.DataFrame({"g": ["a", "b"] * 5, "x": range(10)})
    labels = pd.Series([0, 1] * 5)
    data = SimpleNamespace(label=labels)
    monkeypatch.setattr(_p2nia_experiment, "_load", lambda name: (data, frame, "g"))
    monkeypatch.setattr(
        _p2nia_experiment, "_fit", lambda *a: fits.append(a[0]) or (Model(), frame, labels)
    )
    _p2nia_experiment._prepared.cache_clear()
    _p2nia_experiment._prepared("adult", "mine", 0)  # the previous experiment's last task
    monkeypatch.setattr(_p2nia_experiment, "tasks_for", lambda cfg: [])  # nothing to run
    cfg = ExperimentConfig(models=("rf",), mechanisms=("grr",), repetitions=1)
    assert run_experiment(cfg, workers=1).empty
    _p2nia_experiment._prepared("adult", "mine", 0)  # fitted again, not the cached model
    assert fits == ["mine", "mine"]
    _p2nia_experiment._prepared.cache_clear()
