"""Round 21: ``serve --host`` refuses every address the server cannot listen on before it
prints anything (an IPv4-mapped ``::ffff:127.0.0.1``, which an IPv6 socket listening for IPv6
only cannot bind, got its address printed and then the server's own traceback-like error, exit
3), and a host name is read in any case (``LOCALHOST`` is localhost: no token)."""

from __future__ import annotations

import socket

import pytest

from tests.web.test_round17_host import OPTIONS


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_ipv4_mapped_address_is_refused_before_anything_is_printed(tmp_path, capsys):
    from ethiclens.cli import main

    data = tmp_path / "data"
    argv = ["serve", "--host", "::ffff:127.0.0.1", "--port", str(_free_port())]
    assert main([*argv, "--data-dir", str(data)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and not data.exists()
    assert err.startswith("error: option '--host'") and len(err.strip().splitlines()) == 1
    if socket.has_ipv6:
        assert "IPv4-mapped" in err and "--host 127.0.0.1" in err, err


@pytest.mark.parametrize("host", ["LOCALHOST", "LocalHost"])
def test_localhost_in_any_case_is_loopback(tmp_path, host):
    from ethiclens.web import serve_settings

    config, printed = serve_settings(host, {**OPTIONS, "data_dir": str(tmp_path)}, _free_port())
    assert printed is None and config.token is None
    assert "localhost" in config.allowed_hosts and "127.0.0.1" in config.allowed_hosts
