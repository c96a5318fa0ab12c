"""Round 47 review of 5beb7f3e (a 0-byte store is started, with a note): two first runs over one
empty file both take it for an empty store; the one that locks it second finds the other's
windows, adds its own after them (nothing lost), but said "the store s.sqlite was an empty file
... so this run started it", which the other run did. The note is now said only by the run that
found the store empty under its lock."""

import pandas as pd

from ethiclens.monitor import MonitorRequest, read_store, run_monitor
from ethiclens.monitor._run import _run
from ethiclens.monitor._store import Store

NOTE = "was an empty file (0 bytes, no journal)"
ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T10:00:00Z"] * 4 + ["2024-01-02T10:00:00Z"] * 4,
     "g": ["A", "B"] * 4, "p": [0, 1, 1, 0] * 2}
)  # fmt: skip


def _request(rows):
    return MonitorRequest(target=rows, time="ts", window="1d", y_pred="p", protected=("g",))


def test_only_the_run_that_started_the_empty_file_says_so(tmp_path):
    path = tmp_path / "s.sqlite"
    path.write_bytes(b"")
    second = Store.open(path)  # opened, not yet locked: it waits while the first run writes
    first = run_monitor(_request(ROWS.iloc[:4]), path, warn=False)
    assert any(NOTE in n for n in first.data["run"]["notes"])
    request = _request(ROWS)
    try:
        later = _run(second, request, request.parsed_window(), None, False)
    finally:
        second.close()
    assert later.data["run"]["new_windows"] == 1  # after the first run's window, none lost
    assert not [n for n in later.data["run"].get("notes", []) if NOTE in n], later.data["run"]
    assert len(read_store(path)["windows"]) == 2
