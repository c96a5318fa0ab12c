"""Round 34 review (leftover): the history lists requests stamped in the same second in the
order they were made, newest first. Ties of ``created`` (to the second) were broken by
``updated``, which each step of a run changes: the older of two requests of one second that
failed (or finished) after the newer was made was listed first, and the diff form's default
Before and After were swapped. SQLite's rowid keeps the order rows were inserted in (no schema
change); the newest uploaded files are listed by it as well."""

from __future__ import annotations

import itertools
import re

import pytest

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _clock(monkeypatch, stamps):
    from ethiclens.web import _store

    ticks = iter(stamps)
    monkeypatch.setattr(_store, "now", lambda: next(ticks))


def test_requests_of_one_second_are_listed_newest_first(tmp_path, monkeypatch):
    from ethiclens.web import _store

    second, later = "2026-01-01T00:00:00+00:00", "2026-01-01T00:00:01+00:00"
    _clock(monkeypatch, [second, second, later, later, later, later])
    store = _store.Store(tmp_path / "history.sqlite")
    older = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    newer = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    store.fail(older, {"problem": "x", "column": None, "fix": ""})  # updated: a second later
    assert [row["id"] for row in store.history()] == [newer, older]
    store.close()


def test_files_of_one_second_are_listed_newest_first(tmp_path, monkeypatch):
    from ethiclens.web import _store

    _clock(monkeypatch, itertools.repeat("2026-01-01T00:00:00+00:00"))
    store = _store.Store(tmp_path / "history.sqlite")
    made = [
        store.add_data(name=f"f{i}.csv", kind="csv", path=f"/x/f{i % 2}.csv", profile="{}")
        for i in range(8)
    ]
    assert [row["id"] for row in store.files()] == made[::-1]
    assert store.data_at("/x/f1.csv")["id"] == made[7]
    assert store.data_at("/x/f0.csv")["id"] == made[6]
    store.close()


def test_the_diff_form_puts_the_older_request_before(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from ethiclens.web import _store

    app = make_app(tmp_path)
    store = app.state.store
    stamps = iter([f"2026-01-01T00:00:{s:02d}+00:00" for s in (0, 0, 5, 9)] + ["x"] * 99)
    monkeypatch.setattr(_store, "now", lambda: next(stamps))
    older = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    newer = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    for audit_id in (newer, older):  # the older finished last
        store.finish(audit_id, result="{}", html="", card="", fingerprint="", verdict="PASSED")
    with TestClient(app, follow_redirects=False) as client:
        page = client.get("/history").text
    before = re.search(r'<select id="a"[^>]*>.*?<option value="(\w+)" selected', page, re.S)
    assert before and before[1] == older
    listed = re.findall(r'<a href="/audits/(\w+)">', page)
    assert listed.index(newer) < listed.index(older)
