"""One sweep task: train (dataset, ε, seeds) and reduce each model to per-group statistics.

Runs in worker processes (local or Dask) and returns :class:`RunResult` records; only the
coordinator writes them to the store.
"""

from __future__ import annotations

import dataclasses
import functools
import platform
import traceback
import warnings
from contextlib import contextmanager

from .. import datasets as ds_mod
from .._optional import require
from ..errors import EthicLensInputError
from ..privacy import get_trainer, pcer_audit, register_trainer, trainer_names
from ._pcer_data import load_pcer_dataset, prepare
from ._records import GroupRecord, RunRecord, RunResult, SweepTask

_LOADED: dict = {}  # (name, features) -> [its registry entry, the dataset, its digest or None]


def data_digest(ds) -> str:
    """SHA-256 of the rows a sweep trains on: features, label, protected attributes and
    their names (what a results store records per dataset)."""
    import hashlib

    import pandas as pd

    h = hashlib.sha256()
    for part in (ds.features, ds.label, ds.protected):
        names = part.columns if isinstance(part, pd.DataFrame) else [part.name]
        h.update(repr(list(names)).encode())
        h.update(pd.util.hash_pandas_object(part).to_numpy().tobytes())
    return h.hexdigest()


def _dataset(name: str, features: str = "full", digest: str | None = None):
    """The dataset, loaded once for its registry entry (a name registered again is loaded
    again) and again when its rows are not those of ``digest`` (a long-lived worker, e.g. a
    Dask cluster's, holding a copy an earlier sweep read from a file changed since)."""
    entry = ds_mod.get_entry(name)
    held = _LOADED.get((name, features))
    if held is None or held[0] is not entry or (digest is not None and _digest(held) != digest):
        held = _LOADED[(name, features)] = [entry, load_pcer_dataset(name, features), None]
    return held[1]


def _digest(held: list) -> str:
    if held[2] is None:
        held[2] = data_digest(held[1])
    return held[2]


def dataset_digest(name: str, features: str = "full") -> str:
    """The digest of the dataset this process loads for ``name`` (cached with it)."""
    _dataset(name, features)
    return _digest(_LOADED[(name, features)])


@functools.cache
def versions() -> dict:
    """Package versions of this worker, recorded with every run."""
    import numpy
    import sklearn

    from .._version import __version__

    opacus = require("opacus", extra="dpsgd")
    torch = require("torch", extra="dpsgd")

    return {
        "ethiclens": __version__,
        "torch": torch.__version__,
        "opacus": opacus.__version__,
        "numpy": numpy.__version__,
        "sklearn": sklearn.__version__,
        "python": platform.python_version(),
    }


def set_single_thread() -> None:
    """Set torch to one thread (each sweep worker's setting: on 2 cores two threads were not
    faster for this MLP). Needs the ``dpsgd`` extra."""
    torch = require("torch", extra="dpsgd")
    torch.set_num_threads(1)


@contextmanager
def one_thread():
    """torch at one thread while a task or a request trains (as each sweep worker), the
    caller's thread count again after (an inline sweep's, a notebook's next torch work runs as
    before)."""
    threads = require("torch", extra="dpsgd").get_num_threads()
    set_single_thread()  # a missing extra refused here, before the data is read
    try:
        yield
    finally:
        require("torch").set_num_threads(threads)


# Fields a stored record copies under the same name: from the training run to its RunRecord,
# and from a group's PCER statistics to its GroupRecord.
RUN_ACCOUNTING = (
    "epsilon_spent",
    "noise_multiplier",
    "accountant",
    "sample_rate",
    "trainer",
    "wall_time_s",
)
GROUP_STATISTICS = (
    "n_train",
    "n_test",
    "acc_train",
    "acc_test",
    "delta",
    "positive_rate",
    "mean_loss_train",
    "mean_loss_test",
)


def run_stats(run, attributes) -> RunResult:
    """A trained run -> the store's run row and per-group rows."""
    d = run.data
    acc = float(((run.test_proba >= 0.5) == d.y_test).mean())
    row = RunRecord(
        dataset=run.dataset,
        epsilon=run.epsilon_requested,
        seed=run.seed,
        status="done",
        **{k: getattr(run, k) for k in RUN_ACCOUNTING},
        test_accuracy=acc,
        n_train=len(d.y_train),
        n_test=len(d.y_test),
        versions=versions(),
    )
    groups = []
    for attr in attributes:
        res = audit_attribute(run, attr, positive_is_favorable=d.positive_is_favorable)
        auc = {a.group: a.auc for a in res.mia.groups}
        for i, g in enumerate(res.groups):
            groups.append(
                GroupRecord(
                    attribute=attr,
                    group=g.group,
                    group_index=i,
                    **{k: getattr(g, k) for k in GROUP_STATISTICS},
                    tpr=g.tpr_test,
                    fpr=g.fpr_test,
                    mia_auc=auc[g.group],
                )
            )
    return RunResult(run=row, groups=tuple(groups))


def audit_attribute(run, attr: str, **options):
    """:func:`~ethiclens.privacy.pcer_audit` of a trained run's splits by ``attr``, its groups
    in the run's order (``options``: the audit's keywords)."""
    train, test = run.splits(attr)
    return pcer_audit(train, test, group_order=run.group_order(attr), **options)


def failed(dataset, epsilon, seed, trainer, exc) -> RunResult:
    """A failed run's record, keeping the error's text."""
    error = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    run = RunRecord(
        dataset=dataset,
        epsilon=epsilon,
        seed=seed,
        status="failed",
        error=error,
        trainer=trainer,
        versions=versions(),
    )
    return RunResult(run=run)


