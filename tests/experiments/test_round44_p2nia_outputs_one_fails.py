"""The P2NIA experiment's outputs (write_experiment_outputs, 'p2nia experiment --out'): one
that cannot be written (a full disk) leaves every other written, the rows CSV (the run's
finished work) included, and the refusal names what was written and what was not; before,
the first failure stopped the rest and said nothing of the rows written."""

import os

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import _p2nia_figures as figs
from ethiclens.experiments import write_experiment_outputs
from ethiclens.io import write_atomic

from ..conftest import full_disk_for


def _rows():
    return pd.DataFrame(
        [
            dict(dataset="adult", model="rf", rep=r, mechanism="grr", epsilon=1.0,
                 accounting="record", n=250, metric="dp", estimate=0.1, reference=0.1,
                 abs_error=0.01 * (r + 1))
            for r in range(2)
        ]
    )  # fmt: skip


def _full_disk_for(monkeypatch, *names):
    full_disk_for(monkeypatch, *names)
    # the figures written without drawing them (what is tested is which files are written)
    monkeypatch.setattr(figs, "_save", lambda fig, axes, png, *a, **k: write_atomic(png, b"png"))


@pytest.mark.parametrize("bad", ["toy-fig8.png", "toy-rows.csv"])
def test_an_output_not_written_leaves_the_others_written(tmp_path, monkeypatch, bad):
    _full_disk_for(monkeypatch, bad)
    with pytest.raises(EthicLensInputError) as info:
        write_experiment_outputs(_rows(), tmp_path, "toy")
    said = str(info.value)
    assert f"{tmp_path / bad}: could not be written" in said
    kept = {"toy-rows.csv", "toy-fig8.png", "toy-tables.md"} - {bad}
    assert kept <= set(os.listdir(tmp_path)) and bad not in os.listdir(tmp_path)
    assert all(str(tmp_path / name) in said.partition("; written: ")[2] for name in kept)
