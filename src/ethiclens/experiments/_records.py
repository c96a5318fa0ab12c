"""Sweep tasks and results as frozen, keyword-built dataclasses.

A :class:`SweepTask` is what a worker runs; a :class:`RunResult` (a :class:`RunRecord` and its
:class:`GroupRecord` rows) is what it returns and what the results store writes: the records'
fields are the store's column names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields

from ..errors import reprs_plainly


def _items(value, name: str) -> tuple:
    """A task's list field as a tuple; None, a number, one text (read letter by letter), a
    mapping or a 0-d array refused naming the argument, never tuple()'s TypeError."""
    from .._checks import TEXT_LIKE

    one = isinstance(value, (*TEXT_LIKE, Mapping)) or getattr(value, "ndim", None) == 0
    if one or not isinstance(value, Iterable):
        from ..errors import EthicLensInputError

        given = "None" if value is None else type(value).__name__
        raise EthicLensInputError(
            f"must be a list or tuple, not {given}",
            column=name,
            kind="argument",
            fix=f"e.g. {name}=(1.0, 8.0)" if name == "epsilons" else f"e.g. {name}=[...]",
        )
    return tuple(value)


@dataclass(frozen=True, kw_only=True)
class SweepTask:
    """One unit of work for a worker: some seeds of one dataset, trained at some budgets.

    Attributes
    ----------
    dataset : str
        A registered PCER dataset.
    epsilons : tuple
        Budgets (None = no DP) to train each seed at.
    seeds : tuple of int
    trainer : str
        ``vectorized`` or ``opacus``.
    train : mapping
        :class:`~ethiclens.privacy.TrainConfig` fields.
    max_rows : int or None
        A stratified slice of the dataset (tests, smoke runs).
    attributes : tuple of str
        The PCER attributes to audit each model on.
    features : str
        The dataset's named feature set (``full`` or ``paper``).
    entry : DatasetEntry, optional
        The registry entry of a dataset registered at run time (not built in), so that a
        worker process can register it too.
    digest : str, optional
        SHA-256 of the dataset's rows the coordinator read (the store records it): a worker
        holding other rows reads them again, or fails the task's runs.
    """

    dataset: str
    epsilons: tuple
    seeds: tuple
    trainer: str
    train: Mapping = field(default_factory=dict)
    max_rows: int | None = None
    attributes: tuple = ()
    features: str = "full"
    entry: object = None
    digest: str | None = None

    def __post_init__(self):
        for name in ("epsilons", "seeds", "attributes"):
            object.__setattr__(self, name, _items(getattr(self, name), name))
        object.__setattr__(self, "train", dict(self.train))

    def config(self):
        """The task's training settings (a :class:`~ethiclens.privacy.TrainConfig`)."""
        from ..privacy import TrainConfig

        return TrainConfig(**{**self.train, "hidden": tuple(self.train.get("hidden", (64, 32)))})

    @property
    def size(self) -> int:
        """Runs in the task (seeds × budgets)."""
        return len(self.seeds) * len(self.epsilons)


@reprs_plainly
@dataclass(frozen=True, kw_only=True)
class RunRecord:
    """One (dataset, ε, seed) training run: a row of the store's ``runs`` table.

    Attributes
    ----------
    dataset : str
    epsilon : float or None
        Requested budget (None = no DP).
    seed : int
    status : {"done", "failed"}
    error : str or None
        Why a failed run failed.
    epsilon_spent, noise_multiplier, sample_rate : float or None
    accountant, trainer : str or None
    wall_time_s, test_accuracy : float or None
    n_train, n_test : int or None
    versions : mapping
        Package versions of the worker.
    """

    dataset: str
    epsilon: float | None
    seed: int
    status: str
    error: str | None = None
    epsilon_spent: float | None = None
    noise_multiplier: float | None = None
    accountant: str | None = None
    sample_rate: float | None = None
    trainer: str | None = None
    wall_time_s: float | None = None
    test_accuracy: float | None = None
    n_train: int | None = None
    n_test: int | None = None
    versions: Mapping = field(default_factory=dict)


@reprs_plainly
@dataclass(frozen=True, kw_only=True)
class GroupRecord:
    """One group's statistics in one run: a row of the store's ``group_stats`` table.

    Attributes
    ----------
    attribute, group : str
    group_index : int
        0 or 1 (ΔPCER = PCER_0 − PCER_1).
    n_train, n_test : int
    acc_train, acc_test, delta : float
        Accuracies and their gap δ_g (the PCER denominator before the floor).
    positive_rate, tpr, fpr : float or None
        On the test split.
    mia_auc : float or None
        Loss-threshold membership-inference AUC.
    mean_loss_train, mean_loss_test : float or None
    """

    attribute: str
    group: str
    group_index: int
    n_train: int
    n_test: int
    acc_train: float
    acc_test: float
    delta: float
    positive_rate: float | None = None
    tpr: float | None = None
    fpr: float | None = None
    mia_auc: float | None = None
    mean_loss_train: float | None = None
    mean_loss_test: float | None = None


@reprs_plainly
@dataclass(frozen=True, kw_only=True)
class RunResult:
    """A run and its per-group rows, stored in one transaction.

    Attributes
    ----------
    run : RunRecord
    groups : tuple of GroupRecord
    warnings : tuple of (str, str)
        ``(category, message)`` of each warning the worker raised while it made this run
        (e.g. an ε out of reach: DP-SGD's σ floor spent less than asked), each once; the
        sweep's summary gathers them (:class:`~ethiclens.experiments.SweepSummary`).
    """

    run: RunRecord
    groups: tuple = ()
    warnings: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "groups", tuple(self.groups))
        object.__setattr__(self, "warnings", tuple(tuple(w) for w in self.warnings))

    @classmethod
    def from_dict(cls, data: Mapping) -> RunResult:
        """From the ``{"run": {...}, "groups": [{...}, ...], "warnings": [...]}`` form (missing
        run fields None, no warnings when absent). What is no such mapping (None, a list, one
        whose ``run`` is none) is refused naming the argument, never a TypeError or KeyError."""
        from .._checks import check_argument_type

        fix = "give the dict RunResult.to_dict() wrote: {'run': {...}, 'groups': [...]}"
        problem = "must be a mapping, not"
        check_argument_type(data, Mapping, column="data", problem=problem, fix=fix)
        run = check_argument_type(
            data.get("run"), Mapping, column="data['run']", problem=problem, fix=fix
        )
        known = {f.name for f in fields(RunRecord)}
        run = RunRecord(**{k: v for k, v in run.items() if k in known})
        caught = [(w["category"], w["message"]) for w in data.get("warnings", ())]
        groups = tuple(GroupRecord(**g) for g in data.get("groups", ()))
        return cls(run=run, groups=groups, warnings=caught)

    def to_dict(self) -> dict:
        """The ``{"run": {...}, "groups": [...], "warnings": [{"category", "message"}]}`` form,
        JSON-ready."""
        return {
            "run": {**asdict(self.run), "versions": dict(self.run.versions)},
            "groups": [asdict(g) for g in self.groups],
            "warnings": [{"category": c, "message": m} for c, m in self.warnings],
        }
