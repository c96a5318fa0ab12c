"""``pcer tables STORE --out OUT`` with a store whose runs hold group 1 rows but no group 0
row of the same attribute (no pair to compare) was refused, "no finished run has two groups
of an attribute", after OUT was created: an empty folder was left behind. Now refused as the
store is read, before anything is created."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from ethiclens.cli import main

STORE = Path(__file__).parent / "data" / "store_v1.sqlite"


def test_a_store_without_pairs_is_refused_before_the_folder_is_made(tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    shutil.copy(STORE, store)
    with sqlite3.connect(store) as con:
        con.execute("DELETE FROM group_stats WHERE group_index = 0")
    con.close()
    assert main(["pcer", "tables", str(store), "--out", str(tmp_path / "OUT")]) == 2
    assert "no finished run has two groups of an attribute" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.sqlite"]
