"""The PCER paper's MLP trained with DP-SGD (Opacus), or without DP for the baseline.

Defaults are the paper's: MLP 64–32–1 ReLU, δ = 1e-5, max grad norm C = 1.0, batch 256, SGD
lr 0.05 momentum 0.9, 25 epochs, Poisson sampling, Opacus's default accountant (PRV; RDP with
its default orders cannot reach ε = 0.1). ``epsilon=None`` (or +∞) trains the identical model
without clipping or noise.
"""

from __future__ import annotations

import functools
import math
import time
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field, fields

import numpy as np

from .._checks import (
    _other_number,
    check_argument_type,
    check_dp_delta,
    check_dp_epsilon,
    check_seed,
    check_type,
    is_number,
    printed_float,
    refuse_whole_decimal,
    use_one_of,
)
from .._optional import require  # leaves the root logger as it was (Opacus's basicConfig)
from ..errors import EthicLensInputError, reprs_plainly, shown_int
from ..fairness import refuse_unknown
from ._inputs import PreparedData, SplitPredictions, argument_error, refusing_unknown


@refusing_unknown
@dataclass(frozen=True)
class TrainConfig:
    """Every DP-SGD setting, with the paper's values as defaults.

    Attributes
    ----------
    delta : float
        DP δ (1e-5).
    max_grad_norm : float
        Per-example clipping norm C (1.0).
    batch_size : int
        Expected Poisson batch size (256).
    lr, momentum : float
        SGD (0.05, 0.9).
    epochs : int
        25.
    hidden : tuple of int
        Hidden layer widths (64, 32).
    accountant : {"prv", "rdp", "gdp"}
        Opacus accountant (PRV).
    test_size : float
        Test share of the stratified split (0.3).
    """

    delta: float = 1e-5
    max_grad_norm: float = 1.0
    batch_size: int = 256
    lr: float = 0.05
    momentum: float = 0.9
    epochs: int = 25
    hidden: tuple = (64, 32)
    accountant: str = "prv"
    test_size: float = 0.3

    def __post_init__(self):
        # hashable (σ is cached per config) whatever sequence the caller passed, its numpy
        # whole numbers ints (JSON); no sequence (5, None) is left for the check to refuse
        if isinstance(self.hidden, Iterable):
            hidden = (int(w) if isinstance(w, np.integer) else w for w in self.hidden)
            object.__setattr__(self, "hidden", tuple(hidden))
        for name in ("epochs", "batch_size"):  # a numpy whole number is the int it is (JSON)
            if isinstance(getattr(self, name), np.integer):
                object.__setattr__(self, name, int(getattr(self, name)))
        for name in ("delta", "max_grad_norm", "lr", "momentum", "test_size"):
            if isinstance(getattr(self, name), np.floating):  # the decimal it prints as: a
                # float32 δ of 1e-5 was 9.9999997e-06, which Opacus's PRV accountant refused
                object.__setattr__(self, name, printed_float(getattr(self, name)))

    def to_dict(self) -> dict:
        """JSON-ready fields (``hidden`` as a list)."""
        return {**self.__dict__, "hidden": list(self.hidden)}


