"""Many DP-SGD models of the paper's MLP at once, as batched tensor operations.

K models (one per seed) train side by side, in passes of up to ``MODELS_PER_PASS``: their
parameters are one flat (K, P) tensor (``StackedMLP``) and every step is a few batched matrix
products (numpy's BLAS) plus elementwise torch operations. Per-sample gradients are never
materialised: for a linear layer the per-sample gradient of (W, b) is [a_i; 1] δ_iᵀ, whose norm
is sqrt(‖a_i‖² + 1)·‖δ_i‖, and the clipped sum Σ_i c_i a_i δ_iᵀ is one matrix product. Semantics
follow Opacus's path exactly: Poisson sampling at rate 1/ceil(N/B) for ceil(N/B) steps per
epoch, clip factor min(1, C / (‖g_i‖ + 1e-6)), Gaussian noise σ·C on the summed clipped
gradient, division by the expected batch size int(N·q), SGD with momentum. σ comes from the
same accountant call, and the spent ε from Opacus's accountant over the same steps.

Every random draw of model k comes from generators seeded by its own seed (initialisation like
``torch.manual_seed(seed)`` in the Opacus path, sampling and noise on separate streams), so a
model's result does not depend on which other models share its pass (beyond the rounding of
the batched products, whose blocking depends on the padded batch width).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import math
import time
import warnings
from dataclasses import dataclass

import numpy as np

from .._checks import TEXT_LIKE, check_seed, check_type
from ..errors import EthicLensInputError
from ._dpsgd import (
    QUIET,
    DPTrainingRun,
    TrainConfig,
    accounting,
    build_mlp,
    check_dataset_name,
    check_settings,
    checked_config,
    dp_epsilon,
    epsilon_at,
    finished_run,
    noise_multiplier_for,
    train_dp_mlp,
)
from ._inputs import PreparedData, argument_error, refusing_unknown

log = logging.getLogger(__name__)
MEMORY_BUDGET_BYTES = 3 * 2**30  # per chunk of models trained together
# Models per pass. A step is a few batched products plus elementwise passes over (K, batch,
# width) tensors; past ~8 models those leave the 2 MB L2 cache and the time per model grows
# (Adult, 25 epochs, one thread: 0.58 s/model at K = 4-10, 0.73 s at 25, 0.79 s at 50), while
# below ~4 the per-operation overhead is no longer shared. More seeds run as several passes.
MODELS_PER_PASS = 8


@dataclass(frozen=True)
class Batches:
    """Row indices of every step's batch, as one array cut at ``starts`` (CSR-style)."""

    rows: np.ndarray  # int64, the batches one after another
    starts: np.ndarray  # int64, len(steps) + 1: batch t is rows[starts[t]:starts[t + 1]]

    def __len__(self) -> int:
        return len(self.starts) - 1

    def __getitem__(self, t: int) -> np.ndarray:
        return self.rows[self.starts[t] : self.starts[t + 1]]

    def sizes(self) -> np.ndarray:
        return np.diff(self.starts)


def poisson_batches(rng: np.random.Generator, n: int, q: float, steps: int) -> Batches:
    """``steps`` Poisson samples of row indices: each row independently with probability q.

    The steps' rows laid end to end form one Bernoulli(q) process over steps·n positions, drawn
    as geometric gaps between selected positions: exact, and O(q·n·steps) in a few calls.
    """
    total = n * steps
    picked, pos = [], -1
    expect = int(q * total + 6 * math.sqrt(q * total) + 16)
    while True:
        idx = pos + np.cumsum(rng.geometric(q, size=expect))
        stop = np.searchsorted(idx, total)
        picked.append(idx[:stop])
        if stop < len(idx):
            break
        pos = idx[-1]
    step, rows = np.divmod(np.concatenate(picked), n)
    starts = np.searchsorted(step, np.arange(steps + 1))
    return Batches(rows, starts)


