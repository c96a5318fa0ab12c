"""Round 39 (hunt_web): a database or store URL with an invisible character around it (a
zero-width space, a byte-order mark, a control character a paste leaves) is still a URL in
every setting that takes one, never a file path that shows its password; and a URL typed
into the web app's database field is refused with its password masked."""

from __future__ import annotations

import sqlite3

import pytest

from tests.web.conftest import SERVE_OPTIONS, csrf_of, make_app

PASSWORD = "s3cretPW9"
UNSEEN = ["\u200b", "\ufeff", "\u2060", "\x1b", "\u200e", "\u3164"]


@pytest.mark.parametrize("char", UNSEEN)
@pytest.mark.parametrize("where", ["start", "end"])
def test_store_url_disguised_is_refused_masked(tmp_path, char, where):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web import WebConfig

    url = f"mysql://u:{PASSWORD}@h/d"
    url = char + url if where == "start" else url + char
    with pytest.raises(EthicLensInputError) as info:
        WebConfig(data_dir=tmp_path / "data", store=url)
    assert "is not a PostgreSQL URL" in str(info.value)
    assert "WebConfig.store" in str(info.value)
    assert PASSWORD not in str(info.value)


@pytest.mark.parametrize("char", UNSEEN)
def test_postgres_store_url_disguised_is_the_url(tmp_path, char):
    from ethiclens.web import WebConfig

    config = WebConfig(data_dir=tmp_path / "data", store=f"{char}postgresql://u:{PASSWORD}@h/d")
    assert config.store == f"postgresql://u:{PASSWORD}@h/d"  # text, not a Path
    assert PASSWORD not in repr(config)


def test_monitor_store_urls_are_text_and_masked(tmp_path):
    from pathlib import Path

    from ethiclens.web import WebConfig

    stores = (f"\u200bpostgresql://u:{PASSWORD}@h/d", Path(f"mysql:/u:{PASSWORD}@h/d"))
    config = WebConfig(data_dir=tmp_path / "data", monitor_stores=stores)
    assert config.monitor_stores[0] == f"postgresql://u:{PASSWORD}@h/d"
    assert all(isinstance(s, str) for s in config.monitor_stores)
    assert PASSWORD not in repr(config)


def test_serve_store_flags(tmp_path, monkeypatch):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web import serve_settings

    options = dict(SERVE_OPTIONS, data_dir=str(tmp_path / "data"))
    with pytest.raises(EthicLensInputError) as info:
        serve_settings("127.0.0.1", dict(options, store=f"\u200bmysql://u:{PASSWORD}@h/d"))
    assert "--store" in str(info.value) and PASSWORD not in str(info.value)
    monkeypatch.setenv("HUNT_WEB_STORE", f"\ufeffpostgresql://u:{PASSWORD}@h/d\u200b")
    config, _ = serve_settings("127.0.0.1", dict(options, store_env="HUNT_WEB_STORE"))
    assert config.store == f"postgresql://u:{PASSWORD}@h/d"


def test_serve_database_flags(tmp_path, monkeypatch):
    import os

    from ethiclens.web import serve_settings

    db = tmp_path / "w.db"
    sqlite3.connect(db).close()
    monkeypatch.setenv("HUNT_WEB_DB", f"\u200bsqlite:///{db}")
    monkeypatch.delenv("ETHICLENS_DB_1", raising=False)
    options = dict(SERVE_OPTIONS, data_dir=str(tmp_path / "data"))
    options |= {"db": (f"\ufeffsqlite:///{db}\u2060",), "db_env": ("HUNT_WEB_DB",)}
    config, _ = serve_settings("127.0.0.1", options)
    assert config.databases == ("HUNT_WEB_DB", "ETHICLENS_DB_1")
    # the audits (workers inherit the environment) read the URL without the invisible characters
    assert os.environ["ETHICLENS_DB_1"] == os.environ["HUNT_WEB_DB"] == f"sqlite:///{db}"
    monkeypatch.delenv("ETHICLENS_DB_1")


@pytest.mark.parametrize(
    "typed",
    [
        f"postgresql://u:{PASSWORD}@h/d",
        f"\u200bpostgresql://u:{PASSWORD}/d",  # a password without its @host, disguised
        f"u:{PASSWORD}@h",
        f"postgresql://h/d?password={PASSWORD}",
    ],
)
def test_database_form_url_typed_in(tmp_path, monkeypatch, typed):
    from starlette.testclient import TestClient

    monkeypatch.setenv("HUNT_WEB_DB", f"sqlite:///{tmp_path / 'w.db'}")
    with TestClient(make_app(tmp_path, databases=("HUNT_WEB_DB",))) as client:
        token = csrf_of(client.get("/").text)
        for form in ({"db": typed, "table": "t"}, {"db": "HUNT_WEB_DB", "table": typed}):
            r = client.post("/database", data={"csrf": token, **form})
            assert r.status_code == 422
            assert PASSWORD not in r.text
        assert (
            'id="error-db"'
            in client.post("/database", data={"csrf": token, "db": typed, "table": "t"}).text
        )


def test_url_text_and_looks_like_url():
    from ethiclens._secrets import looks_like_url, mask_url, url_text

    for char in UNSEEN:
        assert url_text(f" {char}sqlite:///a.db{char}\n") == "sqlite:///a.db"
        assert looks_like_url(f"{char}postgresql://h/d")
    assert url_text("\u200b") == ""
    assert not looks_like_url("\u200bdata/store.sqlite")
    assert PASSWORD not in mask_url(f"\u200bpostgresql://u:{PASSWORD}/d")


def test_store_path_holding_credentials_is_shown_masked(tmp_path):
    from ethiclens.web import WebConfig, start_lines

    # a URL missing its ':' is a path (postgresql/u:pw@h/d), never shown with its password
    typo = f"postgresql//u:{PASSWORD}@h/d"
    config = WebConfig(data_dir=tmp_path / "data", store=typo, monitor_stores=(typo,))
    assert PASSWORD not in repr(config)
    assert PASSWORD not in "\n".join(start_lines(config, "127.0.0.1", 8765, None))
