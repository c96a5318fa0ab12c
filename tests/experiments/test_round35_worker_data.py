"""Round 35: the results store records a digest of each dataset's rows, but a long-lived worker
(a Dask cluster's, kept between sweeps) held the copy an earlier sweep loaded: after the file
changed, its runs were stored under the new digest though trained on the old rows. Each task
now carries the coordinator's digest: a worker holding other rows reads them again (taking a
re-registered entry), and rows that still differ fail the task's runs, never stored."""

import dataclasses

import numpy as np
import pandas as pd
import pytest

from ethiclens import datasets
from ethiclens.datasets import BinarySplit, Dataset, DatasetEntry
from ethiclens.experiments import SweepGrid, SweepTask, _runner, run_task, tasks_for


def _toy(n, shift=0.0):
    rng = np.random.default_rng(0)
    return Dataset(
        name="toy35",
        features=pd.DataFrame({"x": rng.normal(size=n) + shift}),
        label=pd.Series(np.arange(n) % 2),
        protected=pd.DataFrame({"sex": np.where(np.arange(n) % 3, "Male", "Female")}),
        reference={"sex": "Male"},
        positive_label="1",
        positive_is_favorable=True,
    )


def _entry(n, shift=0.0):
    return DatasetEntry(
        name="toy35",
        loader=lambda: _toy(n, shift),
        description="toy",
        positive_is_favorable=True,
        protected=("sex",),
        pcer_splits={
            "sex": BinarySplit(column="sex", group0="Male", group1="Female", one_values=("Female",))
        },
    )


@pytest.fixture
def toy():
    _runner._LOADED.clear()
    yield
    datasets.unregister("toy35")
    _runner._LOADED.clear()


def _task(entry, digest):
    return SweepTask(
        dataset="toy35", epsilons=[None], seeds=[0, 1], trainer="vectorized",
        attributes=["sex"], entry=entry, digest=digest,
    )  # fmt: skip


def test_a_worker_holding_an_older_copy_reads_the_rows_again(toy):
    entry = datasets.register(_entry(200))
    new = _runner.data_digest(_toy(200))
    # the worker's cache: the rows an earlier sweep read, under this very entry
    _runner._LOADED[("toy35", "full")] = [entry, _toy(200, shift=1.0), None]
    ds = _runner._dataset("toy35", "full", new)
    assert _runner.data_digest(ds) == new
    assert _runner.dataset_digest("toy35") == new


def test_a_worker_whose_entry_was_registered_again_takes_the_tasks(toy):
    datasets.register(_entry(200, shift=1.0))  # this worker's registration, from before
    _runner.dataset_digest("toy35")
    task = _task(_entry(200), _runner.data_digest(_toy(200)))
    assert _runner.data_digest(_runner._task_data(task)) == task.digest
    assert _runner.dataset_digest("toy35") == task.digest


def test_rows_that_still_differ_fail_the_tasks_runs_untrained(toy):
    datasets.register(_entry(200))
    results = run_task(_task(None, "0" * 64))
    assert [(r.run.seed, r.run.status) for r in results] == [(0, "failed"), (1, "failed")]
    assert "other rows of toy35" in results[0].run.error
    assert "coordinator (000000000000…)" in results[0].run.error


def test_each_task_carries_its_datasets_digest(toy):
    datasets.register(_entry(200))
    grid = SweepGrid(datasets=["toy35"], epsilons=[None], seeds=2, trainer="vectorized")
    tasks = tasks_for(grid, grid.units(), {"toy35": "ab" * 32})
    assert tasks and all(t.digest == "ab" * 32 for t in tasks)
    assert all(t.digest is None for t in tasks_for(grid, grid.units()))


def test_a_worker_that_cannot_read_the_dataset_fails_its_runs(toy):
    def missing():
        raise FileNotFoundError(2, "No such file or directory", "/data/toy35.csv")

    entry = _entry(200)
    datasets.register(entry)
    task = _task(None, _runner.data_digest(_toy(200)))
    datasets.register(dataclasses.replace(entry, loader=missing), replace=True)
    results = run_task(task)  # a Dask worker without the coordinator's file
    assert [r.run.status for r in results] == ["failed", "failed"]
    assert "this worker cannot read toy35, which the sweep's coordinator read" in (
        results[0].run.error
    )
    assert "/data/toy35.csv" in results[0].run.error
