"""Round 44 (privacy): a results store holding a rate outside [0, 1] (mia_auc 2.0, a
positive_rate of 1.5, a δ of -0.1) or a count that is no whole number (n_train 2.5, n_test -4)
was read as it stood: ``pcer tables`` and ``pcer export`` wrote their files from it (ΔPCER^MIA
of an AUC of 2), and ``ResultsStore.record`` stored such rates. Now the readers refuse it as
damage, naming the column, run and group, and record refuses to write it, as each already did
for text or ±inf."""

import math
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ResultsStore
from ethiclens.experiments._records import GroupRecord, RunRecord, RunResult

V1 = Path(__file__).parent / "data" / "store_v1.sqlite"
FIRST = "run_id = (SELECT min(run_id) FROM group_stats)"


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ("mia_auc = 2.0", "mia_auc of run 1 (compas, ε 1.0, seed 0, group 'Other') holds 2, "
         "not a rate from 0 to 1"),
        ("positive_rate = 1.5", "positive_rate of run 1"),
        ("delta = -0.1", "holds -0.1, not a rate from 0 to 1"),
        ("n_train = 2.5", "holds 2.5, not a whole number from 0"),
        ("n_test = -4", "holds -4, not a whole number from 0"),
    ],
)  # fmt: skip
def test_out_of_range_store_values_are_damage(tmp_path, capsys, edit, said):
    store = tmp_path / "s.sqlite"
    shutil.copy(V1, store)
    with sqlite3.connect(store) as conn:
        conn.execute(f"UPDATE group_stats SET {edit} WHERE {FIRST}")
    for args in (["tables", str(store), "--out", str(tmp_path / "t")],
                 ["export", str(store), "--out", str(tmp_path / "e.csv")]):  # fmt: skip
        assert main(["pcer", *args]) == 2
        err = " ".join(capsys.readouterr().err.split())
        assert "is damaged" in err and said in err and "Traceback" not in err
    assert not (tmp_path / "t").exists() and not (tmp_path / "e.csv").exists()


@pytest.mark.parametrize(("field", "value"), [("mia_auc", 2.0), ("positive_rate", -0.5)])
def test_record_refuses_a_rate_outside_zero_one(tmp_path, field, value):
    stats = dict(attribute="race", group_index=0, n_train=50, n_test=40, acc_train=0.7)
    stats.update(acc_test=0.6, delta=0.1, positive_rate=0.3, mia_auc=0.55)
    groups = (GroupRecord(group="a", **{**stats, field: value}),)
    groups += (GroupRecord(group="b", **{**stats, "group_index": 1}),)
    run = RunRecord(dataset="compas", epsilon=2.0, seed=5, status="done")
    store = ResultsStore(tmp_path / "r.sqlite", "h")
    try:
        with pytest.raises(EthicLensInputError, match=re.escape(f"'result.groups[0].{field}'")):
            store.record(RunResult(run=run, groups=groups))
        assert store.conn.execute("SELECT count(*) FROM runs").fetchone() == (0,)
    finally:
        store.close()


# Review of f72c52c4, its class in the runs table and the other bounded numbers: a sample rate
# past 1, a negative ε spent, σ, wall time or mean loss was read as it stood (pcer tables wrote
# 'mean wall time per model -5.00 s', the ε spent column's mean) and record stored it.
@pytest.mark.parametrize(
    ("table", "edit", "said"),
    [
        ("runs", "sample_rate = 1.5", "sample_rate of run 1 (compas, ε 1.0, seed 0) holds 1.5, "
         "not a rate from 0 to 1"),
        ("runs", "wall_time_s = -5", "wall_time_s of run 1 (compas, ε 1.0, seed 0"),
        ("runs", "epsilon_spent = -0.5", "holds -0.5, not a number from 0"),
        ("runs", "noise_multiplier = -1", "holds -1, not a number from 0"),
        ("group_stats", "mean_loss_test = -0.2", "holds -0.2, not a number from 0"),
    ],
)  # fmt: skip
def test_out_of_range_run_numbers_are_damage(tmp_path, capsys, table, edit, said):
    store = tmp_path / "s.sqlite"
    shutil.copy(V1, store)
    with sqlite3.connect(store) as conn:
        conn.execute(f"UPDATE {table} SET {edit} WHERE {FIRST}")
    assert main(["pcer", "tables", str(store), "--out", str(tmp_path / "t")]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "is damaged" in err and said in err and "Traceback" not in err
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [("sample_rate", 1.5), ("wall_time_s", -5.0), ("epsilon_spent", -0.5),
     ("noise_multiplier", -1.0), ("wall_time_s", -math.inf)],
)  # fmt: skip
def test_record_refuses_a_negative_run_number(tmp_path, field, value):
    stats = dict(attribute="race", group_index=0, n_train=50, n_test=40, acc_train=0.7)
    stats.update(acc_test=0.6, delta=0.1)
    groups = (GroupRecord(group="a", **stats),)
    groups += (GroupRecord(group="b", **{**stats, "group_index": 1}),)
    run = RunRecord(dataset="compas", epsilon=2.0, seed=5, status="done", **{field: value})
    store = ResultsStore(tmp_path / "r.sqlite", "h")
    try:
        with pytest.raises(EthicLensInputError, match=re.escape(f"'result.run.{field}'")):
            store.record(RunResult(run=run, groups=groups))
        assert store.conn.execute("SELECT count(*) FROM runs").fetchone() == (0,)
    finally:
        store.close()
