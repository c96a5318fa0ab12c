"""Round 49: mask_secrets masked 'password=hunter2' but left 'password:hunter2',
'password: hunter2' and 'token: abc123' (a YAML line, a log's "key: value") in clear. A key
that _secrets reads as a secret, then ':', now has its value masked as after '='; no secret
key ('time: 12:30', 'token_count: 3'), a URL's scheme, a URL given as the value (its own
password masked) and EthicLens's "column: group vs group" are kept."""

from __future__ import annotations

import pytest

from ethiclens._secrets import holds_secret, mask_secrets


@pytest.mark.parametrize(
    "text, masked",
    [
        ("password:hunter2", "password:***"),
        ("password: hunter2", "password: ***"),
        ("token: abc123", "token: ***"),
        ("db_password : 'my pw' end", "db_password : *** end"),
        ("API_KEY: abc&x=1", "API_KEY: ***&x=1"),
    ],
)
def test_a_secret_key_then_a_colon_is_masked(text, masked):
    assert mask_secrets(text) == masked
    assert holds_secret(text)


@pytest.mark.parametrize(
    "text",
    [
        "time: 12:30",
        "token_count: 3",
        "tokens: 3",
        "see https://example.org/a",
        "token://host/x",
        "password: other vs plain",
        "key 'api_token': unknown key",
        "password:",
    ],
)
def test_ordinary_text_with_a_colon_is_kept(text):
    assert mask_secrets(text) == text


def test_a_url_as_the_value_keeps_all_but_its_password():
    text = "pwd: postgresql://u:hunter2@h/db vs plain"
    assert mask_secrets(text) == "pwd: postgresql://u:***@h/db vs plain"