def run_task(task: SweepTask, trainer=None) -> list[RunResult]:
    """Prepare each seed's data once, train it at every budget of the task, and return one
    result per (seed, budget), failures included, each with the warnings raised while it was
    made (:attr:`RunResult.warnings`: a worker process's warnings would be lost otherwise).

    Parameters
    ----------
    task : SweepTask
    trainer : Trainer, optional
        The registry entry of a trainer registered at run time (not built in), so that a
        worker process can register it too (:func:`~ethiclens.experiments.run_sweep` passes
        it).

    Returns
    -------
    list of RunResult
    """
    with one_thread():
        return _run_task(task, trainer)


def _run_task(task: SweepTask, trainer) -> list[RunResult]:
    name = task.dataset
    if task.entry is not None and name not in ds_mod.DATASETS:  # a worker process
        ds_mod.register(task.entry)
    if trainer is not None and task.trainer not in trainer_names():  # a worker process
        register_trainer(trainer)
    spec = get_trainer(task.trainer, "trainer")
    try:
        ds = _task_data(task)
    except _OtherRows as exc:  # each run failed, listed and retried: never stored as others'
        return [failed(name, e, s, task.trainer, exc) for s in task.seeds for e in task.epsilons]
    config = task.config()
    datas, prepared = {}, {}  # seed -> its data, and the warnings preparing it raised
    out = []
    for seed in task.seeds:
        with warnings.catch_warnings(record=True) as caught:
            try:
                datas[seed] = prepare(
                    name, seed, test_size=config.test_size, dataset=ds, max_rows=task.max_rows
                )
            except Exception as exc:  # noqa: BLE001 - recorded, the sweep goes on
                fails = [failed(name, e, seed, task.trainer, exc) for e in task.epsilons]
                out += _with_warnings(fails, _distinct(caught))
        prepared[seed] = _distinct(caught)
    seeds = [s for s in task.seeds if s in datas]
    if not seeds:
        return out
    for epsilon in task.epsilons:
        # a batched trainer trains every seed in one pass: a failure fails them all
        for group in [seeds] if spec.batched else [[s] for s in seeds]:
            out += _fit_pass(spec, task, epsilon, group, config, datas, prepared)
    return out


class _OtherRows(EthicLensInputError):
    """A worker reads other rows of a dataset than the sweep's coordinator digested."""


def _task_data(task: SweepTask):
    """The task's dataset in this process: the rows the coordinator digested (its
    ``digest``). A long-lived worker's older copy is read again, and a name registered again
    since takes the task's entry; rows that still differ, or a dataset this worker cannot
    read (a Dask worker without the file), are refused (:class:`_OtherRows`)."""
    name, features, digest = task.dataset, task.features, task.digest
    if digest is None:
        return _dataset(name, features)
    try:
        ds = _dataset(name, features, digest)
        if task.entry is not None and _digest(_LOADED[(name, features)]) != digest:
            ds_mod.register(task.entry, replace=True)  # registered again since this worker's
            ds = _dataset(name, features, digest)
    except (EthicLensInputError, OSError, ImportError) as exc:
        raise _other_rows(
            f"this worker cannot read {name}, which the sweep's coordinator read ({exc})", name
        ) from exc
    if (got := _digest(_LOADED[(name, features)])) != digest:
        raise _other_rows(
            f"this worker reads other rows of {name} (sha256 {got[:12]}…) than the sweep's "
            f"coordinator ({digest[:12]}…); its runs would be stored as the coordinator's",
            name,
        )
    return ds


def _other_rows(problem: str, name: str) -> _OtherRows:
    return _OtherRows(
        problem,
        column="dataset",
        value=name,
        fix="give every worker the same data (the same file, $ETHICLENS_BIOS, the same "
        "registered dataset) and rerun: finished runs are kept, failed ones retried",
    )


def _fit_pass(spec, task, epsilon, seeds, config, datas, prepared) -> list[RunResult]:
    """One call of the trainer (every seed of a batched pass, or one seed) and its results,
    each with the warnings its seed's preparation and this training raised."""
    if spec.batched:
        data = dict(seeds=seeds, datas=[datas[s] for s in seeds])
    else:
        data = dict(seed=seeds[0], data=datas[seeds[0]])
    notes = None
    with warnings.catch_warnings(record=True) as caught:
        try:
            runs = spec.resolve()(task.dataset, epsilon=epsilon, config=config, **data)
            runs = runs if spec.batched else [runs]
            results = [run_stats(r, task.attributes) for r in runs]
            notes = [list(r.notes) for r in runs]
        except Exception as exc:  # noqa: BLE001 - recorded, the sweep goes on
            results = [failed(task.dataset, epsilon, s, spec.name, exc) for s in seeds]
    results = _with_warnings(results, _distinct(caught), notes)
    return [_with_warnings([r], prepared.get(r.run.seed, []))[0] for r in results]


def _distinct(caught) -> list[tuple[str, str]]:
    """``(category, message)`` of each caught warning, each once, in the order raised."""
    return list(dict.fromkeys((w.category.__name__, str(w.message)) for w in caught))


def _with_warnings(results, caught, notes=None) -> list[RunResult]:
    """``results`` with the warnings raised while they were made added to each: one that a
    run's ``notes`` hold (the ε out of reach) to that run only, any other to every run of the
    call (a batched pass cannot tell which seed raised it)."""
    out = []
    for i, result in enumerate(results):
        mine = [
            w
            for w in caught
            if notes is None or w[1] in notes[i] or not any(w[1] in n for n in notes)
        ]
        merged = tuple(dict.fromkeys((*result.warnings, *mine)))
        out.append(dataclasses.replace(result, warnings=merged) if mine else result)
    return out
