"""Round 43 review (rrep) of 4d415f6f: every word holding a secret word then '_' became a key.

A column ``token_count``, ``password_len``, ``secret_santa`` or ``pad_token_id`` (a hive folder
``token_count=3/``, a SQL filter, a config refusal) was shown as ``token_count=***``: the
user's own text. Only a number or a word naming the secret itself after the word makes a key
(``secret_key``, ``password2``, ``token_v2``, ``passwd_old``).
"""

import pytest

from ethiclens._secrets import mask_secrets, secret_values


@pytest.mark.parametrize(
    "key",
    ["token_count", "password_len", "secret_santa", "pwd_dir", "pad_token_id", "token_type",
     "secret_keyboard", "password_reset_count"],
)  # fmt: skip
def test_words_about_a_secret_are_kept(key):
    for text in (f"{key}=5", f"s3://b/{key}=3/x.parquet", f"SELECT a FROM t WHERE {key}=3"):
        assert mask_secrets(text) == text
    assert mask_secrets(f"{{'{key}': 'zz'}}") == f"{{'{key}': 'zz'}}"
    assert secret_values(f"postgresql://u@h/db?{key}=Qq7&a=b") == []


@pytest.mark.parametrize(
    "key", ["secret_key_base", "password_new2", "token_value", "PASSWORD_1", "api_key_hash"]
)
def test_words_naming_the_secret_are_masked(key):
    assert mask_secrets(f"{key}=abc123") == f"{key}=***"
