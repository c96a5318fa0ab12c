"""Round 21: ``serve --host '[::1]'`` (an IPv6 address as a URL writes it) was refused as "not
a host name or address" with a fix suggesting 127.0.0.1; it now says the brackets are the
problem and offers the bare address (``--host ::1``)."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.web import serve_settings

from .conftest import SERVE_OPTIONS as OPTIONS


@pytest.mark.parametrize(("host", "bare"), [("[::1]", "::1"), ("[fe80::1]", "fe80::1")])
def test_a_bracketed_address_is_refused_with_the_bare_one(tmp_path, host, bare):
    with pytest.raises(EthicLensInputError) as caught:
        serve_settings(host, {**OPTIONS, "data_dir": str(tmp_path)}, 45873)
    message = str(caught.value)
    assert "brackets" in message and message.endswith(f"Fix: --host {bare}"), message
    assert "127.0.0.1" not in message


def test_the_command_line_says_it_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--host", "[::1]", "--port", "45874"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: option '--host': is an address in brackets"), err
    assert err.endswith("Fix: --host ::1"), err


def test_brackets_around_a_name_are_still_no_host(tmp_path):
    with pytest.raises(EthicLensInputError, match="is not a host name or address"):
        serve_settings("[x]", {**OPTIONS, "data_dir": str(tmp_path)}, 45875)
