"""Round 43: the trainer names of a results store's runs in ``pcer tables``' tables.md.

Before: the Runs line wrote each trainer as stored, unescaped (every other name in tables.md
is escaped): a store whose trainer read '<img src=x onerror=alert(1)>' put that tag into the
Markdown, 'a\\n## Fake' started a heading of its own, and a trainer stored as bytes (a BLOB)
ended pcer tables in a TypeError traceback (sorting str with bytes) after six files were
written. Now each name is Markdown text, whatever its type (checked on the Runs lines that
pcer tables writes, from the store's runs as it reads them).
"""

import shutil
import sqlite3
from pathlib import Path

import pytest

from ethiclens.experiments import open_existing
from ethiclens.experiments._tables import _md_runs

V1 = Path(__file__).parent / "data" / "store_v1.sqlite"


@pytest.mark.parametrize(
    ("stored", "shown"),
    [
        ("<img src=x onerror=alert(1)>", r"\<img src=x onerror=alert\(1\)\>"),
        ("a\n## Fake", r"a\\n\#\# Fake"),
        (b"\x00\x01", r"b'\\x00\\x01'"),
    ],
)
def test_a_stores_trainer_is_written_as_text(tmp_path, stored, shown):
    store = tmp_path / "s.sqlite"
    shutil.copy(V1, store)
    with sqlite3.connect(store) as conn:
        conn.execute("UPDATE runs SET trainer = ? WHERE run_id = 1", (stored,))
    reader = open_existing(store)  # the runs pcer tables reads (read_table_inputs)
    try:
        md = "\n".join(_md_runs(reader.runs()))
    finally:
        reader.close()
    runs = [line for line in md.splitlines() if "trainer(s):" in line]
    assert runs == [
        f"4 finished runs, 0 failed; trainer(s): {shown}, no-dp, opacus; mean wall time per "
        "model 0.19 s."
    ]
    assert "## Fake" not in md.replace(r"\#\# Fake", "")
