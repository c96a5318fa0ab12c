"""Reproducible PCER experiments: grids, a resumable results store, executors and tables."""

from ._grid import PRESETS, SweepGrid, load_grid, preset
from ._store import ResultsStore, open_existing
from ._sweep import SweepSummary, run_sweep

__all__ = ["SweepGrid", "preset", "load_grid", "PRESETS", "ResultsStore", "open_existing",
           "run_sweep", "SweepSummary"]
