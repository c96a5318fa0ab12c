"""DP-SGD trainers as one registry: one :class:`Trainer` entry per trainer, registered by name.

A trainer turns prepared splits (:func:`~ethiclens.experiments.prepare`) into
:class:`~ethiclens.privacy.DPTrainingRun` objects at one ε. A *batched* trainer trains many
seeds in one pass (``fit(dataset, *, epsilon, seeds, config, datas) -> list of runs``); the
others train one seed at a time (``fit(dataset, *, epsilon, seed, config, data) -> run``).
Sweep grids, the sweep runner and its task chunking, and the CLI's ``--trainer`` choices all
look trainers up here; an unknown name is an input error that lists the registered ones.

Sweep workers are separate (spawned) processes: a trainer registered at run time travels to
them with the sweep's tasks and is registered there, so its ``fit`` must be picklable (a
module-level function, or a ``"module:function"`` string).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .._checks import check_count
from .._keywords import refusing_unknown_keywords
from .._optional import NeedsExtra
from .._registry import Registry, check_entry_name, check_function_ref, resolve_function
from ..errors import EthicLensInputError


@refusing_unknown_keywords(init=True)  # Trainer(typo=...): audit()'s refusal
@dataclass(frozen=True, kw_only=True)
class Trainer(NeedsExtra):
    """A DP-SGD trainer: its name, how it trains, and what it needs.

    Attributes
    ----------
    name : str
        Registry key (``SweepGrid.trainer``, ``--trainer``), recorded with every sweep.
    label : str
        What it is, in words (CLI help, messages).
    fit : callable or str
        The training function (or ``"module:function"``, imported on first use). Batched:
        ``fit(dataset, *, epsilon, seeds, config, datas) -> list[DPTrainingRun]``; otherwise
        ``fit(dataset, *, epsilon, seed, config, data) -> DPTrainingRun``.
    batched : bool
        Whether it trains many seeds in one pass (a failure then fails every seed of the pass).
    seeds_per_task : int
        Seeds a sweep task gives it at once (each trained at every pending budget); 1 unless
        batched.
    extra : str or None
        The ``pip install 'ethiclens[EXTRA]'`` extra it needs (None: the core suffices).
    """

    name: str
    label: str
    fit: Callable | str
    batched: bool = False
    seeds_per_task: int = 1
    extra: str | None = "dpsgd"

    def __post_init__(self):
        check_entry_name(self.name, "trainer", fix="e.g. Trainer(name='mytrainer', ...)")
        if not isinstance(self.label, str):
            raise EthicLensInputError(
                "a trainer's label must be text", column="label", value=self.label
            )
        check_function_ref(self.fit, "fit", fix="pass the training function")
        if not isinstance(self.batched, bool):
            raise EthicLensInputError("must be True or False", column="batched", value=self.batched)
        check_count(self.seeds_per_task, "seeds_per_task", fix="e.g. 1")

    def resolve(self) -> Callable:
        """The training function (a ``"module:function"`` string imported now)."""
        return resolve_function(self.fit)


_REGISTRY: Registry[Trainer] = Registry(
    "trainer", Trainer, "build one with ethiclens.privacy.Trainer(name=..., label=..., fit=...)"
)


@refusing_unknown_keywords
def register_trainer(trainer: Trainer, *, replace: bool = False) -> Trainer:
    """Register ``trainer`` under ``trainer.name`` (refused if the name is taken, unless
    ``replace``; a built-in trainer cannot be replaced). ``replace`` is True or False, never
    read by its truthiness (``replace="no"`` replaced a registered trainer)."""
    return _REGISTRY.register(trainer, replace=replace)


def unregister_trainer(name: str) -> None:
    """Remove a trainer registered at run time (absent names are ignored; removing a built-in
    is an error)."""
    _REGISTRY.unregister(name)


def trainer_names() -> list[str]:
    """Registered trainers, built-ins first (``vectorized``, the default, then ``opacus``)."""
    return _REGISTRY.names()


def trainers_help(default: str | None = None) -> str:
    """The ``--trainer`` help: every registered trainer with its label, and the default."""
    names = "; ".join(f"{n}: {get_trainer(n).label}" for n in trainer_names())
    return f"DP-SGD trainer{f' (default: {default})' if default else ''}. {names}."


def is_builtin_trainer(name: str) -> bool:
    """Whether ``name`` is a trainer that ships with EthicLens (always registered)."""
    return _REGISTRY.is_builtin(name)


@refusing_unknown_keywords
def get_trainer(name, where: str = "name") -> Trainer:
    """The registered trainer ``name``; an unknown name lists the registered ones, a near
    miss first ('Opacus': "did you mean 'opacus'?").

    Parameters
    ----------
    name : str
    where : str
        What the error names: the argument ``name`` (default), a sweep grid's key
        (``trainer``) or a flag (``--trainer``).
    """
    kind = None if where == "name" or where.startswith("-") else "key"  # name: the argument
    return _REGISTRY.get(name, where, kind=kind)


# Built-ins, each ``fit`` imported on first use (pandas, and torch when they train): the
# ``--trainer`` help lists them without loading either.
_BUILTIN = (
    Trainer(
        name="vectorized",
        label="many seeds per batched pass, Opacus's DP-SGD semantics",
        fit="ethiclens.privacy._vectorized:train_many",
        batched=True,
        seeds_per_task=10,
    ),
    Trainer(
        name="opacus",
        label="one seed at a time with Opacus",
        fit="ethiclens.privacy._dpsgd:train_dp_mlp",
    ),
)
for _t in _BUILTIN:
    _REGISTRY.add_builtin(_t)
