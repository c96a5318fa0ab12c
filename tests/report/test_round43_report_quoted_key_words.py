"""Round 43 (report): a refusal naming a key like a secret lost its own words.

``AuditSpec.from_dict({..., 'api_token': 1})`` said "key 'api_token': '***' key." (the
JSON-like "'key': value" pattern took EthicLens's word 'unknown' for a value); now it says
"unknown key". A value not quoted is masked only where it ends its entry (``{'password':
123456}``); quoted values are masked as before.
"""

import pytest

from ethiclens._secrets import mask_secrets
from ethiclens.errors import EthicLensInputError


def test_unknown_secret_like_key_is_named_in_words():
    # the refusal AuditSpec.from_dict({..., 'api_token': 1}) raises
    err = EthicLensInputError("unknown key", column="api_token", kind="key", fix="valid: a")
    assert str(err) == "key 'api_token': unknown key. Fix: valid: a"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("key 'password': unknown key. Fix: x", "key 'password': unknown key. Fix: x"),
        ("{'password': 123456}", "{'password': '***'}"),
        ("{'pwd': 123456, 'a': 1}", "{'pwd': '***', 'a': 1}"),
        ("['token': abc]", "['token': '***']"),
        ('"password": hunter2\nnext', "\"password\": '***'\nnext"),
        ("{'password': 'a b', 'x': 1}", "{'password': '***', 'x': 1}"),
    ],
)
def test_quoted_key_values(text, shown):
    assert mask_secrets(text) == shown
