"""Round 42: odd results stores through pcer tables, pcer export and the Python API.

- An empty store: pcer tables refused it ("no finished runs") while pcer export wrote a
  header-only CSV; both refuse it now, nothing written.
- A runs table with ε = +∞ ('inf', 9e999): the tables showed a budget 'inf' beside 'no-DP' and
  counted it as a DP budget; it is no DP now, as the trainers and a sweep grid read it, and the
  same budget twice ('none' and 'inf' for one seed), a key that is no budget or an ε that is
  not its key's is one refusal naming the run. ``record`` of a run at ε = inf stores 'none'.
- A runs table missing a column: a SQL error quoting the whole query; now one line naming the
  column and the fix, from the readers and from a sweep's open (before any training).
"""

import math
import shutil
import sqlite3
from pathlib import Path

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ResultsStore, open_existing
from ethiclens.experiments._records import RunRecord, RunResult
from ethiclens.experiments._tables import _md_runs

V1 = Path(__file__).parent / "data" / "store_v1.sqlite"
COLS = (
    "dataset, epsilon_key, epsilon, seed, status, error, epsilon_spent, noise_multiplier, "
    "accountant, sample_rate, trainer, wall_time_s, test_accuracy, n_train, n_test, "
    "config_hash, versions, finished_at"
)
GCOLS = (
    "attribute, group_name, group_index, n_train, n_test, acc_train, acc_test, delta, "
    "positive_rate, tpr, fpr, mia_auc, mean_loss_train, mean_loss_test"
)


def _store(tmp_path, *sql) -> Path:
    path = tmp_path / "s.sqlite"
    shutil.copy(V1, path)
    with sqlite3.connect(path) as conn:
        for q in sql:
            conn.execute(q)
    return path


def _both(tmp_path, store, capsys) -> list[str]:
    said = []
    for args in (["tables", str(store), "--out", str(tmp_path / "t")],
                 ["export", str(store), "--out", str(tmp_path / "e.csv")]):  # fmt: skip
        assert main(["pcer", *args]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and "Execution failed" not in err
        said.append(" ".join(err.split()))
    assert not (tmp_path / "t").exists() and not (tmp_path / "e.csv").exists()
    return said


def test_an_empty_store_is_refused_by_tables_and_export_alike(tmp_path, capsys):
    store = _store(tmp_path, "DELETE FROM group_stats", "DELETE FROM runs")
    tables, export = _both(tmp_path, store, capsys)
    assert tables == export and "the store has no finished runs" in export


def test_a_runs_table_infinity_is_no_dp(tmp_path):
    store = _store(tmp_path, "UPDATE runs SET epsilon = 9e999, epsilon_key = 'inf' "
                   "WHERE epsilon_key = 'none'")  # fmt: skip
    groups = open_existing(store).group_stats()
    assert sorted(groups.epsilon_key.unique()) == ["1.0", "none"]
    assert groups[groups.epsilon_key == "none"].epsilon.isna().all()


def test_one_budget_twice_is_refused_naming_the_runs(tmp_path, capsys):
    store = _store(
        tmp_path,
        f"INSERT INTO runs (run_id, {COLS}) SELECT 9, dataset, 'inf', 9e999, seed, status, "
        "error, epsilon_spent, noise_multiplier, accountant, sample_rate, trainer, wall_time_s, "
        "test_accuracy, n_train, n_test, config_hash, versions, finished_at FROM runs "
        "WHERE run_id = 2",
        f"INSERT INTO group_stats SELECT 9, {GCOLS} FROM group_stats WHERE run_id = 2",
    )
    for said in _both(tmp_path, store, capsys):
        assert "holds one budget twice: runs 2 and 9 (compas, seed 0)" in said


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ("epsilon_key = '-1.0', epsilon = -1", "holds epsilon_key '-1.0' with epsilon -1"),
        ("epsilon_key = 'abc'", "holds epsilon_key 'abc' with epsilon 1"),
        ("epsilon = 5", "holds epsilon_key '1.0' with epsilon 5"),
    ],
)
def test_a_run_without_one_budget_is_damage(tmp_path, capsys, edit, said):
    store = _store(tmp_path, f"UPDATE runs SET {edit} WHERE run_id = 1")
    for text in _both(tmp_path, store, capsys):
        assert "is damaged: run 1 (compas" in text and said in text


def test_a_missing_runs_column_is_one_line(tmp_path, capsys):
    store = _store(tmp_path, "ALTER TABLE runs DROP COLUMN trainer")
    for said in _both(tmp_path, store, capsys):
        assert "has no column(s) ['trainer'] in runs" in said
    with pytest.raises(EthicLensInputError, match=r"no column\(s\) \['trainer'\] in runs") as e:
        ResultsStore(store, "any")  # a sweep's open: before anything is trained
    assert e.value.column == "--store"


def test_recording_a_run_at_infinity_stores_no_dp(tmp_path):
    store = ResultsStore(tmp_path / "r.sqlite", "h")
    run = RunRecord(dataset="compas", epsilon=math.inf, seed=0, status="failed", error="x")
    store.record(RunResult(run=run))
    row = store.conn.execute("SELECT epsilon_key, epsilon FROM runs").fetchone()
    store.close()
    assert row == ("none", None)


def test_a_damaged_run_number_is_refused_before_any_table_is_written(tmp_path, capsys):
    # a finished run without group rows: its wall time reaches only the tables' run summary,
    # which ended pcer tables in a TypeError with half the CSVs written
    store = _store(
        tmp_path,
        f"INSERT INTO runs (run_id, {COLS}) SELECT 7, dataset, '5.0', 5.0, 0, 'done', error, "
        "epsilon_spent, noise_multiplier, accountant, sample_rate, trainer, 'x', test_accuracy, "
        "n_train, n_test, config_hash, versions, finished_at FROM runs WHERE run_id = 1",
    )
    assert main(["pcer", "tables", str(store), "--out", str(tmp_path / "t")]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "wall_time_s of run 7 (compas, ε 5.0, seed 0) holds 'x', not a finite number" in err
    assert not (tmp_path / "t").exists()


def test_no_recorded_wall_time_is_undefined_not_nan(tmp_path):
    # the runs section of tables.md, as `pcer tables` writes it (without drawing the figures,
    # which take over a second)
    store = _store(tmp_path, "UPDATE runs SET wall_time_s = NULL")
    text = "\n".join(_md_runs(open_existing(store).runs()))
    assert "mean wall time per model — (not recorded)." in text and "nan" not in text