@reprs_plainly
@dataclass(kw_only=True)
class DPTrainingRun:
    """A trained model, its privacy accounting, and its predictions on both splits.

    Attributes
    ----------
    dataset : str
    seed : int
    epsilon_requested, epsilon_spent : float or None
        None without DP.
    noise_multiplier : float or None
        σ of DP-SGD (None without DP).
    sample_rate : float
        Poisson sampling rate q.
    accountant : str or None
    config : TrainConfig
    trainer : str
        ``opacus``, ``no-dp``, ``vectorized`` or ``vectorized-no-dp``.
    wall_time_s : float
    data : PreparedData
    train_proba, test_proba, train_loss, test_loss : ndarray
    model : object
    notes : list of str
    """

    dataset: str
    seed: int
    epsilon_requested: float | None
    epsilon_spent: float | None
    noise_multiplier: float | None
    sample_rate: float
    accountant: str | None
    config: TrainConfig
    trainer: str
    wall_time_s: float
    data: PreparedData
    train_proba: np.ndarray
    test_proba: np.ndarray
    train_loss: np.ndarray
    test_loss: np.ndarray
    model: object = None
    notes: list = field(default_factory=list)

    def splits(self, attribute: str) -> tuple[SplitPredictions, SplitPredictions]:
        """Train (members) and test (non-members) predictions grouped by ``attribute``."""
        _check_attribute(self.data, attribute, ordered=False)  # splits read no group order
        d, n = self.data, len(self.data.y_train)
        # ids: the split's own rows, disjoint (a record the data holds twice is not a leak)
        ids = np.arange(n + len(d.y_test))
        return tuple(
            SplitPredictions(
                getattr(d, f"y_{name}"),
                getattr(self, f"{name}_proba") >= 0.5,
                getattr(d, f"groups_{name}")[attribute],
                loss=getattr(self, f"{name}_loss"),
                name=name,
                ids=i,
            )
            for name, i in (("train", ids[:n]), ("test", ids[n:]))
        )

    def group_order(self, attribute: str) -> tuple[str, str]:
        """``(group0, group1)`` of ``attribute``, as prepared (the dataset's registry entry). A
        set (or dict) given as the order is refused, as ``pcer_audit(group_order=...)`` refuses
        it: a set of strings iterates in a per-process hash order (ΔPCER's sign would flip)."""
        _check_attribute(self.data, attribute)
        order = self.data.group_orders[attribute]
        if isinstance(order, set | frozenset | dict):
            raise argument_error(
                f"must give each attribute's groups as a sequence, not a {type(order).__name__}: "
                "its order is not the one you wrote (a set's changes from run to run)",
                f"group_orders.{attribute}",
                order,
                f"e.g. group_orders={{{attribute!r}: ('A', 'B')}}",
            )
        return tuple(order)


def _check_attribute(data: PreparedData, attribute: str, ordered: bool = True) -> None:
    """``attribute`` one of the data's groupings (``ordered``: with its group order too)."""
    if attribute not in data.groups_train or (ordered and attribute not in data.group_orders):
        raise EthicLensInputError(
            f"no attribute {attribute!r} for {data.dataset}",
            column="attribute",
            value=attribute,
            fix=use_one_of(attribute, data.groups_train),
        )


def dp_epsilon(epsilon, where: str = "epsilon", limit: float | None = None) -> float | None:
    """The checked ε of every face (the trainers, ``pcer train``'s request, a sweep grid with
    its ``limit``; refusals name ``where``), or None for no DP: None, a no-DP word, or +∞ as
    infinity is written (``math.inf``, ``np.inf``, TOML ``inf``, YAML ``.inf``, JSON
    ``Infinity``): ε = ∞ is no privacy. A number too large for a double as written (``1e400``
    in a file, ``10**400``) is refused as the overflow it is. A NumPy float is the decimal it
    prints as (a float32 0.1 is 0.1); −inf is refused as every ε ≤ 0 is, never "no DP"."""
    epsilon = _past_a_double(epsilon)
    if isinstance(epsilon, np.floating):
        epsilon = printed_float(epsilon)
    if isinstance(epsilon, float) and epsilon == math.inf:
        written = getattr(epsilon, "yaml_text", None)  # a config file's text, where kept
        if written is None or not any(c.isdigit() for c in written):
            return None
        epsilon = written  # 1e400: refused as typed, not as the inf it read as
    return check_dp_epsilon(epsilon, where, limit=limit)


