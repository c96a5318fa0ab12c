"""Round 32: the same results store gives the same table and figure files, byte for byte:
figure1.svg carried the time it was drawn (<dc:date>) and random clip-path ids, so rerunning
``pcer tables`` changed the committed docs/reproductions/pcer/figure1.svg every time."""

import time
from pathlib import Path

from ethiclens.experiments._pcer_commands import tables_to_folder

STORE = Path(__file__).parent / "data" / "store_v1.sqlite"


def test_pcer_tables_twice_are_the_same_bytes(tmp_path):
    tables_to_folder(STORE, tmp_path / "a")
    time.sleep(1.1)  # a later second: a date written in a file would differ
    tables_to_folder(STORE, tmp_path / "b")
    first = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert "figure1.svg" in first and first == sorted(p.name for p in (tmp_path / "b").iterdir())
    for name in first:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    assert b"<dc:date>" not in (tmp_path / "a" / "figure1.svg").read_bytes()
