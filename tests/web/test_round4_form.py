"""Round 4 of the testers' findings on the mapping form: a "positive" value that is not one
of the two choices is refused by field (422), never silently read as favourable."""

from __future__ import annotations

import html
import re

import pytest

from .conftest import mapping_form, upload


@pytest.mark.parametrize("value", ["HARMFUL", " harmful", "meh"])
def test_an_unknown_positive_is_refused_by_field(client, csv_bytes, value):
    url = upload(client, csv_bytes).headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, n_boot="200", positive=value))
    assert r.status_code == 422
    errors = dict(re.findall(r'id="error-([^"]*)"[^>]*>([^<]*)<', r.text))
    assert "favorable" in html.unescape(errors["positive"])


def test_harmful_is_taken(client, csv_bytes):
    url = upload(client, csv_bytes).headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, n_boot="200", positive="harmful"))
    assert r.status_code in (200, 303)


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--port", "99999"], "option '--port': must be from 1 to 65535"),
        (["--port", "0"], "option '--port': must be from 1 to 65535"),
        (["--host", "nosuchhost.invalid"], "option '--host': is a host name this machine cannot"),
        (["--host", "0.0.0.0 "], "option '--host': is not a host name or address"),
        (["--host", "192.0.2.1"], "option '--host': cannot be listened on"),
    ],
)
def test_serve_refuses_an_address_before_writing_anything(tmp_path, capsys, argv, named):
    from ethiclens.cli import main

    data = tmp_path / "data"
    assert main(["serve", "--data-dir", str(data), *argv]) == 2
    assert capsys.readouterr().err.startswith(f"error: {named}")
    assert not data.exists()


def test_serve_refuses_a_port_in_use(tmp_path, capsys):
    import socket

    from ethiclens.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert main(["serve", "--port", port, "--data-dir", str(tmp_path / "d")]) == 2
    assert "option '--port': is in use by another program" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()
