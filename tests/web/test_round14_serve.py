"""Round 14 of ``ethiclens serve``'s start-up lines: on a wildcard host (0.0.0.0, ::) the
address printed is this machine's loopback one, and other machines are told to use this
host's name (they cannot open 127.0.0.1)."""

from __future__ import annotations

import socket

import pytest

from ethiclens.web import serve_settings, start_lines

from .conftest import SERVE_OPTIONS as OPTIONS


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_a_wildcard_host_names_the_address_other_machines_use(tmp_path, host):
    config, printed = serve_settings(host, {**OPTIONS, "data_dir": str(tmp_path)})
    lines = start_lines(config, host, 8765, printed)
    assert lines[0] == f"EthicLens web app: http://127.0.0.1:8765/?token={printed}"
    other = f"http://{socket.gethostname()}:8765/?token={printed}"
    assert any(line.startswith("from other machines: ") and other in line for line in lines)


def test_loopback_prints_its_own_address_only(tmp_path):
    config, printed = serve_settings("127.0.0.1", {**OPTIONS, "data_dir": str(tmp_path)})
    lines = start_lines(config, "127.0.0.1", 8765, printed)
    assert printed is None and lines[0] == "EthicLens web app: http://127.0.0.1:8765/"
    assert not any("other machines" in line for line in lines)
    assert lines[-1].startswith(f"data folder: {tmp_path}")


def test_the_command_prints_these_lines(tmp_path, capsys):
    from ethiclens.cli._serve import _announce

    config, printed = serve_settings("0.0.0.0", {**OPTIONS, "data_dir": str(tmp_path)})
    _announce(config, "0.0.0.0", 8765, printed)
    out = capsys.readouterr().out.splitlines()
    assert out == start_lines(config, "0.0.0.0", 8765, printed)
