"""The web's database picker refuses PostgreSQL's system catalogs (round 22, security): a table
``pg_catalog.pg_authid`` showed role password hashes as columns and groups. The refusal is the
library's (``sources.sql_columns``), made before connecting, in the Table field."""

from __future__ import annotations

import html

import pytest

from .conftest import csrf_of, make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize(
    "table", ["pg_catalog.pg_authid", "pg_shadow", "information_schema.user_mapping_options"]
)
def test_the_picker_refuses_system_catalogs(tmp_path, monkeypatch, table):
    pytest.importorskip("sqlalchemy")
    from starlette.testclient import TestClient

    # no server listens there: the refusal comes before any connection
    monkeypatch.setenv("WAREHOUSE_URL", "postgresql+psycopg://auditor@127.0.0.1:1/warehouse")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        home = client.get("/").text
        form = {"csrf": csrf_of(home), "db": "WAREHOUSE_URL", "table": table}
        r = client.post("/database", data=form)
    assert r.status_code == 422 and 'id="error-table"' in r.text
    assert "system catalogs" in html.unescape(r.text)
    assert "cannot connect" not in html.unescape(r.text)
