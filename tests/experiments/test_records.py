"""Typed sweep tasks and results, the feature-set setting of a grid, and stores written before
either existed."""

import dataclasses
import shutil
import sqlite3
from pathlib import Path

import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.experiments import (
    GroupRecord,
    ResultsStore,
    RunRecord,
    RunResult,
    SweepGrid,
    SweepTask,
    open_existing,
    preset,
    run_sweep,
    tasks_for,
    write_tables,
)

# Written by the code before tasks and results became dataclasses and grids had feature sets
# (commit 23cb818): SweepGrid(datasets=["compas"], epsilons=[1.0, None], seeds=[0, 1],
# trainer="opacus", train={"epochs": 1, "batch_size": 64}, max_rows=300), config f6948ac3a6920e4d.
V1_STORE = Path(__file__).parent / "data" / "store_v1.sqlite"
V1_GRID = dict(
    datasets=["compas"],
    epsilons=[1.0, None],
    seeds=[0, 1],
    trainer="opacus",
    train={"epochs": 1, "batch_size": 64},
    max_rows=300,
)
V1_HASH = "f6948ac3a6920e4d"


def test_records_are_frozen_keyword_dataclasses_and_round_trip():
    group = GroupRecord(
        attribute="race", group="A", group_index=0, n_train=10, n_test=5,
        acc_train=0.9, acc_test=0.8, delta=0.1, positive_rate=0.5,
    )  # fmt: skip
    result = RunResult(
        run=RunRecord(dataset="compas", epsilon=None, seed=3, status="done", n_train=10),
        groups=[group],
    )
    assert isinstance(result.groups, tuple)
    assert RunResult.from_dict(result.to_dict()) == result
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.run.seed = 4
    with pytest.raises(TypeError):
        RunRecord("compas", None, 3, "done")  # keyword construction only
    task = SweepTask(dataset="compas", epsilons=[1.0], seeds=[0, 1], trainer="opacus")
    assert task.seeds == (0, 1) and task.size == 2 and task.features == "full"
    assert task.config().epochs == 25


def test_store_columns_are_the_record_fields():
    with sqlite3.connect(V1_STORE) as conn:
        runs = [r[1] for r in conn.execute("PRAGMA table_info(runs)")]
        groups = [r[1] for r in conn.execute("PRAGMA table_info(group_stats)")]
    stored_only = {"run_id", "epsilon_key", "config_hash", "finished_at"}
    assert set(runs) - stored_only == {f.name for f in dataclasses.fields(RunRecord)}
    assert set(groups) - {"run_id", "group_name"} == {
        f.name for f in dataclasses.fields(GroupRecord)
    } - {"group"}


def test_a_store_written_before_the_change_reads_resumes_and_recomputes_the_same(tmp_path):
    path = tmp_path / "old.sqlite"
    shutil.copy(V1_STORE, path)
    grid = SweepGrid(**V1_GRID)
    assert grid.config_hash() == V1_HASH  # features = "full" keeps the old key
    old = open_existing(path).group_stats()
    assert len(old) == 8 and set(old.attribute) == {"race"}
    files = write_tables(old, tmp_path / "tables", runs=open_existing(path).runs())
    assert pd.read_csv(files["main"]).n_seeds.tolist() == [2, 2]
    summary = run_sweep(grid, path, workers=1, progress=False)
    assert summary.skipped == 4 and summary.completed == 0
    # drop one run and resume: the new code recomputes it to the same numbers
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("DELETE FROM runs WHERE seed = 1 AND epsilon_key = 'none'")
    summary = run_sweep(grid, path, workers=1, progress=False)
    assert summary.skipped == 3 and summary.completed == 1
    new = open_existing(path).group_stats()
    cols = ["epsilon_key", "seed", "group_name", "acc_train", "acc_test", "delta", "mia_auc"]
    key = cols[:3]
    pd.testing.assert_frame_equal(
        new[cols].sort_values(key).reset_index(drop=True),
        old[cols].sort_values(key).reset_index(drop=True),
    )


def test_feature_set_is_a_grid_setting_with_its_own_store_key(tmp_path):
    full = SweepGrid(**V1_GRID)
    paper = SweepGrid(**{**V1_GRID, "features": "paper"})
    assert paper.config_hash() != full.config_hash()
    assert {t.features for t in tasks_for(paper, paper.units())} == {"paper"}
    assert preset("paper").features == "paper"
    assert preset("paper").datasets == ["compas", "adult", "acs-income", "bios"]
    assert preset("quick").features == "full"
    with pytest.raises(EthicLensInputError, match="features.*no such feature set"):
        SweepGrid(datasets=["compas"], features="all")
    with pytest.raises(EthicLensInputError, match="another grid configuration"):
        store = tmp_path / "s.sqlite"
        st = ResultsStore(store, full.config_hash())
        st.record({"run": {"dataset": "compas", "epsilon": 1.0, "seed": 0, "status": "done"}})
        st.close()  # a finished run of the full feature set: the paper grid may not mix in
        run_sweep(paper, store, workers=1, progress=False)
