"""Where sweep tasks run: local worker processes (default) or a Dask cluster.

Both yield results as tasks finish; the coordinator alone writes the store.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed

from .._checks import check_workers
from .._optional import (
    check_dask_address,
    check_scheduler_text,
    forget_local_cluster,
    log_handlers,
    require,
)
from ..privacy import argument_error


class InlineExecutor:
    """Run tasks in this process, one after another (workers=1; tests, debugging)."""

    name = "inline"

    def map_unordered(self, fn: Callable, tasks: Iterable) -> Iterator:
        """Run ``fn`` on every task; yield the results as they finish (any order)."""
        for task in tasks:
            yield fn(task)

    def close(self) -> None:
        """Release the workers (idempotent)."""


PARENT_POLL_S = 0.5


def _watch_parent(parent_pid: int) -> None:
    """Exit this worker as soon as its coordinator is gone (killed, even with SIGKILL): the
    worker is then re-parented, so ``os.getppid()`` changes."""
    import time

    while True:
        if os.getppid() != parent_pid:
            os._exit(1)
        time.sleep(PARENT_POLL_S)


def worker_init(parent_pid: int) -> None:
    """Pool initializer: one torch thread, and die with the coordinator (no orphans left
    training for minutes after a kill -9)."""
    import threading

    if os.getppid() != parent_pid:  # the coordinator died before this worker started
        os._exit(1)
    threading.Thread(
        target=_watch_parent, args=(parent_pid,), daemon=True, name="ethiclens-parent-watch"
    ).start()
    from ._runner import set_single_thread

    set_single_thread()


class LocalExecutor:
    """A process pool, one torch thread per worker, all cores by default. Workers exit when
    the coordinator dies; an interrupted sweep cancels queued tasks and stops its workers."""

    def __init__(self, workers: int | None = None, *, max_tasks_per_child: int | None = None):
        self.workers = check_workers(workers) or os.cpu_count() or 1
        # 1: every task in a fresh process (for libraries whose memory grows per call)
        self.max_tasks_per_child = max_tasks_per_child
        self.name = f"local ({self.workers} processes)"

    def map_unordered(self, fn: Callable, tasks: Iterable) -> Iterator:
        """Run ``fn`` on every task; yield the results as they finish (any order)."""
        ctx = multiprocessing.get_context("spawn")  # no forked torch/BLAS thread state
        pool = ProcessPoolExecutor(
            self.workers,
            mp_context=ctx,
            initializer=worker_init,
            initargs=(os.getpid(),),
            max_tasks_per_child=self.max_tasks_per_child,
        )
        finished = False
        try:
            futures = [pool.submit(fn, t) for t in tasks]
            for future in as_completed(futures):
                yield future.result()
            finished = True
        finally:
            if finished:
                pool.shutdown(wait=True)
            else:  # an error or an interrupt: do not wait for the queue to drain
                processes = list((getattr(pool, "_processes", None) or {}).values())
                pool.shutdown(wait=False, cancel_futures=True)
                for proc in processes:
                    if proc.is_alive():
                        proc.terminate()
                for proc in processes:
                    proc.join(5)

    def close(self) -> None:
        """Release the workers (idempotent)."""


class DaskExecutor:
    """Tasks on Dask distributed: ``address`` of a scheduler, or "local-cluster"."""

    def __init__(self, address: str, workers: int | None = None):
        distributed = require("distributed", extra="dask")
        self._cluster = None
        self._handlers: dict = {}
        if address == "local-cluster":
            self._handlers = log_handlers()  # those the cluster adds are removed at close
            self._cluster = distributed.LocalCluster(
                n_workers=workers or os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                # this machine, a free port: None binds 0.0.0.0:8787 (as sources.LOCAL_HTTP)
                dashboard_address="127.0.0.1:0",
            )
            try:
                self.client = distributed.Client(self._cluster)
            except BaseException:  # (Ctrl-C too) close() is never reached: close it here
                self._cluster.close()
                self._cluster = None
                forget_local_cluster(self._handlers)
                raise
        else:
            try:
                self.client = distributed.Client(address, timeout="20s")
            # ValueError: an unknown scheme ('tcpp://...'); TypeError: not an address
            except (OSError, TimeoutError, ValueError, TypeError) as exc:
                raise argument_error(  # the command line's flags_named names its flag
                    f"cannot reach the Dask scheduler ({exc})",
                    "scheduler",
                    address,
                    "check the address (e.g. tcp://host:8786), or use local-cluster",
                ) from exc
        self.name = f"dask ({address})"

    def map_unordered(self, fn: Callable, tasks: Iterable) -> Iterator:
        """Run ``fn`` on every task; yield the results as they finish (any order)."""
        dask_completed = require("distributed", extra="dask").as_completed

        futures = [self.client.submit(fn, t, pure=False) for t in tasks]
        for future in dask_completed(futures):
            yield future.result()

    def close(self) -> None:
        """Release the workers (idempotent)."""
        self.client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None
            forget_local_cluster(self._handlers)


def make_executor(scheduler: str | None = None, workers: int | None = None):
    """The executor of a sweep or experiment.

    Parameters
    ----------
    scheduler : str, optional
        A Dask scheduler address or ``"local-cluster"`` (needs the ``dask`` extra).
    workers : int, optional
        Local worker processes (all cores by default; 1 runs inline, in this process).

    Returns
    -------
    InlineExecutor, LocalExecutor or DaskExecutor
        With ``map_unordered(fn, tasks)`` and ``close()``.
    """
    check_executor(scheduler, workers)
    if scheduler:
        return DaskExecutor(scheduler, workers)
    if workers == 1:
        return InlineExecutor()
    return LocalExecutor(workers)


def check_scheduler(scheduler, column: str = "scheduler") -> None:
    """Refuse a ``scheduler`` that is no address (blank: not "local"; not text) before a
    sweep creates its store or starts a worker (``--scheduler``'s one rule, as every command's:
    ``_optional.check_scheduler_text``), or one whose text shows Dask cannot reach it ('x y',
    'tcp://': ``_optional.check_dask_address``, as audit's --engine dask)."""
    check_scheduler_text(scheduler, column)
    if scheduler is not None:
        check_dask_address(scheduler, column)


def check_executor(scheduler, workers, *, cli: bool = False) -> int | None:
    """Where the tasks run, refused before anything is created (a sweep's store, an
    experiment's ``--out`` folder, a worker): ``workers`` (:func:`check_workers`), then
    ``scheduler`` (:func:`check_scheduler`); ``cli``: named by their flags."""
    workers = check_workers(workers, cli=cli)
    check_scheduler(scheduler, "--scheduler" if cli else "scheduler")
    return workers
