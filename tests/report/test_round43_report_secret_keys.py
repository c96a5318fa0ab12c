"""Round 43 (report): a secret key holding its word then '_' or a digit was shown in full.

``secret_key=abc123``, ``aws_secret_access_key=…``, ``client_secret_id=…``, ``password2=…``
and ``token_v2=…`` (a DSN keyword, a URL's query key, a driver's repr) were read as keys only
when the word ended them; now any word holding the word then '_' or a digit is a key, on every
entry point (mask_secrets, mask_url, secret_values). ``tokenizer=`` and ``secretary=`` stay
text.
"""

import time

import pytest

from ethiclens._secrets import mask_secrets, mask_url, secret_values


@pytest.mark.parametrize(
    "key",
    ["secret_key", "SECRET_KEY", "aws_secret_access_key", "client_secret_id", "password2",
     "token_v2", "api_key_2", "passwd_old"],
)  # fmt: skip
def test_key_holding_the_word_is_masked(key):
    assert mask_secrets(f"{key}=abc123") == f"{key}=***"
    assert mask_secrets(f"host=h {key}='a b' x") == f"host=h {key}=*** x"
    assert mask_secrets(f'{{"{key}": "zz9zz9"}}') == f"{{\"{key}\": '***'}}"
    url = f"postgresql://u@h/db?{key}=Qq7Qq7&sslmode=require"
    assert mask_url(url) == f"postgresql://u@h/db?{key}=***&sslmode=require"
    assert "Qq7Qq7" in secret_values(url)


@pytest.mark.parametrize("text", ["tokenizer=bert", "secretary=Bob", "tokens=5", "access_key=A1"])
def test_words_that_only_start_alike_are_kept(text):
    assert mask_secrets(text) == text


def test_long_words_stay_fast():
    start = time.perf_counter()
    for text in ("secret_" * 5000, "token1" * 5000 + "=x", "'" + "pwd9" * 8000 + "'"):
        mask_secrets(text)
        secret_values(text)
    assert time.perf_counter() - start < 1.0
