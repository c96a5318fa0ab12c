"""Round 21: every interrupted audit can be run again as it was asked ("Run it again" on its
page): a benchmark's (which has no mapping to fix) as well as a file's, a database table's and
a comparison's; the run is the same request under the same id, never its mapping screen."""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import csrf_of, make_app, make_frame, wait_done
from tests.web.test_round14_thresholds import _audit, _frame_at, _text


def _interrupted_copy(store, audit_id: str) -> str:
    """The same request as ``audit_id``'s, queued and then interrupted (the server stopped)."""
    row = store.audit(audit_id)
    copy = store.new_request(row["data_id"], json.loads(row["spec"]), row["purpose"])
    assert store.interrupt([copy]) == 1
    return copy


def _runs_again(client, store, audit_id: str, purpose: str) -> None:
    page = client.get(f"/audits/{audit_id}")
    assert "was interrupted" in page.text and 'id="run-again"' in page.text
    r = client.post(f"/audits/{audit_id}/reopen", data={"csrf": csrf_of(page.text)})
    assert r.status_code == 303 and r.headers["location"] == f"/audits/{audit_id}"
    done = wait_done(client, r.headers["location"])
    assert done.status_code == 200 and 'id="verdict-word"' in done.text, _text(done.text)[-600:]
    assert store.audit(audit_id)["purpose"] == purpose


def test_an_interrupted_benchmark_audit_runs_again(client, app):
    from ethiclens.web._store import Store

    store = Store(app.config.store)
    data_id = store.add_data(name="compas", kind="benchmark", dataset="compas")
    spec = {"target": {"dataset": "compas"}, "groups": {}, "policy": {"n_boot": 200}}
    audit_id = store.new_request(data_id, spec, "audit")
    assert store.interrupt([audit_id]) == 1
    _runs_again(client, store, audit_id, "audit")


@pytest.mark.parametrize("fields", [{}, {"y_pred_b": "pred_b"}], ids=["file", "compare"])
def test_an_interrupted_file_audit_or_comparison_runs_again_as_asked(client, app, fields):
    from ethiclens.web._store import Store

    url = _audit(client, _frame_at(0.7), **fields)
    assert wait_done(client, url).status_code == 200
    store = Store(app.config.store)
    purpose = store.audit(url.rsplit("/", 1)[1])["purpose"]
    assert purpose == ("compare" if fields else "audit")
    _runs_again(client, store, _interrupted_copy(store, url.rsplit("/", 1)[1]), purpose)


def test_an_interrupted_database_audit_runs_again(tmp_path, monkeypatch):
    import sqlite3

    pytest.importorskip("sqlalchemy")
    from starlette.testclient import TestClient

    from ethiclens.web._store import Store
    from tests.web.conftest import mapping_form

    db = tmp_path / "warehouse.db"
    con = sqlite3.connect(db)
    make_frame(n=600).drop(columns=["constant"]).to_sql("predictions", con, index=False)
    con.close()
    monkeypatch.setenv("WAREHOUSE_URL", f"sqlite:///{db}")
    app = make_app(tmp_path, databases=("WAREHOUSE_URL",))
    with TestClient(app, follow_redirects=False) as client:
        token = csrf_of(client.get("/").text)
        sent = {"csrf": token, "db": "WAREHOUSE_URL", "table": "predictions"}
        url = client.post("/database", data=sent).headers["location"]
        form = mapping_form(client.get(url).text, y_true="label", y_pred="pred", n_boot="200")
        form["protected"], form["y_score"] = ["3"], ""
        r = client.post(url, data=form)
        assert r.status_code == 303, _text(r.text)[-800:]
        assert wait_done(client, r.headers["location"]).status_code == 200
        store = Store(app.config.store)
        copy = _interrupted_copy(store, r.headers["location"].rsplit("/", 1)[1])
        _runs_again(client, store, copy, "audit")
