"""Many DP-SGD models of the paper's MLP at once, as batched tensor operations.

K models (one per seed) train side by side: parameters are stacked along a leading K axis and
every step is a few batched matrix products. Per-sample gradients are never materialised: for a
linear layer the per-sample gradient of (W, b) is [a_i; 1] δ_iᵀ, whose norm is
sqrt(‖a_i‖² + 1)·‖δ_i‖, and the clipped sum Σ_i c_i a_i δ_iᵀ is one matrix product. Semantics
follow Opacus's path exactly: Poisson sampling at rate 1/ceil(N/B) for ceil(N/B) steps per
epoch, clip factor min(1, C / (‖g_i‖ + 1e-6)), Gaussian noise σ·C on the summed clipped
gradient, division by the expected batch size int(N·q), SGD with momentum. σ comes from the
same accountant call, and the spent ε from Opacus's accountant over the same steps.

Every random draw of model k comes from generators seeded by its own seed (initialisation like
``torch.manual_seed(seed)`` in the Opacus path, sampling and noise on separate streams), so a
model's result does not depend on which other models share its batch.
"""

from __future__ import annotations

import logging
import math
import time
import warnings

import numpy as np

from ..errors import EthicLensInputError
from ._data import prepare
from ._dpsgd import (
    QUIET,
    DPTrainingRun,
    TrainConfig,
    _outputs,
    build_mlp,
    check_settings,
    is_no_dp,
    noise_multiplier_for,
)

log = logging.getLogger(__name__)
MEMORY_BUDGET_BYTES = 3 * 2**30  # per chunk of models trained together


class FastPathUnsupported(Exception):
    """The architecture or settings are outside what the vectorized trainer handles."""


def supported(config: TrainConfig) -> str | None:
    """None when the fast path applies, else the reason to fall back to Opacus."""
    if len(config.hidden) != 2:
        return f"hidden layers {config.hidden}: the fast path implements the paper's 2 layers"
    return None


def _init_params(seed: int, n_features: int, hidden) -> list:
    """Parameters exactly as the Opacus path initialises them (torch.manual_seed(seed))."""
    import torch

    with torch.random.fork_rng():
        torch.manual_seed(seed)
        mlp = build_mlp(n_features, hidden)
    linear = [m for m in mlp if isinstance(m, torch.nn.Linear)]
    return [(lin.weight.detach().T.clone(), lin.bias.detach().clone()) for lin in linear]


def poisson_batches(rng: np.random.Generator, n: int, q: float, steps: int) -> list:
    """``steps`` Poisson samples of row indices: each row independently with probability q.

    Drawn as geometric gaps between selected rows (exact, and O(qn) per step instead of O(n)).
    """
    batches = []
    expect = int(q * n + 6 * math.sqrt(q * n) + 16)
    for _ in range(steps):
        picked = []
        pos = -1
        while True:
            gaps = rng.geometric(q, size=expect)
            idx = pos + np.cumsum(gaps)
            stop = np.searchsorted(idx, n)
            picked.append(idx[:stop])
            if stop < len(idx):
                break
            pos = idx[-1]
        batches.append(np.concatenate(picked))
    return batches


def shuffled_batches(rng: np.random.Generator, n: int, batch: int, epochs: int) -> list:
    """The no-DP baseline's batches: a fresh permutation per epoch, fixed batch size."""
    out = []
    for _ in range(epochs):
        perm = rng.permutation(n)
        out += [perm[i:i + batch] for i in range(0, n, batch)]
    return out


