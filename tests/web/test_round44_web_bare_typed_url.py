"""Round 44 (web): a database URL typed into a data-screen field without its scheme, its password
holding '://' ('u:k9://Zq@h': user u, password 'k9://Zq', as ``--db`` and ``mask_url`` read it)
was drawn back whole: only a ``scheme:/`` value was taken for a URL, and the page's masking of
names reads 'u:k9://Zq@h' as a name before a URL ('race:postgresql://u@h', kept). The database
field's refusal, the redrawn form (database, table, benchmark score) and the benchmark's dataset
refusal showed the password. Now a whole value of that shape is masked as --db's URL is
('u:***@h'), its secrets not remembered."""

from __future__ import annotations

import pytest

from tests.web.conftest import csrf_of, make_app

PASSWORD = "k9Zebra://Zq"
TYPED = f"u:{PASSWORD}@h"


@pytest.fixture
def client(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    monkeypatch.setenv("R44_DB", f"sqlite:///{tmp_path / 'w.db'}")
    with TestClient(make_app(tmp_path, databases=("R44_DB",))) as c:
        yield c


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/database", {"db": TYPED, "table": "t"}),
        ("/database", {"db": "R44_DB", "table": TYPED}),
        ("/benchmark", {"dataset": TYPED}),
        ("/benchmark", {"dataset": "compas", "score": TYPED}),
    ],
)
def test_a_bare_url_typed_in_is_masked(client, path, form):
    from ethiclens._secrets import mask_secrets

    r = client.post(path, data={"csrf": csrf_of(client.get("/").text), **form})
    assert r.status_code == 422
    assert "k9Zebra" not in r.text and "u:***@h" in r.text
    assert mask_secrets(f"a {PASSWORD} word") == f"a {PASSWORD} word"  # not remembered


def test_a_plain_name_is_shown_as_typed(client):
    r = client.post("/database", data={"csrf": csrf_of(client.get("/").text), "db": "R44_D"})
    assert "(value: &#39;R44_D&#39;)" in r.text and "did you mean &#39;R44_DB&#39;" in r.text
