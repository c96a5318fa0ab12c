"""What the pcer commands call: the sweep's grid from flags, the tables' inputs and the export
of a results store, the failure message of a sweep (each refusal names the flag)."""

import shutil
from pathlib import Path

import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.experiments import (
    TABLE_FILES,
    SweepSummary,
    export_store,
    read_table_inputs,
    store_files,
    sweep_grid,
    write_tables,
)

V1_STORE = Path(__file__).parent / "data" / "store_v1.sqlite"


def test_sweep_grid_from_flags():
    grid = sweep_grid(None, None, seeds=3, datasets=None, epsilons=["1", "none"], trainer=None)
    assert grid.seeds == [0, 1, 2] and grid.epsilons == [1.0, None] and grid.datasets == ["compas"]
    assert grid.describe() == (
        "6 runs (compas; ε [1.0, 'no-DP']; 3 seeds; trainer vectorized; features full)"
    )


@pytest.mark.parametrize(
    ("preset", "grid_file", "overrides", "flag"),
    [
        ("quick", "grid.toml", {}, "grid_file"),  # round 35 hunt: Python's words (was --grid)
        (None, None, {"seeds": 0}, "seeds"),  # round 35: Python's words (was '--seeds')
        (None, None, {"features": "zzz"}, "features"),
        (None, None, {"epsilons": ["1", "-2"]}, "epsilons"),
    ],
)
def test_sweep_grid_refusals_name_the_flag(preset, grid_file, overrides, flag):
    with pytest.raises(EthicLensInputError, match=f"'{flag}'"):
        sweep_grid(preset, grid_file, **overrides)


def test_table_inputs_and_export(tmp_path):
    path = tmp_path / "s.sqlite"
    shutil.copy(V1_STORE, path)
    groups, runs = read_table_inputs(path)
    assert len(groups) == 8 and len(runs) == 4
    files = write_tables(groups, tmp_path / "tables", runs=runs)
    assert {p.name for p in (tmp_path / "tables").iterdir()} <= set(TABLE_FILES)
    assert files["markdown"].name == "tables.md"
    out = export_store(path, tmp_path / "rows.csv")
    assert len(pd.read_csv(out)) == 8
    with pytest.raises(EthicLensInputError, match="unknown export type"):
        export_store(tmp_path / "missing.sqlite", tmp_path / "rows.txt")
    assert [p.name for p in store_files(path)] == ["s.sqlite", "s.sqlite-wal", "s.sqlite-shm"]


def test_failure_message_lists_at_most_twenty_runs():
    summary = SweepSummary(total=30, skipped=0)
    summary.failed = [("compas", None if s % 2 else 1.0, s, "boom") for s in range(25)]
    message = summary.failure_message()
    assert message.startswith("25 of 30 runs failed: compas ε=1 seed=0; compas ε=no-DP seed=1")
    assert "seed=19" in message and "seed=20" not in message and " and 5 more." in message
