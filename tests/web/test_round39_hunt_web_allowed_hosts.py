"""Round 39 (hunt_web): WebConfig(allowed_hosts=...) holding a name no Host header can match
('testserver:80', 'testserver ', '\\u200btestserver') was accepted, and the server then
answered every request 400 'does not answer to that host name'. Now refused at once, naming
the setting; names and addresses alone (any case, IPv6 bare) still work."""

from __future__ import annotations

import pytest

from tests.web.conftest import make_app


@pytest.mark.parametrize(
    "host", ["testserver:80", "testserver ", "\u200btestserver", "test\u200bserver", "[::1]"]
)
def test_unmatchable_host_is_refused(tmp_path, host):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.web import WebConfig

    with pytest.raises(EthicLensInputError, match="WebConfig.allowed_hosts"):
        WebConfig(data_dir=tmp_path / "data", allowed_hosts=("localhost", host))


def test_names_alone_are_kept(tmp_path):
    from starlette.testclient import TestClient

    from ethiclens.web import WebConfig

    hosts = ("TestServer", "::1", "0:0::1", "127.0.0.1", "bücher.example")
    config = WebConfig(data_dir=tmp_path / "data", allowed_hosts=hosts)
    assert config.allowed_hosts == ("testserver", "::1", "0:0::1", "127.0.0.1", "bücher.example")
    with TestClient(make_app(tmp_path, allowed_hosts=("TestServer",))) as client:
        assert client.get("/").status_code == 200
