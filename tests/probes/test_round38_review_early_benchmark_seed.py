"""Review of e54c16ea: probe_benchmark checks its settings before loading the benchmark, but
the up-front check takes a None seed (counterfactual's draws may be unseeded) while the
benchmark's model is not trained without one: probe_benchmark('compas', seed=None) loaded
the data (1.0 s for COMPAS; Adult is larger) and only then refused it in
train_standard_model. It is refused first now, in train_standard_model's words."""

from __future__ import annotations

import pytest

import ethiclens.datasets as datasets
from ethiclens.errors import EthicLensInputError
from ethiclens.probes import probe_benchmark


@pytest.mark.parametrize("seed", [None, -1, 2**32, True, 1.5])
def test_a_seed_the_model_cannot_train_with_is_refused_before_the_data_is_loaded(monkeypatch, seed):
    loads = []
    monkeypatch.setattr(datasets, "load", lambda *a, **k: loads.append(a))
    with pytest.raises(EthicLensInputError) as info:
        probe_benchmark("compas", seed=seed, n_boot=100)
    assert str(info.value).startswith("argument 'seed': must be")
    assert str(info.value).endswith("Fix: use e.g. 0")
    assert loads == []