def shuffled_batches(rng: np.random.Generator, n: int, batch: int, epochs: int) -> Batches:
    """The no-DP baseline's batches: a fresh permutation per epoch, fixed batch size."""
    rows = np.concatenate([rng.permutation(n) for _ in range(epochs)])
    per_epoch = np.r_[np.arange(0, n, batch), n]
    starts = np.r_[np.concatenate([per_epoch[:-1] + e * n for e in range(epochs)]), epochs * n]
    return Batches(rows, starts)


class StackedMLP:
    """K copies of the paper's MLP d → h1 → h2 → 1 in one flat (K, P) parameter tensor.

    Each layer keeps its bias as an extra last input row, (in + 1, out), so with a ones column
    appended to the inputs a layer is one plain batched product, and the gradient of weight and
    bias together is one product too (no separate bias pass; torch's ``baddbmm`` with a
    broadcast bias ran ~1.7x slower than ``bmm`` here). Per model the flat order is
    [W1 (d rows), b1, W2, b2, w3, b3]: the order the noise is drawn in, and one flat tensor
    makes the optimiser step three operations.
    """

    def __init__(self, K: int, d: int, hidden):
        import torch

        self.K, self.d, (h1, h2) = K, d, hidden
        self.hidden = (h1, h2)
        self.sizes = [(d + 1) * h1, (h1 + 1) * h2, h2 + 1]
        self.theta = torch.zeros(K, sum(self.sizes))
        self.W1, self.W2, self.w3 = self.views(self.theta)

    def views(self, flat):
        """(W1 (K, d+1, h1), W2 (K, h1+1, h2), w3 (K, h2+1)) views of a (K, P) tensor."""
        (h1, h2), K = self.hidden, self.K
        a, b, c = flat.split(self.sizes, dim=1)
        return a.view(K, self.d + 1, h1), b.view(K, h1 + 1, h2), c

    def layers(self, k: int):
        """Model k's three layers as (inputs + 1, outputs) views, the bias the last row."""
        return self.W1[k], self.W2[k], self.w3[k].unsqueeze(1)

    def load(self, k: int, linear_layers) -> None:
        """Model k's weights from torch ``Linear`` layers (input width ≤ d; the rest stays 0)."""
        import torch

        with torch.no_grad():
            for W, lin in zip(self.layers(k), linear_layers, strict=True):
                W[: lin.in_features] = lin.weight.T
                W[-1] = lin.bias

    def export(self, k: int, n_features: int):
        """Model k as a torch ``nn.Sequential`` (the Opacus path's architecture)."""
        import torch

        model = build_mlp(n_features, self.hidden)
        linear = [m for m in model if isinstance(m, torch.nn.Linear)]
        with torch.no_grad():
            for W, lin in zip(self.layers(k), linear, strict=True):
                lin.weight.copy_(W[: lin.in_features].T)
                lin.bias.copy_(W[-1])
        return model


def with_ones(X):
    """Inputs (..., d) with the ones column the stacked layout expects, (..., d + 1)."""
    import torch

    return torch.cat([X, torch.ones(*X.shape[:-1], 1, dtype=X.dtype)], dim=-1)


def _bmm(a, b):
    """Batched ``a @ b`` through numpy's BLAS, sharing memory with the torch tensors.

    numpy's wheels bundle OpenBLAS, whose AVX-512 kernels run these small products about twice
    as fast as torch's MKL, which takes its AVX2 code path on AMD processors (ADR 0005); with
    OpenBLAS's AVX2 kernels the two are within a few per cent. Threads: see ``_train_chunk``.
    """
    import torch

    return torch.from_numpy(np.matmul(a.numpy(), b.numpy()))


