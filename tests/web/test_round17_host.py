"""Round 17: ``serve --host`` spellings are read as the server's bind reads them. An address is
an address however spelt (``0`` is 0.0.0.0, ``127.1`` is loopback), a well-formed name that does
not resolve is called a name, and every bind other than loopback still needs the token."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import serve_settings, start_lines

from .conftest import SERVE_OPTIONS as OPTIONS


def _start(tmp_path, host):
    config, printed = serve_settings(host, {**OPTIONS, "data_dir": str(tmp_path)})
    return config, printed, start_lines(config, host, 8765, printed)


@pytest.mark.parametrize("host", ["0", "0.0.0.0", "0:0::0"])
def test_every_spelling_of_the_wildcard_is_the_wildcard(tmp_path, host):
    config, printed, lines = _start(tmp_path, host)
    assert printed and config.token == printed and config.allowed_hosts is None
    assert lines[0] == f"EthicLens web app: http://127.0.0.1:8765/?token={printed}"
    assert any(line.startswith("from other machines: ") for line in lines)


@pytest.mark.parametrize(
    ("host", "shown"),
    [("127.1", "127.0.0.1"), ("127.0.0.2", "127.0.0.2"), ("2130706433", "127.0.0.1")],
)
def test_every_loopback_address_needs_no_token(tmp_path, host, shown):
    config, printed, lines = _start(tmp_path, host)
    assert printed is None and config.token is None
    assert lines[0] == f"EthicLens web app: http://{shown}:8765/"
    assert shown in config.allowed_hosts and host in config.allowed_hosts


@pytest.mark.parametrize("host", ["0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"])
def test_ipv6_loopback_spellings_are_loopback(tmp_path, host):
    config, printed, _ = _start(tmp_path, host)
    assert printed is None and config.token is None


@pytest.mark.parametrize("host", ["10.1.2.3", "localhost.localdomain", "example.org", "128.1"])
def test_other_hosts_still_need_the_token(tmp_path, host):
    config, printed, lines = _start(tmp_path, host)
    assert printed and config.token == printed and config.allowed_hosts is None


def test_an_unresolvable_name_is_called_a_name(tmp_path):
    with pytest.raises(EthicLensInputError) as caught:
        serve_settings("no-such-host.invalid", {**OPTIONS, "data_dir": str(tmp_path)}, 8765)
    message = str(caught.value)
    assert "cannot look up" in message and "not a host name" not in message
    assert "--host" in message and "/etc/hosts" in message


def test_a_malformed_host_is_still_refused(tmp_path):
    with pytest.raises(EthicLensInputError, match="is not a host name or address"):
        serve_settings("bad host!", {**OPTIONS, "data_dir": str(tmp_path)}, 8765)
