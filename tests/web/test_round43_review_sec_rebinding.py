"""Round 43 review (rsec) of the loopback Host check of an app built in Python without a token
or ``allowed_hosts`` (57c1ed77, 4cd88990). docs/web.md's own example,
``uvicorn.run(create_app(WebConfig(data_dir=...)), host="0.0.0.0")``, has uvicorn print
``http://0.0.0.0:PORT``: opened, its Host ``0.0.0.0:PORT`` (no DNS name, so no other site's
page) came in on 127.0.0.1 and was refused 400. The refusal told to open
``http://127.0.0.1:PORT/`` (the word PORT; on a server listening on ::1 only, an address that
does not connect), and its advice ``WebConfig(token=secrets.token_urlsafe(32))`` (the 403 of a
network address too) reached the page as ``WebConfig(token=***``, the secret masker eating it."""

from __future__ import annotations

import html
import re

import pytest

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _text(r) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(r.text)).split())


@pytest.mark.parametrize(
    "server", ["http://127.0.0.1:8765", "http://[::1]:8765", "http://[::ffff:127.0.0.1]:8765"]
)
def test_the_unspecified_address_uvicorn_prints_is_answered(tmp_path, server):
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path), base_url=server, follow_redirects=False) as client:
        for host in ("0.0.0.0:8765", "[::]:8765", "0.0.0.0"):
            assert client.get("/history", headers={"host": host}).status_code == 200
        assert client.get("/history", headers={"host": "evil.example:8765"}).status_code == 400


@pytest.mark.parametrize(
    ("server", "own"),
    [
        ("http://127.0.0.1:8765", "http://127.0.0.1:8765/"),
        ("http://[::1]:9000", "http://[::1]:9000/"),
        ("http://[::ffff:127.0.0.1]:9001", "http://127.0.0.1:9001/"),
    ],
)
def test_the_refusal_names_the_servers_own_address_and_a_readable_token_fix(tmp_path, server, own):
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path), base_url=server, follow_redirects=False) as client:
        r = client.get("/history", headers={"host": "evil.example"})
    assert r.status_code == 400
    text = _text(r)
    assert f"open it at {own}, or give the app a token" in text
    assert "secrets.token_urlsafe(32)) or the names it answers to" in text
    assert "PORT" not in text


def test_the_network_refusal_keeps_its_token_advice_readable(tmp_path):
    from starlette.testclient import TestClient

    app = make_app(tmp_path)
    with TestClient(app, base_url="http://192.0.2.2:8765", follow_redirects=False) as client:
        r = client.get("/history")
    assert r.status_code == 403
    assert "e.g. secrets.token_urlsafe(32); ethiclens serve --host ... makes one" in _text(r)