def clipped_grad_sum(
    net: StackedMLP, Xb, yb, mask, max_grad_norm: float | None, scale=None, x_sq=None
):
    """Σ_i c_i ∇ℓ_i for every model, flat (K, P) like ``net.theta``.

    Xb (K, B, d + 1) carries the ones column, yb (K, B), mask (K, B) marks real rows. With
    ``max_grad_norm=None`` nothing is clipped (the no-DP path). ``scale`` (K,) multiplies each
    model's sum (folded into the clip factors, saving a pass); ``x_sq`` (K, B) are the rows'
    squared norms including the ones column, when precomputed.
    """
    import torch

    relu_grad = torch.ops.aten.threshold_backward  # δ·1[a > 0] in one fused pass
    h2 = net.hidden[1]
    W2, b2 = net.W2[:, :-1], net.W2[:, -1:]
    w3, b3 = net.w3[:, :h2].unsqueeze(1), net.w3[:, h2:].unsqueeze(1)  # (K, 1, h2), (K, 1, 1)
    a1 = _bmm(Xb, net.W1).relu_()
    a2 = _bmm(a1, W2).add_(b2).relu_()
    # the output layer (width 1) as broadcasts
    z3 = (a2 * w3).sum(2, keepdim=True).add_(b3)
    d3 = torch.sigmoid(z3).sub_(yb.unsqueeze(2))  # dℓ/dz of BCE-with-logits, per sample
    d2 = relu_grad(d3 * w3, a2, 0)
    d1 = relu_grad(_bmm(d2, W2.transpose(1, 2)), a1, 0)
    if max_grad_norm is None:
        c = mask
    else:
        if x_sq is None:
            x_sq = Xb.square().sum(2)

        def sq(t):
            return torch.linalg.vector_norm(t, dim=2).square_()

        # ‖[a; 1] δᵀ‖ = sqrt(‖a‖² + 1)·‖δ‖ per layer, summed over layers
        total = x_sq * sq(d1) + (sq(a1) + 1) * sq(d2) + (sq(a2) + 1) * sq(d3)
        c = (max_grad_norm / (total.sqrt_() + 1e-6)).clamp_(max=1.0).mul_(mask)
    if scale is not None:
        c = c * scale.unsqueeze(1)
    c = c.unsqueeze(2)
    K = len(Xb)
    dc1, dc2, dc3 = d1.mul_(c), d2.mul_(c), d3.mul_(c)
    return torch.cat(
        [
            _bmm(Xb.transpose(1, 2), dc1).view(K, -1),
            _bmm(a1.transpose(1, 2), dc2).view(K, -1),
            dc2.sum(1),
            (a2 * dc3).sum(1),
            dc3.sum(1).view(K, 1),
        ],
        dim=1,
    )


def sgd_momentum_step(theta, buf, grad, lr: float, momentum: float, first: bool) -> None:
    """torch.optim.SGD(momentum, dampening 0): buf = m·buf + g (buf = g at first),
    p -= lr·buf, on the flat (K, P) tensors."""
    if first:
        buf.copy_(grad)
    else:
        buf.mul_(momentum).add_(grad)
    theta.add_(buf, alpha=-lr)


# the ε the pass spent, asked once per (σ, q, steps, settings): the passes of a sweep repeat it
_spent_epsilon = functools.lru_cache(maxsize=256)(epsilon_at)


@refusing_unknown
def train_many(
    dataset_name: str,
    *,
    epsilon,
    seeds,
    datas: list,
    config: TrainConfig | None = None,
    memory_budget: int = MEMORY_BUDGET_BYTES,
) -> list[DPTrainingRun]:
    """Train one model per seed (each on its own seeded 70/30 split) with the fast path.

    Falls back to the Opacus trainer, with a logged reason, for settings it does not handle;
    never silently without DP. Models are trained in passes of at most ``MODELS_PER_PASS``
    that also fit ``memory_budget``; a model's result does not depend on its pass-mates.

    Parameters
    ----------
    dataset_name : str
        The name of the data's dataset (every split's ``dataset``; recorded with each run, as
        :func:`train_dp_mlp` records its ``dataset``); another name is refused.
    epsilon : float or None
        Target ε (None: no DP).
    seeds : list of int
        One model per seed, each on its own split.
    datas : list of PreparedData
        Prepared splits, one per seed (``ethiclens.experiments.prepare(dataset, seed)`` for a
        benchmark dataset).
    config : TrainConfig, optional
    memory_budget : int
        Bytes the models of one pass may use.

    Returns
    -------
    list of DPTrainingRun
    """
    config = checked_config(config)
    seeds, datas = _seeded_splits(dataset_name, seeds, datas)
    if len(config.hidden) != 2:  # the Opacus trainer, saying so (never silently without DP)
        reason = f"hidden layers {config.hidden}: the fast path implements the paper's 2 layers"
        log.warning("vectorized trainer falls back to Opacus: %s", reason)
        runs = (
            train_dp_mlp(dataset_name, epsilon=epsilon, seed=s, config=config, data=d)
            for s, d in zip(seeds, datas, strict=True)
        )
        note = f"fell back to Opacus: {reason}"
        return [dataclasses.replace(run, notes=[*run.notes, note]) for run in runs]
    check_settings(_pass_rows(datas), config)  # before the memory plan divides by them
    per_pass = _models_per_pass(datas, config, memory_budget, len(seeds))
    return _train_passes(dataset_name, epsilon, seeds, datas, config, per_pass)


