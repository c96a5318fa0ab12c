"""Round 42 (webjobs2): a history written by an earlier version of the app (the first layout:
no ``csv``, ``pdf`` or ``note`` column) opened by this one. Only ``note`` was added at start,
so every audit run on it failed at its end as 'the audit stopped on an internal error' (no
such column: csv): its finished work lost; a threshold view's CSV and a PDF could never be
stored. Every column this version writes is now added, empty; the old results still read."""

from __future__ import annotations

import sqlite3

from ethiclens.web._store import Store

FIRST_LAYOUT = """
CREATE TABLE data (id TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT, dataset TEXT,
    kind TEXT NOT NULL, size INTEGER, sha256 TEXT, created TEXT NOT NULL, profile TEXT);
CREATE TABLE audits (id TEXT PRIMARY KEY, data_id TEXT REFERENCES data(id),
    created TEXT NOT NULL, updated TEXT NOT NULL, finished TEXT,
    rev INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL, step TEXT,
    purpose TEXT NOT NULL DEFAULT 'audit', spec TEXT, fingerprint TEXT, result TEXT,
    html TEXT, card TEXT, verdict TEXT, error TEXT);
INSERT INTO audits (id, created, updated, status, step, result, html)
    VALUES ('old1', '2026-12-01T10:00:00+00:00', '2026-12-01T10:00:00+00:00', 'done', 'done',
    '{"old": 1}', '<p>old</p>');
"""


def test_a_first_layout_history_takes_this_version_s_results(tmp_path):
    path = tmp_path / "ethiclens-web.sqlite"
    with sqlite3.connect(path) as db:
        db.executescript(FIRST_LAYOUT)
    store = Store(path)
    try:
        old = store.audit("old1")  # the earlier version's result, its new columns empty
        assert (old["result"], old["csv"], old["pdf"], old["note"]) == (
            '{"old": 1}',
            None,
            None,
            None,
        )
        audit_id = store.new_request(None, {"target": {"file": "x.csv"}}, "thresholds")
        assert store.step(audit_id, "reading the data")
        store.finish(
            audit_id, result="{}", html="<p/>", card=None, fingerprint="f", verdict="{}",
            csv="threshold,n\n0.5,10\n",
        )  # fmt: skip
        store.set_pdf(audit_id, b"%PDF-1.4")
        row = store.audit(audit_id)
        assert (row["status"], row["csv"], row["pdf"]) == (
            "done",
            "threshold,n\n0.5,10\n",
            b"%PDF-1.4",
        )
        assert [r["id"] for r in store.history()][-1] == "old1"
    finally:
        store.close()
    Store(path).close()  # a second start on it adds nothing more (no duplicate column)
