"""Round 20 (W1): a token file whose token a browser cannot send back as written (a base64
``+``, which an address reads as a space; ``;`` or ``"``, which cut a cookie short; non-ASCII)
is refused at start naming the characters allowed; an accepted one works from the printed
address, through the cookie, on every later page."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("token", "named"),
    [
        ("k3J9+aQ2/xZ8pL0w7Vb1cN4=", "'+' '/' '='"),
        ("abcdefgh;ijklmnopq", "';'"),
        ('abcdefgh"ijklmnopq', "'\"'"),
        ("abcdefghijklmnopqé", "'é'"),
        ("abcdefgh%2Bijklmnop", "'%'"),
    ],
)
def test_a_token_a_browser_cannot_send_is_refused_at_start(tmp_path, token, named):
    from ethiclens.web._settings import read_token_file

    path = tmp_path / "token.txt"
    path.write_text(token + "\n", encoding="utf-8")
    with pytest.raises(EthicLensInputError) as info:
        read_token_file(str(path))  # what ethiclens serve --token-file runs before listening
    err = str(info.value)
    assert len(err.splitlines()) == 1, err
    assert err.startswith(
        f"option '--token-file': the token holds {named}: it may hold only ASCII letters, "
        "digits and - . _ ~"
    ), err
    assert "Fix: e.g. python -c" in err and "openssl rand -hex 32" in err


def test_a_config_built_in_python_is_held_to_the_same_rule(tmp_path):
    from ethiclens.web import WebConfig

    with pytest.raises(EthicLensInputError, match=r"WebConfig.token.*holds '\+'"):
        WebConfig(data_dir=tmp_path, token="k3J9+aQ2xZ8pL0w7Vb1cN4")


def test_an_accepted_token_works_from_the_printed_address(tmp_path):
    from starlette.testclient import TestClient

    from ethiclens.web._settings import read_token_file, start_lines
    from tests.web.conftest import make_app

    token = "Ab-9_x.Y~z0123456789"
    path = tmp_path / "token.txt"
    path.write_text(token + "\n")
    assert read_token_file(str(path)) == token
    app = make_app(tmp_path, token=token)
    line = start_lines(app.config, "10.0.0.1", 8765, token)[0]
    assert line.endswith(f"http://10.0.0.1:8765/?token={token}"), line
    with TestClient(app, base_url="http://10.0.0.1:8765", follow_redirects=False) as c:
        assert c.get("/").status_code == 401
        r = c.get(line.split(":8765", 1)[1])
        assert r.status_code == 303, r.text[-800:]
        assert c.get(r.headers["location"]).status_code == 200  # by the cookie alone
