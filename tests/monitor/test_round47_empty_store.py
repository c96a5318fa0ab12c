"""Round 47 (known item d, a 0-byte store): an empty file without a journal (a run killed
between making the file and its first write, a touched name, a store a disk or a copy
emptied) was refused as "is damaged (an empty file, 0 bytes: its history is lost)", though it
holds nothing to lose, and the user had to delete it to go on. A run now starts it and says
so in a note; the readers (read_store, read_store_report) say it holds no windows yet, not
that it is damaged or no SQLite file."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, read_store_report, run_monitor

ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 4, "g": ["A", "B"] * 2, "p": [0, 1, 1, 0]})
REQUEST = dict(target=ROWS, time="ts", window="1d", y_pred="p", protected=("g",))
EMPTY = "is an empty file (0 bytes): it holds no windows (no monitor run has written it)"


def test_a_run_starts_an_empty_file_and_says_so(tmp_path):
    store = tmp_path / "s.sqlite"
    store.write_bytes(b"")
    result = run_monitor(MonitorRequest(**REQUEST), store)
    assert result.data["run"]["new_windows"] == 1
    said = [n for n in result.data["run"]["notes"] if "was an empty file" in n]
    assert said and "(0 bytes, no journal): it held no windows, so this run started it" in said[0]
    assert read_store(store)["windows"] == result.data["windows"]


@pytest.mark.parametrize(
    ("read", "name"),
    [(read_store, "option '--store'"),
     (lambda s: read_store_report(s, MonitorRequest(**REQUEST)), "argument 'store_path'")],
)  # fmt: skip
def test_a_reader_says_an_empty_file_holds_no_windows(tmp_path, read, name):
    store = tmp_path / "s.sqlite"
    store.write_bytes(b"")
    with pytest.raises(EthicLensInputError) as caught:
        read(store)
    assert str(caught.value).startswith(f"{name}: {EMPTY}"), caught.value
    assert store.stat().st_size == 0  # a reader writes nothing
