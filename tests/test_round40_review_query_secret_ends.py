"""A ``?token=`` value in running text was masked to the line's end (a password may hold
spaces), so "group: a?token=1 vs b: DI 0.5" lost its comparison: "group: a?token=***". The
value now stops before a word joining EthicLens's text to it (' vs ', a table's ' | '); a
spaced password is still masked whole, and a URL given is masked by its remembered value."""

from __future__ import annotations

import pytest

from ethiclens._secrets import mask_secrets, mask_url

KEPT = [
    ("group: a?token=1 vs b: DI 0.5", "group: a?token=*** vs b: DI 0.5"),
    ("| a?password=x y | 0.5 |", "| a?password=*** | 0.5 |"),
    ("a?token=s1 vs\nb?token=s2 VS c", "a?token=*** vs\nb?token=*** VS c"),
]


@pytest.mark.parametrize(("text", "masked"), KEPT)
def test_the_text_after_a_masked_value_is_kept(text, masked):
    assert mask_secrets(text) == masked


def test_a_spaced_password_is_still_masked_whole():
    assert mask_secrets("conn 'pg://h/db?password=un known PASS9&x=1'") == (
        "conn 'pg://h/db?password=***&x=1'"
    )
    assert mask_url("pg://h/db?password=my vs PASS7") == "pg://h/db?password=***"
    assert "PASS7" not in mask_secrets("failed: pg://h/db?password=my vs PASS7 now")
