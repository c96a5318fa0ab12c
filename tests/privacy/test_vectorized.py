"""The vectorized DP-SGD trainer against Opacus on the same inputs."""

import logging

import numpy as np
import pytest
import torch
from scipy import stats

from ethiclens.experiments import prepare
from ethiclens.privacy import TrainConfig
from ethiclens.privacy._dpsgd import build_mlp
from ethiclens.privacy._vectorized import (
    StackedMLP,
    clipped_grad_sum,
    poisson_batches,
    sgd_momentum_step,
    train_many,
    with_ones,
)

C = 1.0


def _opacus_setup(mlp, batch):
    from opacus import GradSampleModule
    from opacus.optimizers import DPOptimizer

    gsm = GradSampleModule(mlp)
    opt = DPOptimizer(
        torch.optim.SGD(gsm.parameters(), lr=0.05, momentum=0.9),
        noise_multiplier=0.0,
        max_grad_norm=C,
        expected_batch_size=batch,
    )
    return gsm, opt


def _stack(mlps, d=12):
    """Our stacked layout from K torch MLPs."""
    net = StackedMLP(len(mlps), d, (64, 32))
    for k, mlp in enumerate(mlps):
        net.load(k, [m for m in mlp if isinstance(m, torch.nn.Linear)])
    return net


def _per_layer(net, flat, k):
    """Model k's (weight, bias) pairs, torch's (out, in) orientation, from a flat (K, P)."""
    W1, W2, w3 = net.views(flat)
    return [
        (W1[k, :-1].T, W1[k, -1]),
        (W2[k, :-1].T, W2[k, -1]),
        (w3[k, :-1].unsqueeze(0), w3[k, -1:]),
    ]


@pytest.fixture
def batch():
    torch.manual_seed(0)
    X = torch.randn(6, 40, 12) * 3  # large inputs: most samples get clipped
    y = (torch.rand(6, 40) > 0.5).float()
    mlps = []
    for k in range(6):
        torch.manual_seed(100 + k)
        mlps.append(build_mlp(12))
    return X, y, mlps


def test_clipped_summed_gradients_equal_opacus(batch):
    X, y, mlps = batch
    net = _stack(mlps)
    ours = clipped_grad_sum(net, with_ones(X), y, torch.ones(6, 40), C)
    for k, mlp in enumerate(mlps):
        gsm, opt = _opacus_setup(mlp, 40)
        loss = torch.nn.BCEWithLogitsLoss()(gsm(X[k]).squeeze(1), y[k])
        loss.backward()
        opt.clip_and_accumulate()
        params = list(gsm.parameters())  # w1, b1, w2, b2, w3, b3
        for p, g in zip(
            params, [t for pair in _per_layer(net, ours, k) for t in pair], strict=True
        ):
            np.testing.assert_allclose(g.numpy(), p.summed_grad.numpy(), rtol=1e-5, atol=1e-7)


def test_same_noise_gives_the_same_update(batch):
    X, y, mlps = batch
    net = _stack(mlps)
    buf = torch.zeros_like(net.theta)
    gen = torch.Generator().manual_seed(5)
    noises = [torch.randn(net.theta.shape, generator=gen) for _ in range(2)]
    opacus = [_opacus_setup(mlp, 40) for mlp in mlps]
    for step in range(2):  # two steps: the second exercises the momentum buffer
        grad = clipped_grad_sum(net, with_ones(X), y, torch.ones(6, 40), C)
        sgd_momentum_step(net.theta, buf, (grad + noises[step]) / 40, 0.05, 0.9, first=step == 0)
        for k, (gsm, opt) in enumerate(opacus):
            opt.zero_grad()
            torch.nn.BCEWithLogitsLoss()(gsm(X[k]).squeeze(1), y[k]).backward()
            opt.clip_and_accumulate()
            noise = [t for pair in _per_layer(net, noises[step], k) for t in pair]
            for p, z in zip(gsm.parameters(), noise, strict=True):
                p.grad = (p.summed_grad + z) / 40
            opt.original_optimizer.step()
            ours = [t for pair in _per_layer(net, net.theta, k) for t in pair]
            for p, o in zip(gsm.parameters(), ours, strict=True):
                np.testing.assert_allclose(o.numpy(), p.detach().numpy(), rtol=1e-5, atol=1e-6)


