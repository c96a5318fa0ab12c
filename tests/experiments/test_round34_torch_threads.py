"""Round 34: a sweep run in the caller's process (workers=1, the inline executor) or run_task
called from a notebook left torch at one thread for the rest of the process (each worker's
setting, applied to the caller); the caller's thread count is restored when the task ends."""

import pytest

from ethiclens.experiments import SweepGrid, run_sweep

torch = pytest.importorskip("torch")


def test_an_inline_sweep_gives_the_callers_threads_back(tmp_path):
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        grid = SweepGrid(
            datasets=["compas"],
            attributes={"compas": ["race"]},
            epsilons=[None],  # no accounting: the thread count is set and restored either way
            seeds=[0],
            train={"epochs": 1},
            max_rows=400,
        )
        summary = run_sweep(grid, tmp_path / "runs.sqlite", workers=1, progress=False)
        assert summary.executor == "inline" and summary.completed == 1
        assert torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(before)
