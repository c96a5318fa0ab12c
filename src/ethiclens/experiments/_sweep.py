"""Run a sweep: skip what the store has, run the rest, record each run as it finishes."""

from __future__ import annotations

import functools
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from .. import datasets as ds_mod
from .._keywords import refusing_unknown_keywords
from .._progress import progress as show_progress
from .._text import plural
from ..errors import EthicLensInputError
from ..privacy import get_trainer, is_builtin_trainer
from ._executors import check_executor, make_executor
from ._grid import SweepGrid, epsilon_label
from ._records import SweepTask
from ._runner import _LOADED, dataset_digest, run_task
from ._store import ResultsStore, epsilon_key


@dataclass(kw_only=True)
class SweepSummary:
    """What a sweep did.

    Attributes
    ----------
    total : int
        Runs in the grid.
    skipped : int
        Runs already in the store.
    completed : int
        Runs finished now.
    failed : list of tuple
        ``(dataset, ε, seed, error)`` of each failed run.
    notes : list of str
        What the sweep did to the store besides running (e.g. took over a store that held
        only failed runs of another configuration).
    executor : str
        The executor that ran the tasks.
    warnings : dict
        ``(category, message)`` -> the ``(dataset, ε, seed)`` runs whose worker raised that
        warning (e.g. an ε out of reach, trained at DP-SGD's σ floor and spending less than
        asked), gathered from every worker process (:attr:`RunResult.warnings`).
    """

    total: int
    skipped: int
    completed: int = 0
    failed: list = field(default_factory=list)
    executor: str = ""
    notes: list = field(default_factory=list)
    warnings: dict = field(default_factory=dict)

    def add(self, result) -> None:
        """Count a finished or failed run and gather its warnings."""
        run = result.run
        if run.status == "failed":
            self.failed.append((run.dataset, run.epsilon, run.seed, run.error))
        else:
            self.completed += 1
        for caught in result.warnings:
            self.warnings.setdefault(tuple(caught), []).append((run.dataset, run.epsilon, run.seed))

    @property
    def exit_code(self) -> int:
        """0 when every run finished, 1 when any failed (the CLI's exit status)."""
        return 1 if self.failed else 0

    def lines(self) -> list[str]:
        """The summary in words, one line per failed run after the totals."""
        out = [
            f"{plural(self.total, 'run', grouped=False)} in the grid: {self.skipped} already "
            f"in the store, {self.completed} completed now, {len(self.failed)} failed"
            + (f" ({self.executor})" if self.executor else "")
        ]
        out += [f"note: {n}" for n in self.notes]
        out += [
            f"warning in {len(runs)} run(s) ({_runs_text(runs)}): {category}: {message}"
            for (category, message), runs in self.warnings.items()
        ]
        out += [f"FAILED {d} ε={epsilon_label(e)} seed={s}: {err}" for d, e, s, err in self.failed]
        return out

    def to_dict(self) -> dict:
        """The summary, JSON-ready: counts, notes, failed runs and each warning (deduplicated:
        its category, message, how many runs raised it and which)."""
        return {
            "total": self.total,
            "skipped": self.skipped,
            "completed": self.completed,
            "executor": self.executor,
            "notes": list(self.notes),
            "failed": [
                {"dataset": d, "epsilon": e, "seed": s, "error": err}
                for d, e, s, err in self.failed
            ],
            "warnings": [
                {
                    "category": category,
                    "message": message,
                    "count": len(runs),
                    "runs": [{"dataset": d, "epsilon": e, "seed": s} for d, e, s in runs],
                }
                for (category, message), runs in self.warnings.items()
            ],
        }

    def failure_message(self, shown: int = 20) -> str:
        """The failed runs (the first ``shown``) and what to do: rerunning retries them."""
        runs = "; ".join(f"{d} ε={epsilon_label(e)} seed={s}" for d, e, s, _ in self.failed[:shown])
        more = "" if len(self.failed) <= shown else f" and {len(self.failed) - shown} more"
        return (
            f"{len(self.failed)} of {plural(self.total, 'run', grouped=False)} failed: "
            f"{runs}{more}. "
            "Fix the cause shown above and rerun the same command: finished runs "
            "are kept, failed ones are retried"
        )


