"""Round 43 (sec): an app built in Python without a token or ``allowed_hosts``, served on
loopback (``uvicorn.run(create_app(WebConfig(data_dir=...)))``, uvicorn's default host
127.0.0.1), answered a request whose Host header named any site: a page of evil.example whose
name was pointed at 127.0.0.1 (DNS rebinding) is that site's own to the browser, so it read
the history and every audit, and sent the forms with the CSRF token it read. ``ethiclens
serve`` on loopback answers only this machine's own names; now the Python-built app does the
same (400, nothing written), and a token or ``allowed_hosts`` keeps the choice to the user."""

from __future__ import annotations

import html

import pytest

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize("server", ["http://127.0.0.1:8765", "http://[::1]:8765"])
@pytest.mark.parametrize(
    "host", ["evil.example:8765", "evil.example", "192.0.2.7:8765", "a.localhost"]
)
def test_a_foreign_host_name_on_loopback_is_refused_without_a_token(tmp_path, server, host):
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path), base_url=server, follow_redirects=False) as client:
        r = client.get("/history", headers={"host": host})
        assert r.status_code == 400
        text = html.unescape(r.text)
        assert "answers only to this machine's own names" in text
        assert f"'{host.partition(':')[0]}'" in text
        assert "allowed_hosts" in text
        sent = client.post(
            "/upload", files={"file": ("a.csv", b"a,b\n1,2\n")}, headers={"host": host}
        )
        assert sent.status_code == 400
    assert not list((tmp_path / "data" / "uploads").iterdir())  # nothing written


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "LOCALHOST", "[::1]:8765"])
def test_this_machines_own_names_are_answered(tmp_path, host):
    from starlette.testclient import TestClient

    app = make_app(tmp_path)
    with TestClient(app, base_url="http://127.0.0.1:8765", follow_redirects=False) as client:
        assert client.get("/history", headers={"host": host}).status_code == 200


def test_a_token_or_allowed_hosts_lets_a_named_host_in(tmp_path):
    from starlette.testclient import TestClient

    token = "abcdefghijklmnopqrstuvwxyz"
    for app, headers in [
        (make_app(tmp_path / "a", token=token), {"authorization": f"Bearer {token}"}),
        (make_app(tmp_path / "b", allowed_hosts=("ml.example",)), {}),
    ]:
        with TestClient(app, base_url="http://127.0.0.1:8765", follow_redirects=False) as client:
            r = client.get("/history", headers={"host": "ml.example:8765", **headers})
            assert r.status_code == 200
