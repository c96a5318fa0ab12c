"""A SQLite file of another program whose table happens to be named ``meta`` (no ``key`` and
``value`` columns), given as ``--store``, was refused as "is damaged (no such column: value)
... Fix: restore it from a backup": it is no store at all. It is now refused as every other
program's SQLite file is ("is a SQLite file that is not an EthicLens monitor store"), and left
as it was, by a run and by ``read_store``."""

import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor


def refused_as_no_store(tmp_path, store) -> None:
    """A run and ``read_store`` on ``store`` refuse it as not a monitor store (never
    "damaged"), and leave its bytes as they were."""
    before = store.read_bytes()
    (tmp_path / "f.csv").write_text("ts,g,pred\n2024-03-01T00:00:00Z,a,1\n")
    request = MonitorRequest(
        target=str(tmp_path / "f.csv"), time="ts", window="1d", y_pred="pred", protected=("g",)
    )
    for attempt in (lambda: run_monitor(request, store), lambda: read_store(store)):
        with pytest.raises(EthicLensInputError, match="not an EthicLens monitor store") as no:
            attempt()
        assert "damaged" not in str(no.value)
    assert store.read_bytes() == before


def test_another_programs_meta_table_is_no_damaged_store(tmp_path):
    store = tmp_path / "app.sqlite"
    with sqlite3.connect(store) as con:
        con.execute("CREATE TABLE meta (k TEXT, v TEXT)")
        con.execute("INSERT INTO meta VALUES ('theme', 'dark')")
    con.close()
    refused_as_no_store(tmp_path, store)