def _seeded_splits(dataset_name, seeds, datas) -> tuple[list, list]:
    """``train_many``'s seeds and prepared splits, checked: one split per seed, each a
    :class:`PreparedData` of ``dataset_name`` (as :func:`train_dp_mlp` checks its data)."""
    seeds = [check_seed(s, "seeds") for s in _listed(seeds, "seeds", "e.g. seeds=[0, 1, 2]")]
    datas = _listed(datas, "datas", PREPARED)
    if not seeds:
        raise argument_error("no seeds", "seeds", seeds, "give at least one, e.g. seeds=[0, 1, 2]")
    if len(datas) != len(seeds):
        raise EthicLensInputError(
            "needs one prepared split per seed",
            column="datas",
            value=f"{len(datas)} splits for {len(seeds)} seeds",
            fix=PREPARED,
        )
    for d in datas:
        check_type(d, PreparedData, column="datas", problem="holds no prepared split", fix=PREPARED)
        check_dataset_name(dataset_name, d, "dataset_name")
    return seeds, datas


PREPARED = "datas=[ethiclens.experiments.prepare(dataset, s) for s in seeds]"


def _listed(values, name: str, fix: str) -> list:
    """``values`` as a list, refused naming ``name`` when it is no list (a number, None)."""
    if isinstance(values, (*TEXT_LIKE, dict)) or not np.iterable(values):  # a bytearray: 1 value
        raise argument_error("must be a list", name, values, fix)
    return list(values)


def _train_passes(dataset_name, epsilon, seeds, datas, config, per_pass) -> list[DPTrainingRun]:
    """The models in passes of about ``per_pass`` (an even split of the seeds)."""
    import torch
    from threadpoolctl import threadpool_limits

    runs = []
    # numpy's BLAS would otherwise start one thread per core: keep it to torch's thread count
    # (one per sweep worker), so that a benchmark at one thread is one thread.
    blas = threadpool_limits(limits=torch.get_num_threads(), user_api="blas")
    with warnings.catch_warnings(), blas, torch.random.fork_rng(devices=[]):  # caller's kept
        for text in QUIET:
            warnings.filterwarnings("ignore", message=f".*{text}.*")
        for group in np.array_split(np.arange(len(seeds)), math.ceil(len(seeds) / per_pass)):
            runs += _train_chunk(
                dataset_name, epsilon, [seeds[i] for i in group], [datas[i] for i in group], config
            )
    return runs


