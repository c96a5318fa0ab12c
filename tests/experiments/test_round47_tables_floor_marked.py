"""Round 47: `pcer tables` showed a row whose every seed is floor-dominated (both δ_g below
η = 1e-3, so ΔPCER = DP-Gap/η) like any other (ΔPCER −109.6, no word), where `pcer audit` says
"floor-dominated" and the floor table has share_floor_dominated. main.csv now has that share
at the main η, and the paper-style Markdown marks such a row's ε with † and a footnote, as the
paper's Table 1 does; no number changes."""

import shutil
import sqlite3
from pathlib import Path

import pandas as pd
import pytest

from ethiclens.experiments import open_existing
from ethiclens.experiments._tables import _md_paper_tables, floor_table, main_table, per_seed

V1 = Path(__file__).parent / "data" / "store_v1.sqlite"
RUN1_AT_FLOOR = "UPDATE group_stats SET acc_train = acc_test, delta = 0 WHERE run_id = 1"


@pytest.mark.parametrize(
    ("edit", "share", "marked"),
    [
        (None, [0.0, 0.5], False),  # ε 1.0: seed 1 at the floor, seed 0 not
        (RUN1_AT_FLOOR, [0.0, 1.0], True),  # ε 1.0: both seeds at the floor
        ("UPDATE group_stats SET delta = NULL", [None, None], False),  # unknown: not marked
    ],
)
def test_a_row_floor_dominated_in_every_seed_is_marked(tmp_path, edit, share, marked):
    store = tmp_path / "s.sqlite"
    shutil.copy(V1, store)
    if edit:
        with sqlite3.connect(store) as conn:
            conn.execute(edit)
        conn.close()
    opened = open_existing(store)
    groups = opened.group_stats()
    opened.close()
    seeds = per_seed(groups)  # as write_tables reads them (without its Figure 1: < 1 s)
    main = main_table(seeds)
    got = main.set_index("epsilon").share_floor_dominated
    assert [None if pd.isna(v) else v for v in got[["no-DP", "1"]]] == share
    md = "\n".join(_md_paper_tables(main))
    rows = [line.split(" | ")[0] for line in md.splitlines() if line.startswith(("| 1 ", "| no"))]
    assert rows == ["| no-DP", "| 1 †" if marked else "| 1"]
    assert ("† Floor-dominated in every seed: both groups' δ_g < η = 0.001" in md) is marked
    # the numbers stay: the marked row's ΔPCER is the floor table's mean at η = 1e-3
    floor = floor_table(seeds)
    at = floor[(floor.epsilon == "1") & (floor.eta == 0.001)].dpcer_mean.iloc[0]
    assert main.set_index("epsilon").dpcer_mean["1"] == pytest.approx(at, nan_ok=True)
    assert list(floor[floor.eta == 0.001].share_floor_dominated.fillna(-1)) == [
        -1 if v is None else v for v in share
    ]
