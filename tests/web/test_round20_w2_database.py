"""Round 20 (W2): a database the server cannot connect to is named by its setting (the
environment variable that holds its URL) and why in general terms (its login refused, its
server not reachable), at the database field of the home page and on a failed audit's page
and in the stored error, never the driver's words (its socket, host, port or user)."""

from __future__ import annotations

import html
import json
import re
import sqlite3

import pytest

from tests.sources.conftest import PG_PASSWORD

from .conftest import csrf_of, make_app, make_frame, mapping_form, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
# a PostgreSQL server that is not there: its socket folder does not exist
NO_SERVER = "postgresql+psycopg://ethiclens:WRONG@/postgres?host={}&port=54339"
DRIVER_WORDS = ("socket", ".s.PGSQL", "54339", "for user", "connection failed:", "FATAL")


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _says_in_general_terms(text: str, folder, why: str) -> None:
    said = f"cannot connect to the database WAREHOUSE_URL: {why}"
    assert said in text.replace("Cannot connect", "cannot connect"), text[-800:]
    assert str(folder) not in text
    assert not [w for w in DRIVER_WORDS if w in text], text[-800:]


def _post_table(client, table="preds"):
    token = csrf_of(client.get("/").text)
    return client.post("/database", data={"csrf": token, "db": "WAREHOUSE_URL", "table": table})


def test_a_database_not_reachable_is_named_by_its_setting_at_its_field(tmp_path, monkeypatch):
    pytest.importorskip("psycopg")
    from starlette.testclient import TestClient

    folder = tmp_path / "pg"
    monkeypatch.setenv("WAREHOUSE_URL", NO_SERVER.format(folder))
    with TestClient(make_app(tmp_path, databases=("WAREHOUSE_URL",))) as client:
        r = _post_table(client)
    assert r.status_code == 422
    assert 'id="error-db"' in r.text and 'id="error-table"' not in r.text
    _says_in_general_terms(_text(r.text), folder, "the server is not reachable")


def test_a_database_stopped_before_the_run_fails_it_in_general_terms(tmp_path, monkeypatch):
    pytest.importorskip("psycopg")
    from starlette.testclient import TestClient

    from ethiclens.web._store import Store

    db = tmp_path / "warehouse.db"
    con = sqlite3.connect(db)
    make_frame(n=600).drop(columns=["age", "constant"]).to_sql("preds", con, index=False)
    con.close()
    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{db}")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        url = _post_table(client).headers["location"]
        form = mapping_form(client.get(url).text, n_boot="200")
        folder = tmp_path / "pg"  # the database is gone between the mapping and the run
        monkeypatch.setenv("WAREHOUSE_URL", NO_SERVER.format(folder))
        r = client.post(url, data=form)
        page = wait_done(client, r.headers["location"])
    assert page.status_code == 422
    _says_in_general_terms(_text(page.text), folder, "the server is not reachable")
    stored = Store(app.config.store).audit(url.split("/")[2])["error"]
    words = " ".join(v for v in json.loads(stored).values() if isinstance(v, str))
    _says_in_general_terms(words, folder, "the server is not reachable")


def test_a_refused_login_says_authentication_failed(postgres_url, tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    wrong = postgres_url.replace(PG_PASSWORD, "WRONG")
    monkeypatch.setenv("WAREHOUSE_URL", wrong)
    with TestClient(make_app(tmp_path, databases=("WAREHOUSE_URL",))) as client:
        r = _post_table(client)
    assert r.status_code == 422 and 'id="error-db"' in r.text
    folder = re.search(r"host=([^&]+)", wrong)[1]
    why = "the server refused its login (authentication failed)"
    _says_in_general_terms(_text(r.text), folder, why)


def test_the_threshold_view_of_a_database_gone_names_it_in_general_terms(tmp_path, monkeypatch):
    pytest.importorskip("psycopg")
    from starlette.testclient import TestClient

    from .test_round14_thresholds import _view_form

    db = tmp_path / "warehouse.db"
    con = sqlite3.connect(db)
    make_frame(n=600).drop(columns=["age", "constant"]).to_sql("preds", con, index=False)
    con.close()
    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{db}")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        url = _post_table(client).headers["location"]
        form = mapping_form(client.get(url).text, n_boot="200", y_score="score")
        done = wait_done(client, client.post(url, data=form).headers["location"])
        assert done.status_code == 200
        folder = tmp_path / "pg"  # the database is gone since the audit ran
        monkeypatch.setenv("WAREHOUSE_URL", NO_SERVER.format(folder))
        audit = url.rsplit("/", 1)[0]
        r = client.post(audit + "/thresholds", data=_view_form(done.text))
    assert r.status_code == 422
    _says_in_general_terms(_text(r.text), folder, "the server is not reachable")
