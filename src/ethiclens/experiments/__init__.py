"""Reproducible PCER experiments: grids, a resumable results store, executors and tables."""

from ._executors import (
    DaskExecutor,
    InlineExecutor,
    LocalExecutor,
    check_workers,
    make_executor,
)
from ._grid import PRESETS, SweepGrid, load_grid, preset
from ._records import GroupRecord, RunRecord, RunResult, SweepTask
from ._runner import run_task, set_single_thread
from ._store import ResultsStore, open_existing
from ._sweep import SweepSummary, run_sweep, tasks_for
from ._tables import write_tables

__all__ = [
    "SweepGrid",
    "preset",
    "load_grid",
    "PRESETS",
    "ResultsStore",
    "open_existing",
    "run_sweep",
    "SweepSummary",
    "write_tables",
    "make_executor",
    "InlineExecutor",
    "LocalExecutor",
    "DaskExecutor",
    "set_single_thread",
    "check_workers",
    "SweepTask",
    "RunRecord",
    "GroupRecord",
    "RunResult",
    "run_task",
    "tasks_for",
]
