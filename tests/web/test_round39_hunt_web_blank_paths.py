"""Round 39 (hunt_web): a WebConfig path setting (data_dir, store, a monitor store) that is no
path — a number, bytes, a bool, None for the data folder — is refused naming the setting (was a
bare TypeError), and text that is blank or only invisible characters (' ', '\\u200b') is refused
(was a folder or a SQLite file named ' ' made in the working folder); the same through
``ethiclens serve``'s --store, --store-env and --monitor-store."""

from __future__ import annotations

import pytest

from tests.web.conftest import SERVE_OPTIONS

BLANK = ["", " ", "\t", "\u200b", "\ufeff \u2060"]
NOT_PATHS = [1.5, b"x.sqlite", True, 0, ["a"]]


@pytest.mark.parametrize("value", BLANK + NOT_PATHS + [None])
def test_data_dir(tmp_path, monkeypatch, value):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web import WebConfig

    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError, match="WebConfig.data_dir"):
        WebConfig(data_dir=value)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value", BLANK + NOT_PATHS + [False])
@pytest.mark.parametrize("setting", ["store", "monitor_stores"])
def test_store_and_monitor_stores(tmp_path, monkeypatch, value, setting):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web import WebConfig

    monkeypatch.chdir(tmp_path)
    given = {setting: value if setting == "store" else (value,)}
    with pytest.raises(EthicLensInputError, match=f"WebConfig.{setting}"):
        WebConfig(data_dir=tmp_path / "data", **given)


def test_none_store_is_the_default(tmp_path):
    from ethiclens.web import WebConfig

    config = WebConfig(data_dir=tmp_path / "data", store=None)
    assert config.store == tmp_path / "data" / "ethiclens-web.sqlite"


def test_serve_flags(tmp_path, monkeypatch):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web import serve_settings

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HUNT_WEB_BLANK", "\u200b")
    options = dict(SERVE_OPTIONS, data_dir=str(tmp_path / "data"))
    for flag, changed in [
        ("--store", {"store": "\u200b"}),
        ("--store-env", {"store_env": "HUNT_WEB_BLANK"}),
        ("--monitor-store", {"monitor_store": ("\u2060",)}),
    ]:
        with pytest.raises(EthicLensInputError) as info:
            serve_settings("127.0.0.1", dict(options, **changed))
        assert f"'{flag}'" in str(info.value) and "blank" in str(info.value)
    assert list(tmp_path.iterdir()) == []