def _past_a_double(value):
    """A finite number a double cannot hold as its text (``np.longdouble('1e400')`` ->
    ``'1e+400'``, ``10**5000`` -> ``'1e+5000'``): refused as the overflow it is, never read
    as the inf a double rounds it to (no DP) nor shown by ``str()`` (past 4,300 digits)."""
    if isinstance(value, np.floating) and np.isfinite(value) and abs(value) > _DOUBLE_MAX:
        return str(value)
    if type(value) is int and value > 0:  # a LongInteger (a file's) shows its own text
        try:
            float(value)
        except OverflowError:  # 7 digits rounded up (a text that overflows as the int does)
            exponent = int(value.bit_length() * 0.30102999566398120) - 1  # log10(2): ≤ its
            while value >= 10 ** (exponent + 1):
                exponent += 1
            head = str(-(-value // 10 ** (exponent - 6)))  # 1000000..10000000
            exponent, head = (exponent + 1, head[:7]) if len(head) > 7 else (exponent, head)
            return f"{head[0]}{'.' * (head[1:] != '000000')}{head[1:].rstrip('0')}e+{exponent}"
    return value


_DOUBLE_MAX = np.finfo(np.float64).max

MAX_EPOCHS = 100_000  # the sweep grid's limit too (the paper trains 25)


def _check_whole(value, name: str, low: int, high: int | None, example: str) -> None:
    """Refuse ``value`` unless a whole number from ``low`` to ``high`` (None: no top); a
    Decimal or Fraction is told the type to pass, as every checked setting's refusal is."""
    whole = isinstance(value, int) and not isinstance(value, bool)
    if not whole or value < low or (high is not None and value > high):
        bounds = f"between {low} and {high:,}" if high else f"at least {low}"
        fix = f"give a whole number {bounds}, {example}"
        noun = _other_number(value)  # Decimal('2'): "an int, not a Decimal"
        if noun and noun.startswith("an int"):  # Decimal('2.5') is no whole number to pass
            fix = f"pass it as {noun}; {fix}"
        problem = f"{name.replace('_', ' ')} must be a whole number {bounds}"
        raise argument_error(problem, name, value, fix)


def check_batch_settings(config: TrainConfig) -> None:
    """Refuse a batch size or epoch count that is not a whole number in range, each by its own
    name (``batch_size``, ``epochs``: a face renames them), before any data is touched; 25.0
    as every whole number written as a decimal is (25 to give, when in range)."""
    limits = {"batch_size": (1, None, "e.g. 256"), "epochs": (1, MAX_EPOCHS, "e.g. 25")}
    for name, (low, high, example) in limits.items():
        value = getattr(config, name)
        refuse_whole_decimal(
            value, name, lambda n, r=(name, low, high, example): _check_whole(n, *r)
        )
        _check_whole(value, name, low, high, example)


def check_settings(n_train: int, config: TrainConfig) -> float:
    """Validate the batch settings; return the Poisson sample rate."""
    check_batch_settings(config)
    if config.batch_size >= n_train:  # before dividing: n / a 330-digit batch is 0.0
        raise argument_error(
            f"sample rate batch_size / n_train = {shown_int(config.batch_size)}/{n_train} >= 1: "
            "Poisson subsampling (and its privacy amplification) needs batches smaller than the "
            "data",
            "batch_size",
            config.batch_size,
            f"use a batch size below {n_train}",
        )
    # a sweep grid's train.delta range and words ('1e-5' refused, no TypeError): 1e-300 was
    # taken here until DP-SGD's accountant failed at training, 0.05 trained
    check_dp_delta(config.delta, "delta")
    _check_optimizer_settings(config)
    # Opacus's make_private sets the Poisson rate to 1 / len(data_loader) = 1 / ceil(n / batch)
    # and takes that many steps per epoch; σ and ε here use the same rate.
    return 1.0 / math.ceil(n_train / config.batch_size)


# TrainConfig's optimizer numbers and test share -> (low, high, low inclusive): a sweep grid's
# [train] table bounds them so (experiments' TRAIN_RANGES); NaN and ±inf fail the comparisons
OPTIMIZER_RANGES = {
    "lr": (0, 100, False),
    "momentum": (0, 1, True),
    "max_grad_norm": (0, 1e6, False),
    "test_size": (0, 0.9, False),
}


def check_train_number(name: str, value) -> None:
    """Refuse a :class:`TrainConfig` number (``lr``, ``momentum``, ``max_grad_norm``,
    ``test_size``) that is no number in its :data:`OPTIMIZER_RANGES` range (a bool, text,
    NaN or ±inf included), naming it as the argument it is."""
    low, high, inclusive = OPTIMIZER_RANGES[name]
    if not (is_number(value) and (low <= value if inclusive else low < value) and value <= high):
        bounds = f"{'[' if inclusive else '('}{low:g}, {high:g}]"
        fix = f"e.g. {name}={getattr(TrainConfig(), name)!r}"
        raise argument_error(f"must be a number in {bounds}", name, value, fix)


def _check_optimizer_settings(config: TrainConfig) -> None:
    """Refuse, before training, a learning rate, momentum, clipping norm C or test share out of
    range (C = 0 clips every gradient away, C = inf makes the noise σ·C infinite), hidden widths
    that are no non-empty list of whole numbers, and an accountant Opacus does not have."""
    for name in OPTIMIZER_RANGES:
        check_train_number(name, getattr(config, name))
    widths = config.hidden
    whole = (int, np.integer)  # numpy's too (tuple(np.array([64, 32])) trained before)
    listed = isinstance(widths, tuple) and widths  # no sequence (5, None): refused
    if not listed or not all(isinstance(w, whole) and not isinstance(w, bool) for w in widths):
        widths = None
    if widths is None or not all(1 <= w <= 100_000 for w in widths):
        problem = "hidden layer widths must be a non-empty list of integers from 1 to 100,000"
        raise argument_error(problem, "hidden", config.hidden, "e.g. hidden=(64, 32)")
    if config.accountant not in ACCOUNTANTS:
        fix = use_one_of(config.accountant, ACCOUNTANTS)
        raise argument_error("unknown accountant", "accountant", config.accountant, fix)


ACCOUNTANTS = ("prv", "rdp", "gdp")
# The smallest σ searched: below it Opacus's PRV accountant takes seconds to minutes per
# evaluation. An ε that needs less noise is trained at SIGMA_MIN and spends less than asked
# (budget_note warns; docs/pcer.md).
SIGMA_MIN = 0.3
SIGMA_MAX = 2000.0  # Opacus's own MAX_SIGMA


def epsilon_at(
    sigma: float, sample_rate: float, steps: int, config: TrainConfig, accountant: str | None = None
) -> float:
    acc = require("opacus.accountants", extra="dpsgd").create_accountant(
        mechanism=accountant or config.accountant
    )
    acc.history = [(sigma, sample_rate, steps)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(acc.get_epsilon(delta=config.delta))


def _search_sigma(epsilon: float, sample_rate: float, config: TrainConfig) -> float:
    """Opacus's ``get_noise_multiplier`` search (same doubling and bisection, so the same σ
    wherever it is at least SIGMA_MIN), bounded below: a σ under SIGMA_MIN is never evaluated
    (ε only grows as σ falls), and an ε that needs σ < SIGMA_MIN gets SIGMA_MIN."""
    steps = int(config.epochs / sample_rate)
    tol = 0.01 * epsilon  # Opacus's default absolute 0.01 is too coarse at ε = 0.1: use 1%
    # Fast bound: the RDP accountant (milliseconds at any σ) bounds PRV's ε from above, so
    # an ε beyond RDP's ε at SIGMA_MIN is out of reach without running the slow search.
    if epsilon_at(SIGMA_MIN, sample_rate, steps, config, "rdp") < epsilon:
        return SIGMA_MIN
    eps_min = None  # ε at SIGMA_MIN, computed once if the bisection goes below it
    sigma_low, sigma_high, eps_high = 0.0, 10.0, math.inf
    while eps_high > epsilon:
        sigma_high *= 2
        eps_high = epsilon_at(sigma_high, sample_rate, steps, config)
        if sigma_high > SIGMA_MAX:
            raise ValueError("The privacy budget is too low.")
    while epsilon - eps_high > tol:
        sigma = (sigma_low + sigma_high) / 2
        if sigma < SIGMA_MIN:
            if eps_min is None:
                eps_min = epsilon_at(SIGMA_MIN, sample_rate, steps, config)
            if eps_min < epsilon:  # even σ = SIGMA_MIN spends less than asked
                return SIGMA_MIN
            sigma_low = sigma  # ε(σ) >= ε(SIGMA_MIN) >= target: the search's own branch
            continue
        eps = epsilon_at(sigma, sample_rate, steps, config)
        if eps < epsilon:
            sigma_high, eps_high = sigma, eps
        else:
            sigma_low = sigma
    return sigma_high


@functools.lru_cache(maxsize=256)
def noise_multiplier_for(epsilon: float, sample_rate: float, config: TrainConfig) -> float:
    """σ from Opacus's accountant for (ε, δ), sample rate and epochs; a clear error if out of
    reach. Cached: a sweep asks the same question once per seed, and the search costs ~0.5 s.

    The search is bounded (σ >= SIGMA_MIN): an ε so large that it needs less noise is trained
    at SIGMA_MIN, and the run reports the ε actually spent (below the one requested)."""
    try:
        return _search_sigma(epsilon, sample_rate, config)
    except (ValueError, RuntimeError) as exc:
        raise EthicLensInputError(
            f"the {config.accountant.upper()} accountant cannot reach ε = {epsilon} with δ = "
            f"{config.delta}, sample rate {sample_rate:.4g} and {config.epochs} epochs "
            f"(Opacus: {exc})",
            column="epsilon",
            value=epsilon,
            fix="raise ε, or use more data, fewer epochs or a smaller batch"
            + ("" if config.accountant == "prv" else ", or the PRV accountant"),
        ) from exc


def build_mlp(n_features: int, hidden=(64, 32)):
    import torch.nn as nn

    layers, width = [], n_features
    for h in hidden:
        layers += [nn.Linear(width, h), nn.ReLU()]
        width = h
    layers.append(nn.Linear(width, 1))
    return nn.Sequential(*layers)


def _predict(model, X, rows: int = 4096):
    """Logits computed in blocks of rows, so temporaries stay small whatever the data size."""
    import torch

    model.eval()
    X = torch.from_numpy(X)
    with torch.no_grad():
        return torch.cat([model(X[i : i + rows]).squeeze(1) for i in range(0, len(X), rows)])


def _outputs(model, data: PreparedData) -> dict:
    """The model's probabilities and per-example losses on both splits, under the names of
    their :class:`DPTrainingRun` fields (``train_proba``, ``train_loss``, ``test_…``)."""
    import torch
    import torch.nn.functional as F

    out = {}
    for split, X, y in (("train", data.X_train, data.y_train), ("test", data.X_test, data.y_test)):
        logits = _predict(model, X)
        loss = F.binary_cross_entropy_with_logits(logits, torch.from_numpy(y), reduction="none")
        out[f"{split}_proba"] = torch.sigmoid(logits).numpy().astype(float)
        out[f"{split}_loss"] = loss.numpy().astype(float)
    return out


# Opacus warnings that are expected here and say nothing about this run's correctness.
QUIET = ("Secure RNG turned off", "Full backward hook is firing", "Optimal order is the largest")


def train_dp_mlp(
    dataset,
    attribute: str | None = None,
    *,
    epsilon: float | None,
    seed: int,
    config: TrainConfig | None = None,
    data: PreparedData,
    **overrides,
) -> DPTrainingRun:
    """Train the paper's MLP on ``dataset`` with DP-SGD at ``epsilon`` (None: no DP).

    ``dataset`` is the name of the data's dataset (``data.dataset``, recorded with the run, as
    :func:`train_many` records its ``dataset_name``); another name is refused.

    The model does not see protected attributes, so one run serves every attribute of the
    dataset; ``attribute`` only checks that it exists. Settings: :class:`TrainConfig` (any
    field can be overridden by keyword, e.g. ``epochs=5``). ``data`` is the seed's prepared
    split (:class:`PreparedData`; for a benchmark dataset
    ``ethiclens.experiments.prepare(dataset, seed)``).
    """
    import torch

    # seeded inside: the caller's torch generator is left as it was (the next call, the same)
    with warnings.catch_warnings(), torch.random.fork_rng(devices=[]):
        for text in QUIET:
            warnings.filterwarnings("ignore", message=f".*{text}.*")
        return _train(dataset, attribute, epsilon, seed, config, data, overrides)


def _train(dataset, attribute, epsilon, seed, config, data, overrides):
    import torch

    # a setting it does not take, refused as pcer_audit refuses one (a TypeError too)
    refuse_unknown("train_dp_mlp", overrides, [f.name for f in fields(TrainConfig)])
    config = _checked_inputs(attribute, config, data, overrides)
    check_dataset_name(dataset, data, "dataset")
    epsilon = dp_epsilon(epsilon)
    q = check_settings(len(data.y_train), config)
    # as train_many's seeds and pcer train --seed; after the checks that came before it
    seed = check_seed(seed, "seed")
    sigma = None if epsilon is None else noise_multiplier_for(epsilon, q, config)
    torch.manual_seed(seed)
    start = time.perf_counter()
    model = build_mlp(data.n_features, config.hidden)
    optimizer = torch.optim.SGD(model.parameters(), lr=config.lr, momentum=config.momentum)
    dataset_t = torch.utils.data.TensorDataset(
        torch.from_numpy(data.X_train), torch.from_numpy(data.y_train)
    )
    loader = torch.utils.data.DataLoader(dataset_t, batch_size=config.batch_size, shuffle=True)
    engine = None
    if sigma is not None:
        engine = require("opacus", extra="dpsgd").PrivacyEngine(accountant=config.accountant)
        model, optimizer, loader = engine.make_private(
            module=model,
            optimizer=optimizer,
            data_loader=loader,
            noise_multiplier=sigma,
            max_grad_norm=config.max_grad_norm,
            poisson_sampling=True,
        )
    criterion = torch.nn.BCEWithLogitsLoss()  # SGD over the loader's batches, BCE with logits
    model.train()
    for _ in range(config.epochs):
        for xb, yb in loader:
            if len(xb) == 0:  # Poisson sampling can draw an empty batch
                continue
            optimizer.zero_grad()
            loss = criterion(model(xb).squeeze(1), yb)
            loss.backward()
            optimizer.step()
    spent = engine.get_epsilon(config.delta) if engine is not None else None
    return finished_run(
        model,
        data,
        dataset=data.dataset,
        seed=seed,
        **accounting(epsilon if sigma is not None else None, spent, sigma, q, config),
        trainer="opacus" if engine else "no-dp",
        wall_time_s=time.perf_counter() - start,
    )


def check_dataset_name(name, data: PreparedData, where: str) -> None:
    """A trainer's dataset name (``where``: ``dataset``, ``dataset_name``) must be the data's
    own (``data.dataset``, what every run records): a name that labels another dataset's split
    is refused, never recorded as a run it is not."""
    if name is data.dataset or (isinstance(name, str) and name == data.dataset):
        return
    other = ", or the data prepared from the dataset it names" if isinstance(name, str) else ""
    problem = f"names another dataset than its prepared data ({data.dataset!r})"
    raise argument_error(problem, where, name, f"pass {where}={data.dataset!r}{other}")


def _checked_inputs(attribute, config, data, overrides) -> TrainConfig:
    """The settings with ``overrides`` applied, once the data and attribute are checked."""
    config = checked_config(config)
    if overrides:
        config = TrainConfig(**{**config.__dict__, **overrides})
    check_type(
        data,
        PreparedData,
        column="data",
        problem="needs the prepared splits of the dataset",
        fix="data=ethiclens.experiments.prepare(dataset, seed) for a benchmark dataset",
    )
    if attribute is not None:
        _check_attribute(data, attribute)
    return config


def checked_config(config) -> TrainConfig:
    """The trainers' ``config``: a TrainConfig (None: the paper's settings), never a dict."""
    if config is None:
        return TrainConfig()
    fix = "pass TrainConfig(...), e.g. config=TrainConfig(epochs=5)"
    return check_argument_type(
        config, TrainConfig, column="config", problem="must be a TrainConfig, not a", fix=fix
    )


def accounting(epsilon, spent, sigma, sample_rate, config) -> dict:
    """A run's privacy accounting fields (``epsilon`` None: trained without DP)."""
    return {
        "epsilon_requested": None if epsilon is None else float(epsilon),
        "epsilon_spent": spent,
        "noise_multiplier": sigma,
        "sample_rate": sample_rate,
        "accountant": None if epsilon is None else config.accountant,
        "config": config,
    }


def budget_note(epsilon, spent, sigma, sample_rate: float, config: TrainConfig) -> str | None:
    """The note of a run whose ε was out of reach: σ floored at :data:`SIGMA_MIN` spent less
    than asked (the largest ε these settings reach); None for any other run."""
    if None in (epsilon, spent, sigma) or sigma > SIGMA_MIN or spent >= epsilon:
        return None
    return (
        f"ε = {epsilon:g} was asked but ε = {spent:.4g} was spent: DP-SGD's noise σ has a floor, "
        f"SIGMA_MIN = {SIGMA_MIN:g}, and σ = {SIGMA_MIN:g} spends ε = {spent:.4g} at δ = "
        f"{config.delta:g}, sample rate {sample_rate:.4g} and {config.epochs} epoch(s): the "
        f"largest ε these settings reach (ask for at most {spent:.4g}, or train more epochs "
        "or larger batches to spend more)"
    )


def finished_run(model, data: PreparedData, **fields) -> DPTrainingRun:
    """A trained model as a :class:`DPTrainingRun`: ``fields`` (dataset, seed, accounting,
    trainer, wall time, notes) with its probabilities and losses on both splits. A run that
    spent less ε than asked (:func:`budget_note`) warns and notes it."""
    keys = ("epsilon_requested", "epsilon_spent", "noise_multiplier", "sample_rate", "config")
    if note := budget_note(*(fields[k] for k in keys)):
        warnings.warn(note, stacklevel=2)
        fields["notes"] = [note, *fields.get("notes", [])]
    return DPTrainingRun(**fields, **_outputs(model, data), data=data, model=model)
