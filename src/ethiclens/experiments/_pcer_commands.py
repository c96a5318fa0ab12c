"""What ``ethiclens pcer train|sweep|tables|export`` do, as library calls: a checked request,
the work, and a result that says itself. The command line only parses flags into these, prints
what they return and writes the files. Messages name the command's flags (``--seed``), the
words a user of the command reads; :func:`train_and_audit` names its request's fields.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from pathlib import Path

from .._checks import (
    check_draws,
    check_eta,
    check_member,
    check_seed,
)
from .._keywords import refusing_unknown_keywords
from .._text import plural
from ..errors import EthicLensInputError
from ..fairness import refuse_unknown
from ..io import json_ready
from ..privacy import (
    DEFAULT_ETA,
    DEFAULT_N_BOOT,
    PCER_SCHEMA_VERSION,
    SINGLE_RUN_NOTE,
    DPTrainingRun,
    PCERResult,
    TrainConfig,
    argument_error,
    check_batch_settings,
    dp_epsilon,
    get_trainer,
    refusing_unknown,
)
from ._grid import MAX_SEEDS, SweepGrid, preset, read_grid
from ._pcer_data import attributes_of, load_pcer_dataset, prepare

# --- pcer train: one model, audited on each attribute


@refusing_unknown
@dataclass(frozen=True)
class TrainRequest:
    """One ``pcer train``: the dataset, the DP-SGD settings and the audit's.

    Attributes
    ----------
    dataset : str
        A registered PCER dataset.
    attribute : str, optional
        Audit this attribute only (default: every one of the dataset).
    epsilon : float, str or None
        ε (a number or numeric text), or None / ``'none'`` for no DP.
    seed : int
        Seed of the split, the training and the draws.
    epochs, batch_size : int
    eta : float
        Floor constant η.
    features : str
        The dataset's feature set (``full`` or ``paper``).
    positive : {"favorable", "harmful"}, optional
        Default: the dataset's declared direction.
    n_boot : int
        Draws of the intervals.
    trainer : str
        A registered DP-SGD trainer.
    """

    dataset: str
    attribute: str | None = None
    epsilon: float | str | None = 1.0
    seed: int = 0
    epochs: int = 25
    batch_size: int = 256
    eta: float = DEFAULT_ETA
    features: str = "full"
    positive: str | None = None
    n_boot: int = DEFAULT_N_BOOT
    trainer: str = "opacus"


@dataclass
class TrainedAudit:
    """A ``pcer train`` run: the trained model and its PCER audit per attribute."""

    request: TrainRequest
    run: DPTrainingRun
    results: dict[str, PCERResult] = field(default_factory=dict)
    # the loaded dataset's provenance (source, file(s) and SHA-256, preprocessing)
    provenance: dict = field(default_factory=dict)

    def headline(self) -> str:
        """Dataset, seed, the privacy spent and the training time, in one line."""
        run = self.run
        privacy = (
            "no DP"
            if run.noise_multiplier is None
            else f"DP-SGD ε = {run.epsilon_requested} requested, {run.epsilon_spent:.4f} spent "
            f"({run.accountant.upper()} accountant), σ = {run.noise_multiplier:.4f}"
        )
        return (
            f"{self.request.dataset}, seed {self.request.seed}: {privacy}; "
            f"trained in {run.wall_time_s:.1f} s"
        )

    def to_dict(self) -> dict:
        """The ``pcer train --json`` document (``pcer_training_run`` in the PCER schema)."""
        run = self.run
        return {
            "schema_version": PCER_SCHEMA_VERSION,
            "kind": "pcer_training_run",
            "dataset": self.request.dataset,
            "seed": self.request.seed,
            "epsilon_requested": run.epsilon_requested,
            "epsilon_spent": run.epsilon_spent,
            "noise_multiplier": run.noise_multiplier,
            "accountant": run.accountant,
            "sample_rate": run.sample_rate,
            "wall_time_s": run.wall_time_s,
            "config": run.config.to_dict(),
            "features": run.data.description,
            "feature_set": run.data.features,
            "provenance": json_ready(copy.deepcopy(self.provenance)),  # which file, which rows
            "note": SINGLE_RUN_NOTE,
            "notes": list(run.notes),  # e.g. an ε out of reach: σ floored, less spent
            "attributes": {attr: result.to_dict() for attr, result in self.results.items()},
        }


def _check_train_request(request: TrainRequest):
    """Everything checked before training (not after it): the ε, dataset, features, trainer."""
    from ..datasets import get_entry

    check_seed(request.seed, "--seed")
    check_eta(request.eta, "--eta")  # pcer_audit's range, refused before training
    check_draws(request.n_boot, "--n-boot", default=DEFAULT_N_BOOT)  # the request's own
    if request.positive is not None:  # any other word was read as "harmful"
        check_member(
            request.positive,
            ("favorable", "harmful"),
            column="--positive",
            problem="unknown direction of the positive prediction",
        )
    for name in ("epochs", "batch_size"):  # every trainer: refused before the data is read
        try:
            check_batch_settings(TrainConfig(**{name: getattr(request, name)}))
        except EthicLensInputError as exc:
            raise exc.renamed({name: "--" + name.replace("_", "-")}) from None
    epsilon = dp_epsilon(request.epsilon, "--epsilon")  # one model: no upper limit, as fit's
    entry = get_entry(request.dataset, "pcer", flag="DATASET")
    entry.check_features(request.features, flag="--features")
    trainer = get_trainer(request.trainer, "--trainer")
    trainer.check_installed()
    return epsilon, entry, trainer


def _train(request: TrainRequest, epsilon, trainer, config, data) -> DPTrainingRun:
    fit, name, seed = trainer.resolve(), request.dataset, request.seed
    if trainer.batched:
        return fit(name, epsilon=epsilon, seeds=[seed], config=config, datas=[data])[0]
    return fit(name, epsilon=epsilon, seed=seed, config=config, data=data)


# The checks' names of pcer train's settings -> the request's fields, which a Python caller
# reads (the command line's flags_named names its flags again).
_FIELDS = {"DATASET": "dataset", "attribute": "attribute"} | {
    "--" + n.replace("_", "-"): n
    for n in "epsilon seed epochs batch_size eta features positive n_boot trainer".split()
}


def train_and_audit(request: TrainRequest) -> TrainedAudit:
    """Train the PCER paper's MLP with DP-SGD and audit it on each attribute (intervals from
    draws of each group's cells; one model: seed-to-seed spread is larger).

    A refused setting is named as the request's field (``argument 'seed'``).

    Parameters
    ----------
    request : TrainRequest

    Returns
    -------
    TrainedAudit
    """
    try:
        return _train_and_audit(request)
    except EthicLensInputError as exc:
        if str(exc.column) not in _FIELDS:
            raise
        raise exc.renamed(_FIELDS, kind="argument") from None


def _train_and_audit(request: TrainRequest) -> TrainedAudit:
    from ._runner import audit_attribute, one_thread

    epsilon, entry, trainer = _check_train_request(request)
    with one_thread():
        # '' is an attribute to refuse (entry.split below), not "every attribute"
        attrs = (
            [request.attribute] if request.attribute is not None else attributes_of(request.dataset)
        )
        config = TrainConfig(epochs=request.epochs, batch_size=request.batch_size)
        ds = load_pcer_dataset(request.dataset, request.features)
        data = prepare(request.dataset, request.seed, test_size=config.test_size, dataset=ds)
        entry.split(attrs[0])  # an unknown attribute is refused before training
        run = _train(request, epsilon, trainer, config, data)
    favorable = (
        run.data.positive_is_favorable
        if request.positive is None
        else request.positive == "favorable"
    )
    trained = TrainedAudit(request, run, provenance=ds.provenance)
    for attr in attrs:
        trained.results[attr] = audit_attribute(
            run,
            attr,
            eta=request.eta,
            positive_is_favorable=favorable,
            n_boot=request.n_boot,
            random_state=request.seed,
        )
        # what the group names mean: COMPAS's "Other" is every race but African-American
        trained.results[attr].notes.insert(0, entry.split(attr).described())
    return trained


# --- pcer sweep: a preset or a grid file, fields overridden by flags


def _check_sweep_flags(preset_name, grid_file, overrides: dict) -> None:
    """One source of the grid; a seed count of at least 1; a feature set some dataset has."""
    if grid_file and preset_name:
        # pcer sweep's flags_named names its flag --grid
        raise argument_error(
            "give a preset or a grid file, not both", "grid_file", fix="drop one of them"
        )
    # named as sweep_grid's keywords: pcer sweep's flags_named names its flags --seeds, ...
    seeds = overrides.get("seeds")
    too_many = isinstance(seeds, int) and seeds > MAX_SEEDS  # a count's fix: --seeds takes no list
    if too_many or isinstance(seeds, int | float) and seeds < 1:  # a list, text: the grid's check
        problem = "must be at least 1: a count N runs seeds 0..N-1"
        if too_many:
            problem = "too many seeds: a count N runs seeds 0..N-1 and must be at most "
            problem += f"{MAX_SEEDS:,}"
        raise argument_error(problem, "seeds", seeds, "e.g. 10 (seeds 0..9)")
    features = overrides.get("features")
    if features is not None:
        from ..datasets import entries

        known = sorted({n for e in entries("pcer") for n in e.feature_sets})
        problem = "unknown feature set"
        check_member(features, known, column="features", problem=problem, kind="argument")


def sweep_grid(preset_name: str | None = None, grid_file=None, **overrides) -> SweepGrid:
    """The grid of ``pcer sweep``: the preset (default ``quick``) or the grid file, with
    :class:`SweepGrid` fields overridden (``seeds``: a count N, seeds 0..N-1)."""
    keys = [f.name for f in fields(SweepGrid)]
    refuse_unknown("sweep_grid", overrides, keys, ["preset_name", "grid_file", *keys])
    overrides = {k: v for k, v in overrides.items() if v is not None}
    _check_sweep_flags(preset_name, grid_file, overrides)
    if grid_file:
        return read_grid(grid_file, "grid_file", overrides)
    return preset(preset_name or "quick", **overrides)


# --- pcer tables and pcer export: read a results store


def read_table_inputs(store_path):
    """The per-group rows and runs of a results store that the paper's tables need; a store
    without finished runs, or without a binary attribute (no run with its group 0 and group
    1: the tables' rows, :func:`_tables.per_seed`), is refused before ``pcer tables`` creates
    its folder (a store holding group 1 rows alone left an empty one)."""
    from ._store import no_finished_runs, open_existing
    from ._tables import per_seed, refuse_runs_without_groups

    store = open_existing(store_path)
    try:
        groups, runs = store.group_stats(), store.runs()
        refuse_runs_without_groups(groups, runs)  # a finished run's rows all deleted
        if not groups.empty and per_seed(groups).empty:
            raise EthicLensInputError(
                "no finished run has two groups of an attribute, so no table can be computed",
                column="STORE",
                fix="give a store written by ethiclens pcer sweep with binary attributes",
            )
        if groups.empty:
            raise no_finished_runs()
        return groups, runs
    finally:
        store.close()


@refusing_unknown_keywords
def export_store(store_path, out) -> Path:
    """A results store's per-run, per-group rows to CSV or Parquet (``out``'s suffix)."""
    from ..fairness import check_path, in_python_words
    from ..report import check_writable
    from ._store import check_export_type, open_existing

    in_python_words(lambda: check_path(out, "runs.csv"), {"path": "out"})  # a NUL, None, 5
    in_python_words(lambda: check_export_type(out), {"--out": "out"})  # before the store opens
    in_python_words(lambda: check_writable(out, flag="out"), {"out": "out"})  # a missing folder
    store = open_existing(store_path)
    try:
        return store.export(out)
    finally:
        store.close()


def store_files(store_path) -> list[Path]:
    """A results store's file and SQLite's write-ahead files beside it (inputs of a read); a
    path that is none (None, 3, bytes, a NUL) is refused naming ``STORE``."""
    from ._store import _store_path

    path = _store_path(store_path, "STORE")
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


def tables_to_folder(store_path, out_dir) -> str:
    """``pcer tables``: the paper's tables (Markdown + CSV) and Figure 1 from a results store
    into ``out_dir`` (created once the store is read and has runs); the line saying what was
    written. ``-`` and an output that would replace the store are refused first."""
    from ..io import _refuse_no_path, check_outputs, ensure_output_folder
    from ..p2nia import refuse_stdout
    from ._tables import TABLE_FILES, write_tables

    # '' is the working folder to pathlib: never written by accident; 3, None, a NUL: named
    _refuse_no_path(out_dir, "--out", "give a path, e.g. --out tables/", folder=True)
    refuse_stdout(out_dir, "--out", "folder")
    outputs = {f"--out ({n})": Path(out_dir) / n for n in TABLE_FILES}
    check_outputs(outputs, inputs=store_files(store_path)[:1])
    ensure_output_folder(out_dir, "--out", create=False)
    groups, runs = read_table_inputs(store_path)
    ensure_output_folder(out_dir, "--out")
    write_tables(groups, out_dir, runs=runs)
    written = sorted(p.name for p in Path(out_dir).iterdir() if p.name in TABLE_FILES)
    return f"wrote {plural(len(written), 'file')} to {out_dir}: {', '.join(written)}"


def export_to_file(store_path, out) -> str:
    """``pcer export``: :func:`export_store` after refusing ``-`` and an output that would
    replace the store (or its SQLite write-ahead files); the line saying what was written."""
    from ..io import check_outputs
    from ..p2nia import refuse_stdout

    refuse_stdout(out, "--out")
    check_outputs({"--out": out}, inputs=store_files(store_path))
    try:
        return f"wrote {export_store(store_path, out)}"
    except EthicLensInputError as exc:  # export_store's argument 'out' is this command's flag
        raise exc.renamed({"out": "--out"}) from None
