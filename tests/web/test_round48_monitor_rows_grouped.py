"""Round 48: the /monitoring store page's "Rows" column printed a window's count bare (5000)
where the terminal and the page's own "held back" line print 5,000. Both now go through the one
formatter the terminal uses (``_text.count_text``, behind ``plural``); a value that is no number
(a store damaged between the server's checks and the page) shows as written, escaped, never a
500 (the held line's ``'{:,}'.format`` raised on one)."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from starlette.testclient import TestClient  # at collection: the case itself runs in < 1 s

import ethiclens.monitor
import ethiclens.web  # noqa: F401
from ethiclens._text import count_text, plural
from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _store(tmp_path):
    """Window 0 of 2,400 rows processed, window 1 of 1,200 held back (--hold-last)."""
    days = {1: 2400, 2: 1200}
    rows = [
        (f"2025-01-0{d}T{i * 24 // n:02d}:{i % 60:02d}:00Z", "AB"[i % 2], int(i % 3 == 0))
        for d, n in days.items()
        for i in range(n)
    ]
    path = tmp_path / "feed.csv"
    pd.DataFrame(rows, columns=["ts", "g", "pred"]).to_csv(path, index=False)
    store = tmp_path / "w.sqlite"
    request = MonitorRequest(
        target=str(path), time="ts", window="1d", y_pred="pred", protected=("g=A",),
        n_draws=100, engine="pandas", hold_last=True,
    )  # fmt: skip
    run_monitor(request, store, warn=False)
    return store


def _page(tmp_path, store):
    app = make_app(tmp_path / "web", monitor_stores=(store,))
    with TestClient(app, follow_redirects=False, raise_server_exceptions=False) as client:
        return client.get("/monitoring/0")


def _rows_cell(page: str) -> list[str]:
    return re.findall(r"<tr><td>0</td><td>[^<]*</td><td>(.*?)</td>", page)


@pytest.fixture
def no_plot(monkeypatch):
    monkeypatch.setattr(ethiclens.monitor, "trend_png", lambda doc, c: b"")


def test_rows_column_has_thousands_separators_as_the_terminal(tmp_path, no_plot):
    response = _page(tmp_path, _store(tmp_path))
    assert response.status_code == 200
    assert _rows_cell(response.text) == ["2,400"]  # was 2400
    assert "to 2025-01-03T00:00:00Z, 1,200 rows)." in response.text  # the held line, as before
    assert plural(2400, "row") == "2,400 rows"  # the terminal's words, the same formatter


def test_a_value_that_is_no_number_shows_as_written_escaped(tmp_path, no_plot, monkeypatch):
    store = _store(tmp_path)
    read = ethiclens.monitor.read_store

    def damaged(path, **kw):  # what a store changed under the server could give
        data = read(path, **kw)
        for c in data["comparisons"]:
            c["series"][0]["rows"] = "<b>5000?</b>"
        data["held"][0]["rows"] = "<i>x</i>"
        return data

    monkeypatch.setattr(ethiclens.monitor, "read_store", damaged)
    response = _page(tmp_path, store)
    assert response.status_code == 200  # was a 500 (the held line's '{:,}'.format)
    assert _rows_cell(response.text) == ["&lt;b&gt;5000?&lt;/b&gt;"]
    assert "1,200" not in response.text and "&lt;i&gt;x&lt;/i&gt; rows)" in response.text
    assert "<b>5000?" not in response.text and "<i>x" not in response.text


@pytest.mark.parametrize(
    ("value", "shown"),
    [(5000, "5,000"), (-3, "-3"), (1234.5, "1,234.5"), ("5000", "5000"), (None, "None"),
     (True, "True")],
)  # fmt: skip
def test_count_text(value, shown):
    assert count_text(value) == shown
