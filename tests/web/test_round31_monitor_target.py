"""Round 31: /monitoring and /monitoring/N showed the monitor's stored target as the monitor
wrote it, a server path (/srv/feeds/day...). The pages name it by its last part, as every
other page names a file: a folder or file by its name, a SQLite database by its file's name
(with its table); a server database's masked URL or $VARIABLE as stored."""

from __future__ import annotations

import sqlite3

import pandas as pd
import pytest

from tests.monitor.conftest import write_days
from tests.web.conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _pages(tmp_path, store):
    from starlette.testclient import TestClient

    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False) as client:
        return [client.get(url) for url in ("/monitoring", "/monitoring/0")]


def test_a_file_target_is_named_without_its_server_folders(tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor

    feed = write_days(tmp_path / "secret-folder" / "feed", range(3))
    request = MonitorRequest(
        target=str(feed), time="ts", window="1d", y_pred="pred", y_true="label",
        protected=("race=White",),
    )  # fmt: skip
    run_monitor(request, tmp_path / "watch.sqlite")
    for page in _pages(tmp_path, tmp_path / "watch.sqlite"):
        assert page.status_code == 200
        assert "Target: <code>feed</code>" in page.text
        assert "secret-folder" not in page.text and str(tmp_path) not in page.text


def test_a_sqlite_database_target_is_named_by_its_file(tmp_path):
    from ethiclens.cli import main

    feed = write_days(tmp_path / "feed", range(3))
    frame = pd.concat([pd.read_csv(f) for f in sorted(feed.glob("*.csv"))], ignore_index=True)
    with sqlite3.connect(tmp_path / "rows.db") as con:
        frame.to_sql("preds", con, index=False)
    args = ["monitor", "--db", f"sqlite:///{tmp_path}/rows.db", "--table", "preds"]
    args += ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label"]
    args += ["--protected", "race=White", "--store", str(tmp_path / "watch.sqlite")]
    assert main(args) == 0
    for page in _pages(tmp_path, tmp_path / "watch.sqlite"):
        assert "Target: <code>rows.db (table preds)</code>" in page.text
        assert str(tmp_path) not in page.text