def test_batch_sizes_follow_poisson_sampling():
    n, q, steps = 2000, 0.02, 5000
    batches = poisson_batches(np.random.default_rng(0), n, q, steps)
    sizes = batches.sizes()
    assert len(sizes) == steps and sizes.sum() == len(batches.rows)
    # Batch sizes ~ Binomial(n, q): chi-square goodness of fit over pooled bins.
    edges = np.arange(sizes.min(), sizes.max() + 2)
    observed = np.histogram(sizes, bins=edges)[0]
    expected = steps * stats.binom.pmf(edges[:-1], n, q)
    keep = expected >= 5
    obs = np.r_[observed[keep], observed[~keep].sum()]
    exp = np.r_[expected[keep], steps - expected[keep].sum()]
    assert stats.chisquare(obs, exp).pvalue > 1e-3
    # Every row equally likely, no duplicates within a batch.
    counts = np.bincount(batches.rows, minlength=n)
    assert stats.chisquare(counts).pvalue > 1e-3
    assert all(len(np.unique(batches[t])) == len(batches[t]) for t in range(steps))


@pytest.fixture(scope="module")
def compas_small():
    return [prepare("compas", s, max_rows=1500) for s in range(4)]


def test_result_does_not_depend_on_batch_mates(compas_small):
    cfg = TrainConfig(epochs=2)
    alone = train_many("compas", epsilon=1.0, seeds=[3], datas=[compas_small[3]], config=cfg)
    together = train_many("compas", epsilon=1.0, seeds=[0, 1, 2, 3], datas=compas_small, config=cfg)
    np.testing.assert_allclose(alone[0].test_proba, together[3].test_proba, rtol=0, atol=1e-6)
    assert alone[0].epsilon_spent == together[3].epsilon_spent <= 1.0


def test_padding_to_wider_batch_mates_changes_nothing(compas_small):
    """A model with fewer features, trained beside wider ones (its inputs zero-padded, its noise
    drawn over its true parameters only), equals the same model trained alone."""
    import dataclasses

    narrow = dataclasses.replace(
        compas_small[1],
        X_train=compas_small[1].X_train[:, :-3],
        X_test=compas_small[1].X_test[:, :-3],
    )
    cfg = TrainConfig(epochs=2)
    alone = train_many("compas", epsilon=1.0, seeds=[1], datas=[narrow], config=cfg)
    mixed = train_many(
        "compas", epsilon=1.0, seeds=[0, 1], datas=[compas_small[0], narrow], config=cfg
    )
    assert mixed[1].model[0].in_features == narrow.n_features
    np.testing.assert_allclose(alone[0].test_proba, mixed[1].test_proba, rtol=0, atol=1e-6)


def test_stacked_layout_round_trips_torch_models():
    mlps = []
    for k, d in enumerate((5, 9)):
        torch.manual_seed(k)
        mlps.append(build_mlp(d))
    net = StackedMLP(2, 9, (64, 32))
    for k, mlp in enumerate(mlps):
        net.load(k, [m for m in mlp if isinstance(m, torch.nn.Linear)])
    for k, (mlp, d) in enumerate(zip(mlps, (5, 9), strict=True)):
        back = net.export(k, d)
        x = torch.randn(7, d)
        torch.testing.assert_close(back(x), mlp(x), rtol=0, atol=0)
        xs = with_ones(torch.nn.functional.pad(x, (0, 9 - d))).unsqueeze(0)
        # the stacked forward on zero-padded inputs gives the same logits
        a1 = torch.bmm(xs, net.W1[k : k + 1]).relu_()
        a2 = (torch.bmm(a1, net.W2[k : k + 1, :-1]) + net.W2[k, -1]).relu_()
        logits = a2[0] @ net.w3[k, :-1] + net.w3[k, -1]
        torch.testing.assert_close(logits, mlp(x)[:, 0], rtol=1e-5, atol=1e-6)