def clipped_grad_sum(params, Xb, yb, mask, max_grad_norm: float | None, scale=None,
                     x_sq=None):
    """Σ_i c_i ∇ℓ_i for every model: Xb (K, B, d), yb (K, B), mask (K, B) of real rows.

    Returns the summed (clipped) gradients per parameter, shaped like ``params``; with
    ``max_grad_norm=None`` nothing is clipped (the no-DP path). ``scale`` (K,) multiplies each
    model's sum (folded into the clip factors, saving a pass); ``x_sq`` (K, B) are the rows'
    squared norms when precomputed.
    """
    import torch

    (W1, b1), (W2, b2), (W3, b3) = params
    relu_grad = torch.ops.aten.threshold_backward  # δ·1[a > 0] in one fused pass
    a1 = torch.baddbmm(b1.unsqueeze(1), Xb, W1).relu_()
    a2 = torch.baddbmm(b2.unsqueeze(1), a1, W2).relu_()
    w3 = W3.transpose(1, 2)  # (K, 1, h2): the output layer as broadcasts, not batched
    # matrix products with a dimension of 1 (those run 5-10x slower than the broadcast)
    z3 = (a2 * w3).sum(2, keepdim=True).add_(b3.unsqueeze(1))
    d3 = torch.sigmoid(z3).sub_(yb.unsqueeze(2))  # dℓ/dz of BCE-with-logits, per sample
    d2 = relu_grad(d3 * w3, a2, 0)
    d1 = relu_grad(torch.bmm(d2, W2.transpose(1, 2)), a1, 0)
    if max_grad_norm is None:
        c = mask
    else:
        if x_sq is None:
            x_sq = Xb.square().sum(2)

        def sq(t):
            return torch.linalg.vector_norm(t, dim=2).square_()

        total = (x_sq + 1) * sq(d1) + (sq(a1) + 1) * sq(d2) + (sq(a2) + 1) * sq(d3)
        c = (max_grad_norm / (total.sqrt_() + 1e-6)).clamp_(max=1.0).mul_(mask)
    if scale is not None:
        c = c * scale.unsqueeze(1)
    c = c.unsqueeze(2)
    grads = []
    for a, d in ((Xb, d1), (a1, d2)):
        dc = d.mul_(c)
        grads.append((torch.bmm(a.transpose(1, 2), dc), dc.sum(1)))
    dc3 = d3.mul_(c)
    grads.append(((a2 * dc3).sum(1).unsqueeze(2), dc3.sum(1)))
    return grads


def sgd_momentum_step(params, bufs, grads, lr: float, momentum: float, first: bool) -> None:
    """torch.optim.SGD(momentum, dampening 0): buf = m·buf + g (buf = g at first), p -= lr·buf."""
    for (p_w, p_b), (m_w, m_b), (g_w, g_b) in zip(params, bufs, grads, strict=True):
        for p, m, g in ((p_w, m_w, g_w), (p_b, m_b, g_b)):
            if first:
                m.copy_(g)
            else:
                m.mul_(momentum).add_(g)
            p.sub_(lr * m)


def _spent_epsilon(sigma, q, steps, config) -> float:
    from opacus.accountants import create_accountant

    acc = create_accountant(config.accountant)
    acc.history = [(sigma, q, steps)]
    return float(acc.get_epsilon(config.delta))


