"""Where sweep tasks run: local worker processes (default) or a Dask cluster.

Both yield results as tasks finish; the coordinator alone writes the store.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed

from .._optional import require
from .._optional import require
from ..errors import EthicLensInputError


class InlineExecutor:
    """Run tasks in this process, one after another (workers=1; tests, debugging)."""

    name = "inline"

    def map_unordered(self, fn: Callable, tasks: Iterable) -> Iterator:
        for task in tasks:
            yield fn(task)

    def close(self) -> None:
        pass


class LocalExecutor:
    """A process pool, one torch thread per worker, all cores by default."""

    def __init__(self, workers: int | None = None):
        self.workers = workers or os.cpu_count() or 1
        self.name = f"local ({self.workers} processes)"

    def map_unordered(self, fn: Callable, tasks: Iterable) -> Iterator:
        from ._runner import set_single_thread

        ctx = multiprocessing.get_context("spawn")  # no forked torch/BLAS thread state
        with ProcessPoolExecutor(self.workers, mp_context=ctx,
                                 initializer=set_single_thread) as pool:
            futures = [pool.submit(fn, t) for t in tasks]
            for future in as_completed(futures):
                yield future.result()

    def close(self) -> None:
        pass


class DaskExecutor:
    """Tasks on Dask distributed: ``address`` of a scheduler, or "local-cluster"."""

    def __init__(self, address: str, workers: int | None = None):
        distributed = require("distributed", extra="dask")
        Client, LocalCluster = distributed.Client, distributed.LocalCluster
        self._cluster = None
        if address == "local-cluster":
            self._cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1,
                                         threads_per_worker=1, processes=True,
                                         dashboard_address=None)
            self.client = Client(self._cluster)
        else:
            try:
                self.client = Client(address, timeout="20s")
            except OSError as exc:
                raise EthicLensInputError(f"cannot reach the Dask scheduler at {address} "
                                          f"({exc})", column="--scheduler",
                                          fix="check the address, or use local-cluster") from exc
        self.name = f"dask ({address})"

    def map_unordered(self, fn: Callable, tasks: Iterable) -> Iterator:
        dask_completed = require("distributed", extra="dask").as_completed

        futures = [self.client.submit(fn, t, pure=False) for t in tasks]
        for future in dask_completed(futures):
            yield future.result()

    def close(self) -> None:
        self.client.close()
        if self._cluster is not None:
            self._cluster.close()


def make_executor(scheduler: str | None = None, workers: int | None = None):
    """Dask at ``scheduler`` (an address or "local-cluster"), else ``workers`` local processes
    (all cores by default; 1 runs inline, in this process)."""
    if scheduler:
        return DaskExecutor(scheduler, workers)
    if workers == 1:
        return InlineExecutor()
    return LocalExecutor(workers)