def test_config_with_a_list_of_hidden_sizes_is_accepted():
    from ethiclens.privacy._dpsgd import noise_multiplier_for

    cfg = TrainConfig(hidden=[64, 32], epochs=2)
    assert cfg.hidden == (64, 32) and cfg == TrainConfig(epochs=2)
    assert noise_multiplier_for(1.0, 0.01, cfg) == noise_multiplier_for(
        1.0, 0.01, TrainConfig(epochs=2)
    )


def test_accounting_matches_opacus_path(compas_small):
    from ethiclens.privacy import train_dp_mlp

    cfg = TrainConfig(epochs=2)
    fast = train_many("compas", epsilon=1.0, seeds=[0], datas=compas_small[:1], config=cfg)[0]
    slow = train_dp_mlp("compas", epsilon=1.0, seed=0, data=compas_small[0], config=cfg)
    assert fast.noise_multiplier == slow.noise_multiplier
    assert fast.sample_rate == slow.sample_rate
    assert fast.epsilon_spent == pytest.approx(slow.epsilon_spent, rel=1e-6)


def test_unsupported_architecture_falls_back_to_opacus(compas_small, caplog):
    cfg = TrainConfig(epochs=1, hidden=(16, 8, 4))
    with caplog.at_level(logging.WARNING):
        runs = train_many("compas", epsilon=1.0, seeds=[0], datas=compas_small[:1], config=cfg)
    assert "falls back to Opacus" in caplog.text
    assert runs[0].trainer == "opacus" and runs[0].noise_multiplier > 0  # still DP
    assert "fell back to Opacus" in runs[0].notes[0]


def test_passes_of_models_equal_one_pass(compas_small, monkeypatch):
    import ethiclens.privacy._vectorized as vec

    cfg = TrainConfig(epochs=1)
    one = train_many("compas", epsilon=1.0, seeds=[0, 1, 2, 3], datas=compas_small, config=cfg)
    monkeypatch.setattr(vec, "MODELS_PER_PASS", 3)  # 4 models → passes of 2 and 2
    split = train_many("compas", epsilon=1.0, seeds=[0, 1, 2, 3], datas=compas_small, config=cfg)
    assert [r.seed for r in split] == [0, 1, 2, 3]
    assert "trained in a pass of 2 models" in split[0].notes[0]
    for a, b in zip(one, split, strict=True):
        np.testing.assert_allclose(a.test_proba, b.test_proba, rtol=0, atol=1e-6)


def test_numpy_blas_runs_with_torchs_thread_count(compas_small, monkeypatch):
    """The batched products go through numpy's BLAS: it must not start a thread per core when
    torch is limited to one (sweep workers, the one-thread benchmark)."""
    from threadpoolctl import threadpool_info

    import ethiclens.privacy._vectorized as vec

    seen, train_chunk = [], vec._train_chunk

    def spy(*args):
        seen.extend(i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas")
        return train_chunk(*args)

    monkeypatch.setattr(vec, "_train_chunk", spy)
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        train_many(
            "compas", epsilon=1.0, seeds=[0], datas=compas_small[:1], config=TrainConfig(epochs=1)
        )
    finally:
        torch.set_num_threads(before)
    assert seen and set(seen) == {1}


def test_memory_budget_chunks_models(compas_small, caplog):
    cfg = TrainConfig(epochs=1)
    with caplog.at_level(logging.INFO):
        runs = train_many(
            "compas",
            epsilon=None,
            seeds=[0, 1, 2, 3],
            datas=compas_small,
            config=cfg,
            memory_budget=1,
        )
    assert len(runs) == 4 and "in chunks of 1" in caplog.text
    chunked = train_many("compas", epsilon=None, seeds=[0, 1, 2, 3], datas=compas_small, config=cfg)
    for a, b in zip(runs, chunked, strict=True):
        np.testing.assert_allclose(a.test_proba, b.test_proba, atol=1e-6)
