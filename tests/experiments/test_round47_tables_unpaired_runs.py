"""Round 47: `pcer tables` of a store where a finished run lacks a group row (group 1 of race
deleted, or every per-group row of the run) left that run out of every table silently: the
means, n₊/n and the sign test counted the other seeds, while 'Runs' said every run finished.
Such a store is now refused naming the run, before the folder is made (exit 2)."""

import shutil
import sqlite3
from pathlib import Path

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import open_existing
from ethiclens.experiments._tables import per_seed, refuse_runs_without_groups, write_tables

V1 = Path(__file__).parent / "data" / "store_v1.sqlite"
SEX = "INSERT INTO group_stats (run_id, attribute, group_name, group_index) VALUES "


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ("DELETE FROM group_stats WHERE run_id = 3 AND group_index = 1",
         "the run of compas, ε 1.0, seed 1 holds only group 0 'Other' of race"),
        ("DELETE FROM group_stats WHERE run_id = 3",
         "finished run 3 (compas, ε 1.0, seed 1) holds no per-group row"),
        (SEX + "(1, 'sex', 'Female', 0)",
         "the run of compas, ε 1.0, seed 0 holds only group 0 'Female' of sex"),
    ],
)  # fmt: skip
def test_a_run_without_its_groups_is_refused_on_every_face(tmp_path, capsys, edit, said):
    store = tmp_path / "s.sqlite"
    shutil.copy(V1, store)
    with sqlite3.connect(store) as conn:
        conn.execute(edit)
    conn.close()
    assert main(["pcer", "tables", str(store), "--out", str(tmp_path / "OUT")]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert said in err and "Traceback" not in err
    assert not (tmp_path / "OUT").exists()
    opened = open_existing(store)
    groups, runs = opened.group_stats(), opened.runs()
    opened.close()
    with pytest.raises(EthicLensInputError) as info:
        write_tables(groups, tmp_path / "PY", runs=runs)
    assert said in str(info.value)
    assert not (tmp_path / "PY").exists()


def test_a_run_without_an_attribute_other_runs_hold_is_kept_out(tmp_path):
    # a sweep that grew may audit sex in its later runs alone: the sex rows are those runs'
    store = tmp_path / "s.sqlite"
    shutil.copy(V1, store)
    with sqlite3.connect(store) as conn:
        conn.execute(SEX + "(1, 'sex', 'Female', 0), (1, 'sex', 'Male', 1)")
    conn.close()
    opened = open_existing(store)
    groups, runs = opened.group_stats(), opened.runs()
    opened.close()
    refuse_runs_without_groups(groups, runs)
    seeds = per_seed(groups)
    assert seeds.attribute.value_counts().to_dict() == {"race": 4, "sex": 1}
