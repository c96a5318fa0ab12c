"""Round 39 review (rev_k): a URL a web visitor types into the database form is drawn back with
its password masked, but its secrets are NOT remembered process-wide: remembered, a visitor's
'postgresql://u:Fix@h/d' masked the word 'Fix' in every later message and page of every user,
and 1,024 typed URLs pushed the server's own database passwords out of the remembered set."""

from __future__ import annotations

from tests.web.conftest import csrf_of, make_app

WORD = "Zebracorn"  # a word of later messages, typed as a password


def test_unknown_database_masks_without_remembering():
    from ethiclens._secrets import mask_secrets
    from ethiclens.web._routes_data import _unknown_database

    said = _unknown_database(f"\u200bpostgresql://u:{WORD}@h/d", ["WAREHOUSE"])
    assert WORD not in said and "postgresql://u:***@h/d" in said
    assert mask_secrets(f"a {WORD} column") == f"a {WORD} column"


def test_database_form_masks_without_remembering(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from ethiclens._secrets import mask_secrets

    word = WORD + "Form"
    monkeypatch.setenv("REV_K_DB", f"sqlite:///{tmp_path / 'w.db'}")
    with TestClient(make_app(tmp_path, databases=("REV_K_DB",))) as client:
        token = csrf_of(client.get("/").text)
        for form in (
            {"db": f"postgresql://u:{word}@h/d", "table": "t"},
            {"db": "REV_K_DB", "table": f"postgresql://h/d?password={word}"},
        ):
            r = client.post("/database", data={"csrf": token, **form})
            assert r.status_code == 422 and word not in r.text
    assert mask_secrets(f"the {word} group") == f"the {word} group"


def test_mask_typed_url_masks_as_mask_url():
    from ethiclens._secrets import mask_typed_url

    for url, shown in [
        ("postgresql://u:pw9@h/d", "postgresql://u:***@h/d"),
        ("postgresql://u:p@ss:w@h/d", "postgresql://u:***@h/d"),
        (
            "postgresql://h/d?password=abcd&sslmode=require",
            "postgresql://h/d?password=***&sslmode=require",
        ),
        ("postgresql://u:***@h/d", "postgresql://u:***@h/d"),
    ]:
        assert mask_typed_url(url) == shown
