"""Round 26: a refusal shown by the web app is masked as the error's own message is (ADR 0011).
The page's one-line form of an error (``said``) and a failed run's stored problem, fix and value
were built from the error's parts, which ``str(exc)`` masks but the parts do not: a password in
a URL a refusal quoted reached the page."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from ethiclens.errors import EthicLensInputError  # noqa: E402

from .conftest import make_frame, mapping_form, upload, wait_done  # noqa: E402

URL = "postgresql://bob:hunter2secret@db.example/x"


def test_said_masks_credentials():
    from ethiclens.web._web import said

    shown = said(EthicLensInputError(f"cannot read {URL}", fix=f"check {URL}"))
    assert "hunter2secret" not in shown and "bob:***@db.example" in shown


def test_a_failed_run_s_stored_refusal_is_masked(client, monkeypatch):
    import ethiclens.spec

    def refuse(spec):
        raise EthicLensInputError(f"cannot read {URL}", column="target", value=URL, fix=URL)

    monkeypatch.setattr(ethiclens.spec, "run_audit", refuse)
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="100")
    sent = client.post(url, data=form)
    page = wait_done(client, sent.headers["location"]).text
    assert "cannot read postgresql://bob:***@db.example/x" in page
    assert "hunter2secret" not in page
    stored = client.app.state.store.audit(sent.headers["location"].rsplit("/", 1)[1])["error"]
    assert "hunter2secret" not in stored


def test_an_error_page_masks_credentials(client):
    from starlette.requests import Request

    web = client.app.state.web
    request = Request({"type": "http", "method": "GET", "path": "/", "headers": []})
    request.state.csrf = ""
    page = web.error_page(request, 422, f"cannot read {URL}", f"check {URL}").body.decode()
    assert "hunter2secret" not in page and "bob:***@db.example" in page