def _runs_text(runs, shown: int = 6) -> str:
    """Runs as ``adult ε=10 seed 3; compas ε=50 seeds 0-9``: each (dataset, ε) cell once, in
    order, with its seeds; the first ``shown`` cells and how many more."""
    cells: dict = {}
    for d, e, s in sorted(runs, key=lambda r: (r[0], r[1] is None, r[1] or 0, r[2])):
        cells.setdefault((d, epsilon_label(e)), []).append(s)
    texts = [
        f"{d} ε={e} seed{'s' if len(seeds) > 1 else ''} {_spans(sorted(seeds))}"
        for (d, e), seeds in cells.items()
    ]
    more = f"; and {len(texts) - shown} more cell(s)" if len(texts) > shown else ""
    return "; ".join(texts[:shown]) + more


def _spans(seeds: list) -> str:
    """Sorted seeds as ``0-9, 12``: a run of three or more consecutive seeds as a span."""
    spans: list = []
    for s in seeds:
        if spans and s == spans[-1][1] + 1:
            spans[-1][1] = s
        else:
            spans.append([s, s])
    return ", ".join(
        str(a) if a == b else f"{a}, {b}" if b == a + 1 else f"{a}-{b}" for a, b in spans
    )


def _check_grid(grid) -> None:
    from .._checks import check_argument_type

    problem = "must be a SweepGrid, not a"
    fix = "build one: load_grid('grid.toml') or SweepGrid(datasets=['compas'], ...)"
    check_argument_type(grid, SweepGrid, column="grid", problem=problem, fix=fix)


def tasks_for(grid: SweepGrid, pending: list, digests: dict | None = None) -> list[SweepTask]:
    """Group pending runs into tasks of (dataset, seeds, budgets).

    A task prepares each seed's split and features once and trains every pending budget on it
    (data preparation, e.g. Bias in Bios's TF-IDF + SVD, costs more than training there). Each
    task has up to the trainer's ``seeds_per_task`` seeds (its registry entry: 10 for the
    vectorized trainer, 1 for Opacus). Tasks come longest first, by each dataset's registry
    ``cost``.

    Parameters
    ----------
    grid : SweepGrid
    pending : list of tuple
        (dataset, ε, seed) runs to do (:meth:`SweepGrid.units` less the finished ones).
    digests : dict, optional
        Dataset -> SHA-256 of the rows the store records for it: each task carries its
        dataset's, which a worker checks its copy against.

    Returns
    -------
    list of SweepTask
    """
    _check_grid(grid)
    chunk = get_trainer(grid.trainer, "trainer").seeds_per_task
    budgets: dict = {}
    for d, e, s in pending:
        budgets.setdefault((d, s), []).append(e)
    by_key: dict = {}
    for (d, s), eps in budgets.items():  # seeds needing the same budgets share tasks
        by_key.setdefault((d, tuple(epsilon_key(e) for e in eps)), (eps, []))[1].append(s)
    tasks = [
        SweepTask(
            dataset=d,
            epsilons=eps,
            seeds=seeds[i : i + chunk],
            trainer=grid.trainer,
            train=grid.train_config().to_dict(),
            max_rows=grid.max_rows,
            attributes=grid.attributes_for(d),
            features=grid.features,
            entry=None if ds_mod.is_builtin(d) else ds_mod.get_entry(d),
            digest=(digests or {}).get(d),
        )
        for (d, _), (eps, seeds) in by_key.items()
        for i in range(0, len(seeds), chunk)
    ]
    # Longest first keeps the pool busy to the end (Adult and ACS are the slow datasets).
    return sorted(tasks, key=lambda t: -ds_mod.get_entry(t.dataset).cost * t.size)


def task_runner(grid: SweepGrid):
    """The function a worker runs on each task: :func:`run_task`, carrying the trainer's
    registry entry when it was registered at run time (workers are spawned processes that
    only know the built-in trainers)."""
    if is_builtin_trainer(grid.trainer):
        return run_task
    return functools.partial(run_task, trainer=get_trainer(grid.trainer, "trainer"))


