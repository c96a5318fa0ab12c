"""Review of d4857ee7 (driver secret keys masked): its key pattern ended 'private_key\\w*' and
'credentials?\\w*' after a '\\w*' prefix, so a long word holding one (30 kB of "credential",
a pasted blob in a group or a driver's message) took mask_secrets 4.2 s, each message. The
words are found by a lookahead now: 30 kB in about 0.02 s, the same keys masked."""

from __future__ import annotations

import time

import pytest

from ethiclens._secrets import mask_secrets


@pytest.mark.parametrize("word", ["credential", "private_key"])
def test_a_long_word_holding_a_driver_key_is_masked_fast(word):
    text = word * 3000
    start = time.perf_counter()
    assert mask_secrets(text) == text
    assert time.perf_counter() - start < 0.5


KEYS = ["credentials_base64", "private_key_file_pwd", "PRIVATEKEY", "x_credential"]


@pytest.mark.parametrize("key", KEYS)
def test_the_driver_keys_are_still_masked(key):
    assert mask_secrets(f"bigquery://p/d?{key}=S3cr3t&x=1") == f"bigquery://p/d?{key}=***&x=1"
    assert mask_secrets(f"{key} = S3cr3t then") == f"{key} = *** then"
    assert mask_secrets(f'{{"{key}": "S3cr3t"}}') == f"{{\"{key}\": '***'}}"


def test_words_that_only_start_like_a_key_keep_their_value():
    assert mask_secrets("passwordhint=abc keyring=x") == "passwordhint=abc keyring=x"