def train_many(dataset_name: str, *, epsilon, seeds, config: TrainConfig | None = None,
               dataset=None, max_rows: int | None = None, datas: list | None = None,
               memory_budget: int = MEMORY_BUDGET_BYTES) -> list[DPTrainingRun]:
    """Train one model per seed (each on its own seeded 70/30 split) with the fast path.

    Falls back to the Opacus trainer, with a logged reason, for settings it does not handle;
    never silently without DP. Models are trained in chunks that fit ``memory_budget``.
    """
    from ._dpsgd import train_dp_mlp

    config = config or TrainConfig()
    seeds = list(seeds)
    if not seeds:
        raise EthicLensInputError("no seeds", column="seeds")
    reason = supported(config)
    datas = datas or [prepare(dataset_name, s, test_size=config.test_size, dataset=dataset,
                              max_rows=max_rows) for s in seeds]
    if reason:
        log.warning("vectorized trainer falls back to Opacus: %s", reason)
        runs = [train_dp_mlp(dataset_name, epsilon=epsilon, seed=s, config=config, data=d)
                for s, d in zip(seeds, datas, strict=True)]
        for r in runs:
            r.notes.append(f"fell back to Opacus: {reason}")
        return runs
    n, d_max = len(datas[0].y_train), max(d.n_features for d in datas)
    per_model = 4 * (n * (d_max + 1) + 256 * 4 * (d_max + 64 + 32) * 3)
    chunk = max(1, memory_budget // per_model)
    if chunk < len(seeds):
        log.info("training %d models in chunks of %d to stay within %.1f GB", len(seeds),
                 chunk, memory_budget / 2**30)
    runs = []
    with warnings.catch_warnings():
        for text in QUIET:
            warnings.filterwarnings("ignore", message=f".*{text}.*")
        for i in range(0, len(seeds), chunk):
            runs += _train_chunk(dataset_name, epsilon, seeds[i:i + chunk],
                                 datas[i:i + chunk], config)
    return runs


def _train_chunk(dataset_name, epsilon, seeds, datas, config) -> list[DPTrainingRun]:
    import torch

    K = len(seeds)
    sizes = {len(d.y_train) for d in datas}
    if len(sizes) != 1:
        raise FastPathUnsupported("models of one chunk need equally sized training splits")
    n = sizes.pop()
    q = check_settings(epsilon, n, config)
    dp = not is_no_dp(epsilon)
    sigma = noise_multiplier_for(float(epsilon), q, config) if dp else None
    steps_per_epoch = math.ceil(n / config.batch_size)
    steps = steps_per_epoch * config.epochs
    expected_batch = int(n * q)
    d_max = max(d.n_features for d in datas)
    start = time.perf_counter()

    X = torch.zeros(K, n, d_max)
    Y = torch.empty(K, n)
    params = [[torch.zeros(K, *shape) for shape in pair] for pair in
              (((d_max, config.hidden[0]), (config.hidden[0],)),
               ((config.hidden[0], config.hidden[1]), (config.hidden[1],)),
               ((config.hidden[1], 1), (1,)))]
    for k, (seed, data) in enumerate(zip(seeds, datas, strict=True)):
        X[k, :, :data.n_features] = torch.from_numpy(data.X_train)
        Y[k] = torch.from_numpy(data.y_train)
        for layer, (w, b) in enumerate(_init_params(seed, data.n_features, config.hidden)):
            params[layer][0][k, :w.shape[0]] = w
            params[layer][1][k] = b
    bufs = [[torch.zeros_like(w), torch.zeros_like(b)] for w, b in params]
    samplers = [np.random.default_rng([seed, 1]) for seed in seeds]
    noise_gens = [torch.Generator().manual_seed(seed * 1_000_003 + 2) for seed in seeds]
    n_feat = [d.n_features for d in datas]
    if dp:
        batches = [poisson_batches(rng, n, q, steps) for rng in samplers]
    else:
        batches = [shuffled_batches(rng, n, config.batch_size, config.epochs) for rng in samplers]
    rows = torch.arange(K).unsqueeze(1)
    X_flat, Y_flat = X.view(K * n, d_max), Y.view(K * n)
    x_sq = X_flat.square().sum(1)  # per-row squared norms, gathered per step for the clip norms
    inv_expected = torch.full((K,), 1.0 / expected_batch)
    for epoch in range(config.epochs):
        span = range(epoch * steps_per_epoch, (epoch + 1) * steps_per_epoch)
        idx, mask = _pad_batches([[batches[k][t] for k in range(K)] for t in span])
        if dp:  # one draw per model per epoch: few generator calls, same per-model stream
            noise = _epoch_noise(noise_gens, n_feat, config.hidden, len(span), d_max,
                                 sigma * config.max_grad_norm / expected_batch)
        flat_idx = idx + rows * n  # rows of the (K·n, d) data view
        widths = mask.sum(2).amax(1).clamp(min=1).to(torch.long).tolist()
        for j, step in enumerate(span):
            w = widths[j]  # this step's widest batch: less padding than the epoch's widest
            fj = flat_idx[j, :, :w].reshape(-1)
            mj = mask[j, :, :w]
            Xb = X_flat.index_select(0, fj).view(K, w, d_max)
            Yb = Y_flat.index_select(0, fj).view(K, w)
            if dp:
                grads = clipped_grad_sum(params, Xb, Yb, mj, config.max_grad_norm,
                                         inv_expected, x_sq.index_select(0, fj).view(K, w))
                for (gw, gb), (nw, nb) in zip(grads, noise, strict=True):
                    gw.add_(nw[j])
                    gb.add_(nb[j])
            else:
                grads = clipped_grad_sum(params, Xb, Yb, mj, None, 1.0 / mj.sum(1).clamp(min=1))
            sgd_momentum_step(params, bufs, grads, config.lr, config.momentum, first=step == 0)
    wall = (time.perf_counter() - start) / K
    spent = _spent_epsilon(sigma, q, steps, config) if dp else None
    runs = []
    for k, (seed, data) in enumerate(zip(seeds, datas, strict=True)):
        model = build_mlp(data.n_features, config.hidden)
        linear = [m for m in model if isinstance(m, torch.nn.Linear)]
        with torch.no_grad():
            for lin, (w, b) in zip(linear, params, strict=True):
                lin.weight.copy_(w[k, :lin.in_features].T)
                lin.bias.copy_(b[k])
        train_p, train_l, test_p, test_l = _outputs(model, data)
        runs.append(DPTrainingRun(
            dataset_name, seed, float(epsilon) if dp else None, spent, sigma, q,
            config.accountant if dp else None, config, "vectorized" if dp else "vectorized-no-dp",
            wall, data, train_p, test_p, train_l, test_l, model=model,
            notes=[f"trained with {K - 1} other models; wall time is the chunk's share"]))
    return runs


def _pad_batches(steps_batches):
    """Index and mask tensors (steps, K, width) for one epoch of per-model batches."""
    import torch

    steps, K = len(steps_batches), len(steps_batches[0])
    width = max(1, max(len(b) for per_step in steps_batches for b in per_step))
    idx = torch.zeros(steps, K, width, dtype=torch.long)
    mask = torch.zeros(steps, K, width)
    for t, per_step in enumerate(steps_batches):
        for k, b in enumerate(per_step):
            idx[t, k, :len(b)] = torch.from_numpy(b)
            mask[t, k, :len(b)] = 1.0
    return idx, mask


def _epoch_noise(gens, n_feat, hidden, steps, d_max, std):
    """N(0, std²) noise for every step of an epoch, per model from its own generator, drawn
    over its true parameter shapes only (padding consumes no random numbers, so batch-mates
    cannot change a model's stream)."""
    import torch

    K = len(gens)
    h1, h2 = hidden
    if len(set(n_feat)) == 1:  # the usual case: one slab, views per parameter, no padding
        d = n_feat[0]
        sizes = [d * h1, h1, h1 * h2, h2, h2, 1]
        slab = torch.stack([torch.randn(steps, sum(sizes), generator=g) for g in gens], dim=1)
        slab.mul_(std)
        p = torch.split(slab, sizes, dim=2)
        return [[p[0].view(steps, K, d, h1), p[1]], [p[2].view(steps, K, h1, h2), p[3]],
                [p[4].view(steps, K, h2, 1), p[5]]]
    out = [[torch.zeros(steps, K, d_max, h1), torch.zeros(steps, K, h1)],
           [torch.zeros(steps, K, h1, h2), torch.zeros(steps, K, h2)],
           [torch.zeros(steps, K, h2, 1), torch.zeros(steps, K, 1)]]
    for k, gen in enumerate(gens):
        d = n_feat[k]
        sizes = [d * h1, h1, h1 * h2, h2, h2, 1]
        flat = torch.randn(steps, sum(sizes), generator=gen) * std
        parts = torch.split(flat, sizes, dim=1)
        out[0][0][:, k, :d] = parts[0].view(steps, d, h1)
        out[0][1][:, k] = parts[1]
        out[1][0][:, k] = parts[2].view(steps, h1, h2)
        out[1][1][:, k] = parts[3]
        out[2][0][:, k] = parts[4].view(steps, h2, 1)
        out[2][1][:, k] = parts[5]
    return out
