"""Round 34: the sweep harness kept each dataset it loaded for the rest of the process, so a
notebook that re-registered a dataset (``register(..., replace=True)``) or pointed
``$ETHICLENS_BIOS`` at another file went on checking and training on the old rows, silently.
A dataset is loaded again when its registry entry is another one, and each sweep reads its
data afresh."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import datasets
from ethiclens.datasets import BinarySplit, Dataset, DatasetEntry
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid, run_sweep


def _toy(n):
    rng = np.random.default_rng(0)
    return Dataset(
        name="toy34",
        features=pd.DataFrame({"x": rng.normal(size=n)}),
        label=pd.Series(np.arange(n) % 2),
        protected=pd.DataFrame({"sex": np.where(np.arange(n) % 3, "Male", "Female")}),
        reference={"sex": "Male"},
        positive_label="1",
        positive_is_favorable=True,
    )


def _entry(n):
    return DatasetEntry(
        name="toy34",
        loader=lambda: _toy(n),
        description="toy",
        positive_is_favorable=True,
        protected=("sex",),
        pcer_splits={
            "sex": BinarySplit(column="sex", group0="Male", group1="Female", one_values=("Female",))
        },
    )


@pytest.fixture
def toy():
    yield
    datasets.unregister("toy34")


def test_a_replaced_dataset_is_loaded_again(toy):
    datasets.register(_entry(1000))
    grid = SweepGrid(datasets=["toy34"], epsilons=[1.0], seeds=1, train={"batch_size": 64})
    grid.check_data()  # 1,000 rows: a batch of 64 is fine
    datasets.register(_entry(60), replace=True)
    with pytest.raises(EthicLensInputError, match="batch size 64 is not below the 42 training"):
        grid.check_data()


def _bios(path, n):
    rows = ["text,occupation,gender"] + [
        f"bio number {i},{'surgeon' if i % 2 else 'nurse'},{'F' if i % 3 else 'M'}"
        for i in range(n)
    ]
    path.write_text("\n".join(rows) + "\n")
    return path


def test_each_sweep_reads_the_bios_file_the_environment_names(tmp_path, monkeypatch):
    monkeypatch.setenv("ETHICLENS_BIOS", str(_bios(tmp_path / "many.csv", 400)))
    grid = SweepGrid(datasets=["bios"], epsilons=[1.0], seeds=1, train={"batch_size": 64})
    grid.check_data()  # 400 rows
    monkeypatch.setenv("ETHICLENS_BIOS", str(_bios(tmp_path / "few.csv", 60)))
    with pytest.raises(EthicLensInputError, match="batch size 64 is not below the 42 training"):
        run_sweep(grid, tmp_path / "runs.sqlite", workers=1, progress=False)
    assert not (tmp_path / "runs.sqlite").exists()
