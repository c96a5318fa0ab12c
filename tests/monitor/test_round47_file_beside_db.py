"""Round 47 (known item b): a Python caller's db= beside a target that is data itself (a file,
a folder, a glob, a path object or a DataFrame) ran on the database and silently left the file
unread, where the command line refuses TARGET beside --db ("names 2 targets (file, db)"). It
is now refused naming both, before a store is made; target='db' (only the report's name of the
database) and the SQLite file db= reads still run."""

import sqlite3
from pathlib import Path

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROLES = {"time": "t", "window": "1d", "y_pred": "p", "protected": ("g",), "table": "m"}
FRAME = pd.DataFrame({"t": ["2024-01-01T00:00:00Z"] * 2, "p": [1, 0], "g": ["a", "b"]})


@pytest.fixture
def files(tmp_path):
    feed, db = tmp_path / "f.csv", tmp_path / "m.db"
    FRAME.to_csv(feed, index=False)
    with sqlite3.connect(db) as con:
        FRAME.to_sql("m", con, index=False)
    return feed, db


@pytest.mark.parametrize(
    ("target", "kind"),
    [(str, "file"), (Path, "file"), (lambda f: str(f.parent), "folder"),
     (lambda f: str(f.parent / "*.csv"), "file"), (lambda f: FRAME, "DataFrame")],
)  # fmt: skip
def test_data_beside_db_is_refused_naming_both(files, tmp_path, target, kind):
    feed, db = files
    store = tmp_path / "s.sqlite"
    request = MonitorRequest(target(feed), db=f"sqlite:///{db}", **ROLES)
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, store)
    text = str(caught.value)
    assert text.startswith(f"argument 'target': names a {kind} while argument 'db' names a ")
    assert f"2 targets ({kind}, db)" in text and "--" not in text, text
    assert not store.exists()


@pytest.mark.parametrize("name", ["db", "m.db"])
def test_a_name_of_the_database_still_runs(files, tmp_path, name, monkeypatch):
    feed, db = files
    monkeypatch.chdir(tmp_path)  # 'm.db': the SQLite file db= reads, one target
    request = MonitorRequest(name, db=f"sqlite:///{db}", **ROLES)
    assert run_monitor(request, tmp_path / "s.sqlite").data["run"]["new_windows"] == 1