@refusing_unknown_keywords
def run_sweep(
    grid: SweepGrid,
    store_path: str | Path,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: bool = True,
    console=None,
) -> SweepSummary:
    """Run every (dataset, ε, seed) of ``grid`` that ``store_path`` does not hold yet.

    Parameters
    ----------
    grid : SweepGrid
    store_path : str or Path
        The results store (created when missing; a store of another grid configuration or
        code version is refused).
    scheduler : str, optional
        Dask scheduler address or ``local-cluster``; default: local processes.
    workers : int, optional
        Local worker processes (default: all cores).
    progress : bool
        Show a progress bar (plain lines when ``console`` is not a terminal).
    console : rich.console.Console, optional
        Where the grid's line (``grid: … → store``, once every check has passed and runs are
        pending) and the progress go.

    Returns
    -------
    SweepSummary
    """
    if not isinstance(grid, SweepGrid):
        problem = "run_sweep needs a SweepGrid"
        fix = "build one with SweepGrid(...), preset() or load_grid()"
        raise EthicLensInputError(problem, column="grid", fix=fix)
    grid._check_all()  # every cell's setting, before the first run (a field set since built)
    check_executor(scheduler, workers)  # a blank address is refused before the store is created
    # A missing extra (torch, opacus) is one line naming it, before any store or worker.
    get_trainer(grid.trainer, "trainer").check_installed()
    _LOADED.clear()  # each sweep reads its data afresh (a file or a setting may have changed)
    # A grid that cannot train on its data (a batch larger than a training split) is refused
    # before a store is created or changed: every run would fail at train time.
    grid.check_data()
    store, pending, summary, digests = _open_store(grid, store_path)
    executor = _executor_for(store, pending, scheduler, workers)
    try:
        if executor is not None:
            if console is not None:  # every refusal past: nothing printed before an error
                console.print(
                    f"grid: {grid.describe()} → {store_path}", markup=False, soft_wrap=True
                )
            summary.executor = executor.name
            try:
                tasks = tasks_for(grid, pending, digests)
                _run_pending(grid, tasks, executor, store, summary, progress, console)
            finally:
                executor.close()
    finally:
        store.close()
    return summary


def _executor_for(store: ResultsStore, pending: list, scheduler, workers):
    """The executor of the pending runs (None: none pending); refused (an unreachable
    scheduler), the store this sweep created is removed again: nothing is left behind."""
    try:
        return make_executor(scheduler, workers) if pending else None
    except BaseException:
        store.discard_new()
        raise


def _open_store(grid: SweepGrid, store_path):
    """The locked store, the runs it lacks, the summary so far and the data's digests."""
    # The lock comes first: a second sweep on this store is refused before it reads anything.
    store = ResultsStore(store_path, grid.config_hash(), grid.to_dict(), lock=True)
    try:
        digests = _data_digests(grid)
        store.check_data(digests)
        done = store.finished()
    except BaseException:  # a store this sweep created is removed again
        store.discard_new()
        raise
    units = grid.units()
    pending = [u for u in units if (u[0], epsilon_key(u[1]), u[2]) not in done]
    summary = SweepSummary(total=len(units), skipped=len(units) - len(pending))
    if getattr(store, "discarded_failed", 0):
        summary.notes.append(
            f"the store held only {store.discarded_failed} failed run(s) of another grid "
            "configuration; they were discarded and this grid took the store over"
        )
    return store, pending, summary, digests


def _data_digests(grid: SweepGrid) -> dict:
    """Dataset -> SHA-256 of the rows this sweep trains on (:func:`data_digest`); a dataset
    that cannot be loaded here is left to its runs."""
    digests = {}
    for name in grid.datasets:
        try:
            digests[name] = dataset_digest(name, grid.features)
        except (EthicLensInputError, OSError, ImportError):
            continue
    return digests


def _run_pending(grid, tasks, executor, store, summary, progress, console) -> None:
    """Run the pending runs' ``tasks``, recording each result as it arrives and showing progress
    (a bar on a terminal, plain lines at the start, about every 5% and at the end otherwise)."""
    total = sum(t.size for t in tasks)
    with show_progress(console, "pcer sweep", "runs") if progress else nullcontext() as step:
        if step:
            step(0, total, detail="0 failed")  # at once: a task can take minutes
        for results in executor.map_unordered(task_runner(grid), tasks):
            for result in results:
                store.record(result)
                summary.add(result)
                if step:
                    failed = len(summary.failed)
                    step(summary.completed + failed, total, detail=f"{failed} failed")
