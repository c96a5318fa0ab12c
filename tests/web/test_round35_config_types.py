"""Round 35: a :class:`WebConfig` built in Python takes its collections as collections. One text
where a tuple goes was read character by character: ``allowed_hosts="localhost"`` made the Host
check a substring test (a request naming no host at all, or ``Host: local``, was answered), and
``monitor_stores="watch.sqlite"`` named a store per letter; a NUL byte in a path was a ValueError
traceback, and a token of bytes was called "empty"."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import WebConfig

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.mark.parametrize(
    ("setting", "value", "words"),
    [
        ("allowed_hosts", "localhost", "must be a tuple (or list) of host names, not str"),
        ("allowed_hosts", ("localhost", 1), "must hold only non-empty texts"),
        ("databases", "WAREHOUSE_URL", "must be a tuple (or list) of variable names, not str"),
        ("monitor_stores", "watch.sqlite", "must be a tuple (or list) of stores, not str"),
        ("monitor_stores", Path("watch.sqlite"), "of stores, not PosixPath"),
        ("data_dir", "data\x00dir", "cannot hold a NUL character"),
        ("store", "history\x00.sqlite", "cannot hold a NUL character"),
        ("token", b"k" * 20, "must be text (a str), not bytes"),
    ],
)
def test_a_setting_of_the_wrong_shape_is_refused_by_its_name(tmp_path, setting, value, words):
    options = {"data_dir": tmp_path / "data", setting: value}
    with pytest.raises(EthicLensInputError, match=f"WebConfig.{setting}") as refused:
        WebConfig(**options)
    assert words.replace("PosixPath", type(Path()).__name__) in str(refused.value)


def test_a_list_of_hosts_is_taken_and_the_host_check_is_exact(tmp_path):
    from starlette.testclient import TestClient

    from .conftest import make_app

    app = make_app(tmp_path, allowed_hosts=["LocalHost"])
    assert app.config.allowed_hosts == ("localhost",)
    with TestClient(app, base_url="http://localhost:8765") as client:
        assert client.get("/").status_code == 200
        assert client.get("/", headers={"host": "local"}).status_code == 400
        assert client.get("/", headers={"host": "@localhost"}).status_code == 400
