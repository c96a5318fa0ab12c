"""Round 43: a results store whose runs disagree on who group 0 and group 1 are.

Before: ``pcer tables`` of a store whose seed 1 swapped the groups' indices (or renamed group
0, or held a third group, group_index 2) wrote every table: the means over seeds mixed
PCER_0 − PCER_1 with PCER_1 − PCER_0 (ΔPCER -18.1 instead of +3.6 or -3.6) under the header
of seed 0's names, or left the third group out without a word. A sweep never writes such a
store; one edited by hand or filled by ``record`` of runs in another order is refused now,
naming the attribute and the runs, before the folder is created.
"""

import shutil
import sqlite3
from pathlib import Path

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import open_existing
from ethiclens.experiments._tables import per_seed

V1 = Path(__file__).parent / "data" / "store_v1.sqlite"
THIRD = (
    "INSERT INTO group_stats SELECT run_id, attribute, 'Z', 2, n_train, n_test, acc_train, "
    "acc_test, delta, positive_rate, tpr, fpr, mia_auc, mean_loss_train, mean_loss_test "
    "FROM group_stats WHERE group_index = 0"
)
CASES = {
    "swapped": (
        "UPDATE group_stats SET group_index = 1 - group_index WHERE run_id IN (3, 4)",
        "group 0 is 'Other' in the run of ε 1.0, seed 0 but 'African-American' in the run of "
        "ε 1.0, seed 1",
    ),
    "renamed": (
        "UPDATE group_stats SET group_name = 'Oth' WHERE run_id = 3 AND group_index = 0",
        "group 0 is 'Other' in the run of ε 1.0, seed 0 but 'Oth' in the run of ε 1.0, seed 1",
    ),
    "third": (THIRD, "has a group_index 2 (group 'Z', ε 1.0, seed 0)"),
}


def _store(tmp_path, sql) -> Path:
    path = tmp_path / "s.sqlite"
    shutil.copy(V1, path)
    with sqlite3.connect(path) as conn:
        conn.execute(sql)
    return path


@pytest.mark.parametrize("case", sorted(CASES))
def test_pcer_tables_refuses_runs_that_disagree_on_the_groups(tmp_path, capsys, case):
    sql, said = CASES[case]
    out = tmp_path / "t"
    assert main(["pcer", "tables", str(_store(tmp_path, sql)), "--out", str(out)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "argument 'STORE': compas / race" in err and said in err
    assert "Fix: record every run's groups in one order" in err
    assert not out.exists()


def test_per_seed_refuses_it_too_and_reads_a_sweeps_store_as_before(tmp_path):
    store = open_existing(_store(tmp_path, CASES["swapped"][0]))
    try:
        with pytest.raises(EthicLensInputError, match="would mix two groups' directions"):
            per_seed(store.group_stats())
    finally:
        store.close()
    intact = open_existing(V1)
    try:
        seeds = per_seed(intact.group_stats())
    finally:
        intact.close()
    assert set(zip(seeds.group0, seeds.group1, strict=True)) == {("Other", "African-American")}
    assert len(seeds) == 4
