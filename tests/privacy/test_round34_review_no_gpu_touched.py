"""Training on the CPU never touches a GPU: keeping the caller's torch generator (8f606aac)
forks the CPU generator only. ``torch.random.fork_rng()`` without ``devices`` read every CUDA
device's generator, so each train_dp_mlp/train_many call (and each spawned sweep worker)
initialised CUDA on a machine with a GPU (seconds and GPU memory per process; a warning with
several GPUs)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("opacus")


@pytest.fixture(scope="module")
def data():
    from ethiclens.experiments import prepare

    return prepare("compas", 0, max_rows=400)


@pytest.fixture
def gpu(monkeypatch):
    def touched(*args, **kwargs):
        raise AssertionError("a CUDA device's generator was read")

    monkeypatch.setattr(torch.cuda, "device_count", lambda: 2)
    monkeypatch.setattr(torch.cuda, "get_rng_state", touched)
    monkeypatch.setattr(torch.cuda, "set_rng_state", touched)


@pytest.mark.parametrize("trainer", ["opacus", "vectorized"])
def test_training_forks_the_cpu_generator_only(data, gpu, trainer, recwarn):
    from ethiclens.privacy import TrainConfig, train_dp_mlp, train_many

    torch.manual_seed(3)
    before = torch.get_rng_state().clone()
    if trainer == "opacus":
        train_dp_mlp("compas", data=data, epsilon=5.0, seed=0, epochs=1)
    else:
        config = TrainConfig(epochs=1)
        train_many("compas", epsilon=5.0, seeds=[0, 1], datas=[data] * 2, config=config)
    assert torch.equal(torch.get_rng_state(), before)
    assert not [w for w in recwarn if "devices" in str(w.message)]
