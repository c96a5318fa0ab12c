"""Round 21: a column name longer than a group label may be (256 characters) is refused with
the upload, naming the column shortened and the limit: a 1,000,000-character name was kept, and
every later mapping page (model B's choices list recent uploads' columns) grew by a megabyte."""

from __future__ import annotations

import html
import re
import sqlite3

from tests.web.conftest import make_frame, upload


def _error(page: str) -> str:
    return html.unescape(re.search(r'id="error-file"[^>]*>([^<]*)<', page).group(1))


def test_a_megabyte_column_name_is_refused_with_the_upload(client, app):
    frame = make_frame(n=200).rename(columns={"constant": "c" * 1_000_000})
    r = upload(client, frame.to_csv(index=False).encode())
    assert r.status_code == 400 and len(r.content) < 100_000
    said = _error(r.text)
    assert "has a name of 1,000,000 characters" in said and "at most 256" in said, said
    assert repr("c" * 60) + "…" in said and "rename the column" in said
    with sqlite3.connect(app.config.store) as db:
        assert db.execute("SELECT COUNT(*) FROM data").fetchone() == (0,)
    assert not list((app.config.data_dir / "uploads").iterdir())  # nothing of it is kept


def test_a_name_of_256_characters_is_kept(client):
    frame = make_frame(n=200).rename(columns={"constant": "c" * 256})
    r = upload(client, frame.to_csv(index=False).encode())
    assert r.status_code == 303


def test_a_database_column_name_over_the_limit_is_refused_by_the_table_field(tmp_path, monkeypatch):
    import pytest

    pytest.importorskip("sqlalchemy")
    from starlette.testclient import TestClient

    from tests.web.conftest import csrf_of, make_app

    db = tmp_path / "warehouse.db"
    with sqlite3.connect(db) as con:
        make_frame(n=50).rename(columns={"constant": "c" * 300}).to_sql("t", con, index=False)
    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{db}")
    with TestClient(make_app(tmp_path, databases=("WAREHOUSE_URL",))) as client:
        sent = {"csrf": csrf_of(client.get("/").text), "db": "WAREHOUSE_URL", "table": "t"}
        r = client.post("/database", data=sent, follow_redirects=False)
    assert r.status_code == 422, r.status_code
    said = html.unescape(re.search(r'id="error-table"[^>]*>([^<]*)<', r.text).group(1))
    assert "has a name of 300 characters" in said and "rename the column in the table" in said
