"""Round 41: a refusal's message is masked whole, so a choice named like a DSN password
("password='x", its repr "\\"password='x\\"") ran on past its closing quote and ate the
choices and the words after it ('use one of ["a password=***b', 'c']'). _secrets.masked_quotes
masks each quoted string inside its quotes; a password is still never shown."""

import pytest

from ethiclens._secrets import mask_secrets, masked_quotes


@pytest.mark.parametrize(
    ("name", "shown"),
    [("a password='x", "a password=***"), ("password='x", "password=***")],
)
def test_a_choice_shaped_like_a_password_keeps_the_others(name, shown):
    message = f"Fix: use one of {sorted([name, 'b', 'c'])!r}. Then run again"
    out = masked_quotes(message, mask_secrets)
    assert out == message.replace(name, shown), out
    assert "'x" not in out


@pytest.mark.parametrize(
    "message",
    [
        "conn password='my pw' dbname=x",
        '{"password": "x y", \'b\': 1}',
        "cannot open 'postgresql://u:hunter2@h/db': refused",
        "a 'u:hunter2@h' b",
    ],
)
def test_a_secret_is_masked_as_whole_masking_masks_it(message):
    out = masked_quotes(message, mask_secrets)
    assert "hunter2" not in out and "my pw" not in out and "x y" not in out, out
    assert mask_secrets(out) == out


def test_a_message_without_a_secret_is_unchanged():
    message = "column 'sex': unknown reference group (value: 'zz'). Fix: use one of ['a', 'b']"
    assert masked_quotes(message, mask_secrets) == message
