"""A table of PostgreSQL (the throw-away server the data-engine tests start) audited from the
browser's side: the server knows the URL through ``--db-env``; no page, download or report
carries the password, and the config reproduces the JSON through the CLI."""

from __future__ import annotations

import json
import re

import pytest

from tests.sources.conftest import PG_PASSWORD

from .conftest import csrf_of, make_app, make_frame, mapping_form, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def test_a_postgresql_table_never_shows_the_password(postgres_url, tmp_path, monkeypatch):
    sa = pytest.importorskip("sqlalchemy")
    from starlette.testclient import TestClient

    from ethiclens.cli import main

    engine = sa.create_engine(postgres_url)
    frame = make_frame(5000).drop(columns=["age", "constant"]).rename(columns={"group": "race"})
    frame.to_sql("web_loans", engine, index=False, if_exists="replace")
    engine.dispose()
    monkeypatch.setenv("WAREHOUSE_URL", postgres_url)
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    seen = []
    with TestClient(app, follow_redirects=False) as client:
        home = client.get("/").text
        seen.append(home)
        r = client.post(
            "/database",
            data={"csrf": csrf_of(home), "db": "WAREHOUSE_URL", "table": "no_such_table"},
        )
        seen.append(r.text)
        assert r.status_code == 422 and 'id="error-table"' in r.text
        r = client.post(
            "/database", data={"csrf": csrf_of(home), "db": "WAREHOUSE_URL", "table": "web_loans"}
        )
        assert r.status_code == 303
        page = client.get(r.headers["location"]).text
        seen.append(page)
        r = client.post(r.headers["location"], data=mapping_form(page, n_boot="200"))
        audit = r.headers["location"]
        done = wait_done(client, audit)
        seen.append(done.text)
        assert re.search(r'id="verdict-word">FLAGGED<', done.text)
        for kind in ("json", "html", "card", "config"):
            seen.append(client.get(f"{audit}/download/{kind}").text)
        seen.append(client.get(f"{audit}/report").text)
        seen.append(client.get("/history").text)
        config = tmp_path / "pg.yaml"
        config.write_text(client.get(f"{audit}/download/config").text)
        web = json.loads(client.get(f"{audit}/download/json").content)
    assert not [text for text in seen if PG_PASSWORD in text]
    assert "db_env: WAREHOUSE_URL" in config.read_text()
    out = tmp_path / "cli.json"
    assert main(["audit", "--config", str(config), "--json", str(out)]) == 0
    # the web app names the database by its variable, the CLI by its masked URL
    from ethiclens.sources import mask_url

    assert web["run"]["input"]["database"] == "WAREHOUSE_URL"
    cli = json.loads(out.read_text().replace(mask_url(postgres_url), "WAREHOUSE_URL"))
    for d in (web, cli):
        d["run"].pop("generated_at")
        d["run"]["spec"]["outputs"] = None
    assert web == cli


def test_history_in_postgresql(postgres_url, tmp_path, capsys):
    pytest.importorskip("psycopg")
    from starlette.testclient import TestClient

    from .conftest import upload

    app = make_app(tmp_path, store=postgres_url)
    with TestClient(app, follow_redirects=False) as client:
        r = upload(client, make_frame().to_csv(index=False).encode())
        page = client.get(r.headers["location"]).text
        form = mapping_form(page, n_boot="200", bins_4="", protected=["3"])
        audit = client.post(r.headers["location"], data=form).headers["location"]
        assert re.search(r'id="verdict-word">FLAGGED<', wait_done(client, audit).text)
        pdf_less = client.get(audit + "/download/json")
        assert pdf_less.status_code == 200
    app = make_app(tmp_path, store=postgres_url)  # a restart on the same database
    with TestClient(app, follow_redirects=False) as client:
        hist = client.get("/history").text
        assert audit in hist and "FLAGGED" in hist
        assert client.get(audit + "/download/json").json() == pdf_less.json()
    assert PG_PASSWORD not in capsys.readouterr().out
