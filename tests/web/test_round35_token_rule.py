"""Round 35: one token rule on both faces. ``ethiclens serve --token-file`` refused a token of
fewer than 16 characters (or one with a space), but a :class:`WebConfig` built in Python took
``token="abc"``: a server anyone could get into by guessing three letters."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import WebConfig
from ethiclens.web._settings import read_token_file

RULE = "the token must be one line of at least 16 characters, without spaces"


@pytest.mark.parametrize("token", ["abc", "x" * 15, "abcdefgh ijklmnopq"])
def test_a_short_or_spaced_token_is_refused_in_python_as_on_the_command_line(tmp_path, token):
    with pytest.raises(EthicLensInputError, match="WebConfig.token") as python:
        WebConfig(data_dir=tmp_path / "data", token=token)
    path = tmp_path / "token.txt"
    path.write_text(token + "\n")
    with pytest.raises(EthicLensInputError, match="--token-file") as cli:
        read_token_file(str(path))
    assert RULE in str(python.value) and RULE in str(cli.value)


def test_a_token_of_sixteen_characters_is_taken_on_both_faces(tmp_path):
    token = "a" * 16
    assert WebConfig(data_dir=tmp_path / "data", token=token).token == token
    path = tmp_path / "token.txt"
    path.write_text(token)
    assert read_token_file(str(path)) == token