def _models_per_pass(datas, config: TrainConfig, memory_budget: int, n_models: int) -> int:
    """Models trained together: at most MODELS_PER_PASS, and as many as fit the budget."""
    n, d_max = len(datas[0].y_train), max(d.n_features for d in datas)
    h1, h2 = config.hidden
    params = (d_max + 1) * h1 + (h1 + 1) * h2 + h2 + 1
    # data with its ones column, one epoch of noise, activations of a generous batch
    per_model = 4 * (
        n * (d_max + 2)
        + math.ceil(n / config.batch_size) * params
        + 4 * config.batch_size * (d_max + 4 * (h1 + h2))
    )
    fit = max(1, memory_budget // per_model)
    if fit < n_models:
        log.info(
            "training %d models in chunks of %d to stay within %.1f GB",
            n_models,
            fit,
            memory_budget / 2**30,
        )
    return min(fit, MODELS_PER_PASS)


def _pass_rows(datas) -> int:
    """The training rows every model of a pass shares (refused when they differ)."""
    sizes = {len(d.y_train) for d in datas}
    if len(sizes) != 1:
        raise EthicLensInputError(
            "models of one pass need equally sized training splits",
            column="datas",
            value=sorted(sizes),
            fix="prepare every seed from the same dataset and test size",
        )
    return sizes.pop()


def _train_chunk(dataset_name, epsilon, seeds, datas, config) -> list[DPTrainingRun]:
    K, n = len(seeds), _pass_rows(datas)
    epsilon = dp_epsilon(epsilon)
    q = check_settings(n, config)
    dp = epsilon is not None
    sigma = noise_multiplier_for(epsilon, q, config) if dp else None
    steps_per_epoch = math.ceil(n / config.batch_size)
    steps = steps_per_epoch * config.epochs
    start = time.perf_counter()
    net, X, Y = _stack(seeds, datas, config, n)
    samplers = [np.random.default_rng([seed, 1]) for seed in seeds]
    if dp:
        batches = [poisson_batches(rng, n, q, steps) for rng in samplers]
        std = sigma * config.max_grad_norm / int(n * q)
        noise = _EpochNoise(seeds, [d.n_features for d in datas], net, steps_per_epoch, std)
    else:
        batches = [shuffled_batches(rng, n, config.batch_size, config.epochs) for rng in samplers]
        noise = None
    _train_epochs(net, X, Y, batches, noise, config, int(n * q))
    wall = (time.perf_counter() - start) / K
    spent = _spent_epsilon(sigma, q, steps, config) if dp else None
    fields = accounting(epsilon, spent, sigma, q, config)
    return [
        finished_run(
            net.export(k, data.n_features),
            data,
            dataset=dataset_name,
            seed=seed,
            **fields,
            trainer="vectorized" if dp else "vectorized-no-dp",
            wall_time_s=wall,
            notes=[f"trained in a pass of {K} models; wall time is the pass's share"],
        )
        for k, (seed, data) in enumerate(zip(seeds, datas, strict=True))
    ]


def _stack(seeds, datas, config: TrainConfig, n: int):
    """The pass's models (initialised as the Opacus path would) and their data, stacked:
    inputs (K, n, d_max + 1) zero-padded with the ones column, labels (K, n)."""
    import torch

    d_max = max(d.n_features for d in datas)
    net = StackedMLP(len(seeds), d_max, config.hidden)
    X = torch.zeros(len(seeds), n, d_max + 1)  # every model's rows, zero-padded, ones column
    X[:, :, d_max] = 1.0
    for k, (seed, data) in enumerate(zip(seeds, datas, strict=True)):
        X[k, :, : data.n_features] = torch.from_numpy(data.X_train)
        with torch.random.fork_rng(devices=[]):  # initialised exactly as the Opacus path does
            torch.manual_seed(seed)
            mlp = build_mlp(data.n_features, config.hidden)
        net.load(k, [m for m in mlp if isinstance(m, torch.nn.Linear)])
    Y = torch.stack([torch.from_numpy(d.y_train) for d in datas])
    return net, X, Y


def _train_epochs(net, X, Y, batches, noise, config: TrainConfig, expected_batch: int) -> None:
    """Every step of every epoch: clipped (DP, ``noise`` given) or plain gradients, then SGD
    with momentum, on the stacked models."""
    import torch

    K, n, width = X.shape
    steps_per_epoch = math.ceil(n / config.batch_size)
    buf = torch.zeros_like(net.theta)
    X_flat, Y_flat = X.view(K * n, width), Y.view(K * n)
    # per-row squared norms (ones column included), gathered per step for the clip norms
    x_sq = torch.linalg.vector_norm(X_flat, dim=1).square_()
    inv_expected = torch.full((K,), 1.0 / expected_batch)
    for epoch in range(config.epochs):
        span = range(epoch * steps_per_epoch, (epoch + 1) * steps_per_epoch)
        flat_idx, mask, widths = _pad_batches(batches, span.start, span.stop, n)
        if noise is not None:
            noise.draw()
        for j, step in enumerate(span):
            w = widths[j]  # this step's widest batch: less padding than the epoch's widest
            fj = flat_idx[j, :, :w].reshape(-1)
            mj = mask[j, :, :w]
            Xb = X_flat.index_select(0, fj).view(K, w, width)
            Yb = Y_flat.index_select(0, fj).view(K, w)
            if noise is not None:
                xj = x_sq.index_select(0, fj).view(K, w)
                grad = clipped_grad_sum(net, Xb, Yb, mj, config.max_grad_norm, inv_expected, xj)
                grad.add_(noise.slab[j], alpha=noise.std)
            else:
                grad = clipped_grad_sum(net, Xb, Yb, mj, None, 1.0 / mj.sum(1).clamp(min=1))
            sgd_momentum_step(net.theta, buf, grad, config.lr, config.momentum, first=step == 0)


def _pad_batches(batches: list[Batches], t0: int, t1: int, n: int):
    """Steps t0..t1-1 of every model's batches as (steps, K, width) index and mask tensors and
    each step's widest batch; model k's indices point into the (K·n, ·) data view, padding to
    row k·n with mask 0."""
    import torch

    K, steps = len(batches), t1 - t0
    widths = np.maximum(np.max([b.sizes()[t0:t1] for b in batches], axis=0), 1)
    idx = np.empty((steps, K, int(widths.max())), dtype=np.int64)
    idx[:] = (np.arange(K, dtype=np.int64) * n)[None, :, None]
    mask = np.zeros(idx.shape, dtype=np.float32)
    for k, b in enumerate(batches):
        lo, hi = b.starts[t0], b.starts[t1]
        lens = np.diff(b.starts[t0 : t1 + 1])
        step = np.repeat(np.arange(steps), lens)
        pos = np.arange(hi - lo) - np.repeat(b.starts[t0:t1] - lo, lens)
        idx[step, k, pos] = b.rows[lo:hi] + k * n
        mask[step, k, pos] = 1.0
    return torch.from_numpy(idx), torch.from_numpy(mask), widths.tolist()


class _EpochNoise:
    """Standard normal noise for every step of an epoch, (steps, K, P) in the flat layout.

    Model k draws from its own generator over its true parameters only, in the flat order
    [W1 (its d_k rows), b1, W2, b2, w3, b3]; the rows padding W1 to the chunk's widest input
    stay zero and consume no random numbers, so batch-mates cannot change a model's stream. One
    draw per model per epoch keeps generator calls few; the buffer is allocated once.
    """

    def __init__(self, seeds, n_feat, net: StackedMLP, steps: int, std: float):
        import torch

        self.std = std  # of the noise added to the summed clipped gradient, σ·C / batch
        self.gens = [torch.Generator().manual_seed(seed * 1_000_003 + 2) for seed in seeds]
        self.n_feat, self.h1, self.d = n_feat, net.hidden[0], net.d
        self.rest = sum(net.sizes) - net.d * self.h1  # b1 onwards
        self.steps = steps
        self.slab = torch.zeros(steps, len(seeds), sum(net.sizes))

    def draw(self) -> None:
        import torch

        head = self.d * self.h1
        for k, (gen, d) in enumerate(zip(self.gens, self.n_feat, strict=True)):
            real = d * self.h1
            z = torch.randn(self.steps, real + self.rest, generator=gen)
            self.slab[:, k, :real] = z[:, :real]  # padding rows real..head stay 0
            self.slab[:, k, head:] = z[:, real:]
