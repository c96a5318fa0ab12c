"""Odd results stores: a damaged row (text or inf in a statistic) or a store of another version
(a column missing) is one clear refusal naming the column and run (pcer tables and pcer export,
exit 2), never a traceback; all-NULL metrics give an honest table (undefined, never a sign
test of NaNs counted as non-zero)."""

import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from ethiclens.cli import main
from ethiclens.experiments import open_existing
from ethiclens.experiments._tables import main_table, per_seed, ranking_table, sign_test

V1 = Path(__file__).parent / "data" / "store_v1.sqlite"


def _store(tmp_path, *sql) -> Path:
    path = tmp_path / "s.sqlite"
    shutil.copy(V1, path)
    with sqlite3.connect(path) as conn:
        for q in sql:
            conn.execute(q)
    return path


FIRST = "run_id = (SELECT min(run_id) FROM group_stats)"


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (f"UPDATE group_stats SET delta = 'x' WHERE {FIRST}", "delta of run 1 (compas, ε 1.0, "
         "seed 0, group 'Other') holds 'x', not a finite number"),
        (f"UPDATE group_stats SET delta = 9e999 WHERE {FIRST}", "holds inf, not a finite number"),
        ("ALTER TABLE group_stats DROP COLUMN positive_rate", "has no column(s) "
         "['positive_rate'] in group_stats"),
    ],
)  # fmt: skip
def test_damaged_or_other_version_store_is_one_refusal(tmp_path, capsys, edit, said):
    store = _store(tmp_path, edit)
    for args in (["tables", str(store), "--out", str(tmp_path / "t")],
                 ["export", str(store), "--out", str(tmp_path / "e.csv")]):  # fmt: skip
        assert main(["pcer", *args]) == 2
        err = capsys.readouterr().err
        assert said in " ".join(err.split()) and "Traceback" not in err
    assert not (tmp_path / "t").exists() and not (tmp_path / "e.csv").exists()


def test_all_null_metrics_give_an_undefined_table(tmp_path):
    cols = "acc_train = NULL, acc_test = NULL, delta = NULL, positive_rate = NULL"
    groups = open_existing(_store(tmp_path, f"UPDATE group_stats SET {cols}")).group_stats()
    main_ = main_table(per_seed(groups))
    assert main_.n_nonzero.tolist() == [0, 0] and main_.sign_test_p.isna().all()
    ranking = ranking_table(main_)
    assert ranking.best_dp_gap.tolist() == [None] and ranking.ranking_reversal.tolist() == [None]
    assert ranking.best_eo_gap.tolist() == ["no-DP"] and ranking.dp_gap_order.tolist() == [""]


def test_sign_test_skips_undefined_values():
    assert sign_test([np.nan, 1.0, 2.0]) == (2, 2, 0.5)
    assert sign_test([0.0, 0.0])[2] == 1.0
