"""Model B's file sent for a database table's mapping screen (a request the page never makes:
it draws no model-B upload for a table): refused, naming model B's field, with nothing kept,
as the mapping form refuses model B's file for a table; before, the file was stored and the
screen came back with it silently dropped."""

from __future__ import annotations

import sqlite3

import pytest

from .conftest import csrf_of, make_app, make_frame

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_model_b_file_for_a_table_is_refused_and_not_kept(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    rows = tmp_path / "rows.db"
    with sqlite3.connect(rows) as db:
        make_frame(60).to_sql("preds", db, index=False)
    monkeypatch.setenv("ROWS_DB", f"sqlite:///{rows}")
    with TestClient(make_app(tmp_path, databases=("ROWS_DB",)), follow_redirects=False) as c:
        token = csrf_of(c.get("/").text)
        table = c.post("/database", data={"csrf": token, "db": "ROWS_DB", "table": "preds"})
        audit_id = table.headers["location"].split("/")[2]
        assert 'id="model-b-form"' not in c.get(table.headers["location"]).text
        r = c.post(
            f"/upload?for={audit_id}",
            data={"csrf": token},
            files={"file": ("b.csv", make_frame(60).to_csv(index=False).encode())},
        )
        assert r.status_code == 400, r.headers.get("location")
        assert "<h1>Model B&#39;s file can only be compared with an uploaded file</h1>" in r.text
        assert "Field: <code>Model B from another file</code>" in r.text
    assert not list((tmp_path / "data" / "uploads").iterdir())
    with sqlite3.connect(tmp_path / "data" / "ethiclens-web.sqlite") as db:
        assert db.execute("SELECT count(*) FROM data WHERE name = 'b.csv'").fetchone()[0] == 0
