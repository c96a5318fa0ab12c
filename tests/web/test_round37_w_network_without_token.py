"""An app built in Python without a token answers on this machine only: served on a network
address (``uvicorn.run(create_app(WebConfig(...)), host="0.0.0.0")``) it refuses every request
that came in on one, instead of letting the whole network in without a token."""

from __future__ import annotations

import pytest

from .conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize(
    "server", ["http://192.168.1.20:8765", "http://[fe80::1]:8765", "http://[::ffff:10.0.0.1]:80"]
)
def test_no_token_refuses_a_request_on_a_network_address(tmp_path, server):
    """Before: 200, the home page and every form, to anyone on the network."""
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path), base_url=server, follow_redirects=False) as client:
        r = client.get("/history")
        assert r.status_code == 403
        assert "has no access token, so it answers on this machine only" in r.text
        assert "WebConfig(token=" in r.text
        assert client.post("/upload", files={"file": ("a.csv", b"a,b\n1,2\n")}).status_code == 403
    assert not list((tmp_path / "data" / "uploads").iterdir())  # nothing written


@pytest.mark.parametrize(
    "server", ["http://127.0.0.1:8765", "http://[::1]:8765", "http://[::ffff:127.0.0.1]:8765"]
)
def test_no_token_still_answers_on_loopback(tmp_path, server):
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path), base_url=server, follow_redirects=False) as client:
        assert client.get("/history").status_code == 200


def test_a_token_lets_the_network_in_with_it(tmp_path):
    from starlette.testclient import TestClient

    token = "abcdefghijklmnopqrstuvwxyz"
    app = make_app(tmp_path, token=token)
    with TestClient(app, base_url="http://192.168.1.20:8765", follow_redirects=False) as client:
        assert client.get("/history").status_code == 401
        assert client.get(f"/history?token={token}").status_code == 303  # the token, kept
        assert client.get("/history").status_code == 200
