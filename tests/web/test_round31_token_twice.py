"""Round 31: the access token sent twice in the address (``?token=wrong&token=RIGHT``) was
read as its last value and let in, where every other field a query or form sends twice is
refused (400), never read as its last value. It is refused before anything else is read."""

from __future__ import annotations

import pytest

from tests.web.conftest import make_app

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

TOKEN = "Ab-9_x.Y~z0123456789"


@pytest.mark.parametrize("query", [f"token=wrong&token={TOKEN}", f"token={TOKEN}&token={TOKEN}"])
def test_a_token_sent_twice_is_refused(tmp_path, query):
    from starlette.testclient import TestClient

    with TestClient(make_app(tmp_path, token=TOKEN), follow_redirects=False) as client:
        r = client.get(f"/history?{query}")
        assert r.status_code == 400
        assert "field &#39;token&#39; is sent more than once" in r.text
        assert "set-cookie" not in {k.lower() for k in r.headers}  # no token cookie given
        assert client.get(f"/history?token={TOKEN}").status_code == 303  # once: taken
