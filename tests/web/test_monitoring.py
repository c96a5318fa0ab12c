"""The Monitoring page (``ethiclens serve --monitor-store``): what the monitor stored, read-only,
with its trend plots and alarms; only stores named at start; hostile names escaped; a store that
is not one refused at start."""

from __future__ import annotations

import sqlite3

import pytest

from tests.sources.conftest import PG_PASSWORD

from ..monitor.conftest import write_days
from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

HOSTILE = "<script>alert('x')</script>\u202e"  # a bidi override too: shown as an escape


@pytest.fixture(scope="module")
def monitor_store(tmp_path_factory):
    from ethiclens.monitor import MonitorRequest, run_monitor

    tmp = tmp_path_factory.mktemp("monitor")
    groups = (["White", "Black", HOSTILE], [0.55, 0.3, 0.15])
    feed = write_days(tmp / "feed", range(10), change_day=3, groups=groups)
    store = tmp / "watch.sqlite"
    request = MonitorRequest(
        target=str(feed),
        time="ts",
        window="1d",
        y_pred="pred",
        y_true="label",
        protected=("race=White",),
    )
    run_monitor(request, store)
    return store


@pytest.fixture
def client(tmp_path, monitor_store):
    from starlette.testclient import TestClient

    app = make_app(tmp_path, monitor_stores=(monitor_store,))
    with TestClient(app, follow_redirects=False) as c:
        yield c


def test_the_monitoring_page_shows_each_comparison_its_trend_and_alarm(client, monitor_store):
    from ethiclens.monitor import read_store

    stored = read_store(monitor_store)
    before = monitor_store.read_bytes()
    assert 'href="/monitoring"' in client.get("/history").text  # linked from the history
    index = client.get("/monitoring")
    assert index.status_code == 200
    assert "watch.sqlite" in index.text and 'href="/monitoring/0"' in index.text
    assert "ALARM" in index.text and "Black vs White" in index.text
    page = client.get("/monitoring/0")
    assert page.status_code == 200
    text = page.text
    assert len(stored["comparisons"]) == 2
    assert text.count("<img ") == 2 and text.count('src="data:image/png;base64,') == 2
    black = next(c for c in stored["comparisons"] if c["group"] == "Black")
    since = black["tests"]["disparate_impact"]["alarm_since"]
    assert f"ALARM since window {since['window']} ({since['start']})" in text
    e_value = black["tests"]["disparate_impact"]["e_value"]
    assert (f"{e_value:.3g}" if e_value < 1e6 else f"{e_value:.2e}") in text  # as stored
    for page_text in (index.text, text):  # the hostile group name, escaped everywhere
        assert HOSTILE not in page_text
        assert "&lt;script&gt;alert(" in page_text and "&lt;/script&gt;" in page_text
        assert "\u202e" not in page_text and "\\u202e" in page_text
    assert monitor_store.read_bytes() == before  # nothing written


@pytest.mark.parametrize(
    "path",
    [
        "/monitoring/1",
        "/monitoring/-1",
        "/monitoring/..%2F..%2Fetc%2Fpasswd",
        "/monitoring/%2Fetc%2Fpasswd",
        "/monitoring/watch.sqlite",
    ],
)
def test_only_the_stores_named_at_start_are_reachable(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert "Traceback" not in r.text


def test_the_browser_cannot_name_a_path(client, tmp_path):
    other = tmp_path / "other.sqlite"
    other.write_bytes(b"secret-content")
    r = client.get("/monitoring", params={"store": str(other), "path": str(other)})
    assert r.status_code == 200 and "other.sqlite" not in r.text


def test_without_a_monitor_store_the_page_says_how(tmp_path):
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path)) as c:
        r = c.get("/monitoring")
    assert r.status_code == 200 and "--monitor-store PATH" in r.text


@pytest.mark.parametrize("kind", ["garbage", "foreign", "missing"])
def test_a_file_that_is_not_a_monitor_store_is_refused_at_start(tmp_path, capsys, kind):
    from ethiclens.cli import main

    path = tmp_path / "x.sqlite"
    if kind == "garbage":
        path.write_bytes(b"SQLite format 3\x00" + b"\x07" * 600)
    elif kind == "foreign":
        with sqlite3.connect(path) as con:
            con.execute("CREATE TABLE t (a)")
    data = tmp_path / "data"
    rc = main(["serve", "--monitor-store", str(path), "--data-dir", str(data)])
    err = capsys.readouterr().err
    assert rc == 2
    assert "--monitor-store" in err and len(err.strip().splitlines()) == 1, err
    assert not data.exists()  # refused before anything was written


def test_a_postgresql_monitor_store_is_shown_without_its_password(tmp_path, postgres_url):
    # the monitor's store may live in PostgreSQL (ethiclens monitor --store URL); the page
    # reads it by URL, read-only, and names it without the password
    from starlette.testclient import TestClient

    from ethiclens.monitor import MonitorRequest, run_monitor

    feed = write_days(tmp_path / "feed", range(6), change_day=3)
    url = postgres_url + ("&" if "?" in postgres_url else "?") + "schema=webpage"
    request = MonitorRequest(
        target=str(feed), time="ts", window="1d", y_pred="pred", y_true="label",
        protected=("race=White",),
    )  # fmt: skip
    run_monitor(request, url)
    app = make_app(tmp_path / "srv", monitor_stores=(url,))
    with TestClient(app, follow_redirects=False) as c:
        page = c.get("/monitoring")
        one = c.get("/monitoring/0")
    assert page.status_code == 200 and one.status_code == 200
    assert "White" in one.text and "<img" in one.text
    secret = PG_PASSWORD
    assert secret not in page.text and secret not in one.text


def _tables(path) -> list[str]:
    with sqlite3.connect(path) as con:
        names = con.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall()
    con.close()
    return sorted(name for (name,) in names)


def test_a_damaged_monitor_store_is_refused_at_start_in_one_line(
    tmp_path, capsys, monkeypatch, monitor_store
):
    """A real store with any one of its tables gone (read_store refuses it) stops the server
    at start: exit 2, one line naming --monitor-store, nothing written."""
    import uvicorn

    from ethiclens.cli import main

    def started(*args, **kwargs):  # a store taken as sound: the server would run forever
        raise AssertionError("the server started on a damaged monitor store")

    monkeypatch.setattr(uvicorn, "run", started)
    for table in _tables(monitor_store):
        path = tmp_path / f"without_{table}.sqlite"
        path.write_bytes(monitor_store.read_bytes())
        with sqlite3.connect(path) as con:
            con.execute(f'DROP TABLE "{table}"')
        con.close()
        data = tmp_path / "data"
        rc = main(["serve", "--monitor-store", str(path), "--data-dir", str(data)])
        err = capsys.readouterr().err
        assert rc == 2, (table, err)
        assert "--monitor-store" in err and len(err.strip().splitlines()) == 1, (table, err)
        assert not data.exists(), table
