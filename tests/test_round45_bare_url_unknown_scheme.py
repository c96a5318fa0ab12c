"""Round 45 (engines): a scheme-less credential whose password holds '://' ('u:k9://Zq@h': user
u, password 'k9://Zq', as ``--db`` and ``mask_url`` read it) inside a longer message (a driver's
error, a group name, a config's value) was shown whole: the masking read it as a name before a
URL ('g:postgresql://u@h/db', kept). A URL with a user alone after a name is now that only when
its scheme is one a URL is written with; else the text is a password, masked."""

from __future__ import annotations

import pytest

from ethiclens._secrets import mask_secrets


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("cannot connect to u:k9://Zq@h now", "cannot connect to u:***@h now"),
        ("u:k9://Zq@h", "u:***@h"),
        ("group 'u:pw9://Zq@h/db' is small", "group 'u:***@h/db' is small"),
        ("x:hunter2@k9://Zq@h", "x:***@h"),
    ],
)
def test_a_password_holding_a_scheme_is_masked(text, shown):
    assert mask_secrets(text) == shown
    assert mask_secrets(shown) == shown


@pytest.mark.parametrize(
    "text",
    ["g:postgresql://u@h/db", "a g:http://u@h/db b", "g:MySQL+pymysql://root@h:3306/x"],
)
def test_a_name_before_a_known_url_is_kept(text):
    assert mask_secrets(text) == text
