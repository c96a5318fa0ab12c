"""Round 34: many calls in one notebook. train_dp_mlp seeded torch's global generator
(``torch.manual_seed(seed)``) and left it so: the caller's next ``torch.rand`` drew the numbers
of the training's seed, not its own; train_and_audit (``pcer train``'s library call) set torch
to one thread for the rest of the process. Both are left as the caller had them now, and a
second call gives the same numbers."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("opacus")


@pytest.fixture(scope="module")
def data():
    from ethiclens.experiments import prepare

    return prepare("compas", 0)


def test_train_dp_mlp_leaves_the_callers_generator(data):
    from ethiclens.privacy import train_dp_mlp

    torch.manual_seed(123)
    before = torch.get_rng_state().clone()
    runs = [
        train_dp_mlp("compas", data=data, epsilon=eps, seed=0, epochs=1)
        for eps in (None, None, 5.0, 5.0)
    ]
    assert torch.equal(torch.get_rng_state(), before)
    assert np.array_equal(runs[0].test_proba, runs[1].test_proba)  # seeded inside: the same
    assert np.array_equal(runs[2].test_proba, runs[3].test_proba)


def test_train_many_leaves_the_callers_generator(data):
    from ethiclens.privacy import TrainConfig, train_many

    torch.manual_seed(7)
    before = torch.get_rng_state().clone()
    train_many("compas", epsilon=5.0, seeds=[0], datas=[data], config=TrainConfig(epochs=1))
    assert torch.equal(torch.get_rng_state(), before)


def test_train_and_audit_leaves_the_thread_count_and_generator():
    from ethiclens.experiments import TrainRequest, train_and_audit

    threads = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        torch.manual_seed(5)
        before = torch.get_rng_state().clone()
        request = TrainRequest("compas", epsilon=None, epochs=1, n_boot=100, trainer="opacus")
        first = train_and_audit(request).to_dict()
        assert torch.get_num_threads() == 2
        assert torch.equal(torch.get_rng_state(), before)
        second = train_and_audit(request).to_dict()
        for doc in (first, second):
            doc.pop("wall_time_s")
        assert first == second
    finally:
        torch.set_num_threads(threads)
