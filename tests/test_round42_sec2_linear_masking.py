"""Masking a long, odd value stays fast and masks what it masked before.

A group, column or path of 20 kB shaped to defeat the patterns ("x:" + "ab:/" * 5000, no '@';
"a.b-c+" repeated, a start at every letter; "ab://u:" + a long word + "@") made every start scan
to the end of the word: 100 kB took minutes in every message, report and web page. The outputs
asserted here are those the masking gave on the short forms of the same inputs.
"""

import pytest

from ethiclens._secrets import _masked_url, mask_secrets, masked_quotes

N = 5000


def _all_three(text):
    return mask_secrets(text), masked_quotes(text, mask_secrets), _masked_url(text)


@pytest.mark.parametrize(
    "text",
    [
        "x:" + "ab:/" * N,  # a URL's start at each 'ab:/', no '@' anywhere
        "x:" + "a.b-c+" * N,  # a scheme's start at each letter after '.', '-', '+'
        "':" * N,  # a bare user name at each ':'
        "//u:" * N,
        "x " + "//u: " * N,
        "x:" + "ab:/" * N + "\n@h",  # the '@' is on the next line
        "x:" + "ab:/" * N + "' @h",  # ... or past a quote that ends a word
    ],
)
def test_long_text_without_a_password_is_kept(text):
    assert _all_three(text) == (text, text, text)


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("x:" + "ab:/" * N + "@h", "x:***@h"),
        ("':" * N + "@h", "':***@h"),
        ("//u:" * N + "@h", "//u:***@h"),
        ("a.b-c+" * N + ":/x:y@h", "a.b-c+" * N + ":/x:***@h"),
        ("ab://u:" + "a" * (4 * N) + "@", "ab://u:***@"),
        ("ab://u:" + "a " * N + "b@", "ab://u:***@"),
    ],
)
def test_long_password_is_masked_as_before(text, masked):
    assert _all_three(text) == (masked, masked, masked)


def test_long_word_after_a_database_url_user_is_masked_as_a_port_like_password():
    text = "postgresql://u:" + "a.b-c+" * N
    assert mask_secrets(text) == text  # any text: no '@host', read as a host and port
    assert _masked_url(text) == "postgresql://u:***"  # a database URL: a password


def test_repeated_quoted_secret_keys_mask_every_other_value():
    text = "'password':" * (2 * N)  # a bare user name's ':' after each quote, no '@'
    masked = "'password':'***':" * N
    assert (mask_secrets(text), _masked_url(text)) == (masked, masked)
    # each quoted string masked alone: fewer of them, to keep the test fast
    assert masked_quotes("'password':" * 400, mask_secrets) == "'password':'***':" * 200
