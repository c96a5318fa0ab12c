"""Round 44 review (f72c52c4's class on the Python face): write_tables(groups, out) took any
frame: one of other columns was a KeyError traceback from per_seed, a rate outside [0, 1]
(mia_auc 2.0) or text in one was written into every table, where a store holding them is
refused as damage. Now refused naming the argument, the column and the row; nothing written."""

from pathlib import Path

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import write_tables
from ethiclens.experiments._store import open_existing

V1 = Path(__file__).parent / "data" / "store_v1.sqlite"


def _groups() -> pd.DataFrame:
    store = open_existing(V1)
    try:
        return store.group_stats()
    finally:
        store.close()


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (lambda g: pd.DataFrame({"a": [1]}), "has no column(s) ['dataset', 'attribute'"),
        (lambda g: g.drop(columns="mia_auc"), "has no column(s) ['mia_auc']"),
        (lambda g: g.to_dict(), "must be a pandas DataFrame"),
        (lambda g: g.assign(mia_auc=g.mia_auc.where(g.index != 1, 2.0)),
         "column 'mia_auc' holds 2.0 in row 1, not a rate from 0 to 1"),
        (lambda g: g.assign(tpr="x"), "column 'tpr' holds 'x' in row 0"),
    ],
)  # fmt: skip
def test_write_tables_refuses_rows_no_store_gives(tmp_path, edit, said):
    with pytest.raises(EthicLensInputError) as info:
        write_tables(edit(_groups()), tmp_path / "t")
    assert str(info.value).startswith("argument 'groups': ") and said in str(info.value)
    assert not (tmp_path / "t").exists()
