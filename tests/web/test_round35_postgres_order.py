"""Round 35 (leftover of round 34): on a PostgreSQL history, requests and files stamped in the
same second are listed newest first, as on SQLite (whose rowid fixed it there). PostgreSQL
keeps no order of insertion: their order was the random id's, and the diff form's default
Before and After could be swapped. Each table now numbers its rows (``seq``)."""

from __future__ import annotations

import pytest


def test_rows_of_one_second_are_listed_newest_first_on_postgresql(postgres_url, monkeypatch):
    pytest.importorskip("psycopg")
    from ethiclens.web import _store

    monkeypatch.setattr(_store, "now", lambda: "2026-01-02T00:00:00+00:00")
    store = _store.Store(postgres_url)
    made = [store.new_request(None, {"target": {"dataset": "compas"}}, "audit") for _ in range(6)]
    store.fail(made[0], {"problem": "x", "column": None, "fix": ""})
    listed = [row["id"] for row in store.history(limit=10_000) if row["id"] in made]
    assert listed == made[::-1]
    files = [
        store.add_data(name=f"f{i}.csv", kind="csv", path=f"/r35/f{i % 2}.csv", profile="{}")
        for i in range(6)
    ]
    assert [row["id"] for row in store.files(10_000) if row["id"] in files] == files[::-1]
    assert store.data_at("/r35/f1.csv")["id"] == files[5]
    # a second start on the same history (its seq column there already) keeps the order
    store.close()
    again = _store.Store(postgres_url)
    assert [row["id"] for row in again.history(limit=10_000) if row["id"] in made] == listed
    again.close()
