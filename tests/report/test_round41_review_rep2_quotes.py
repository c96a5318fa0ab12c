"""A secret written before a quoted word and running over it stays masked (review of 12a0a963).

Before: masked_quotes cut 'password="my 'secret' word"' at the quoted word and masked the
words before it alone, so the message showed 'password=***'secret' word"' where the whole
message masked showed 'password=***'.
"""

import pytest

from ethiclens._secrets import mask_secrets, masked_quotes
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ('''dsn host=h password="my 'secret' word"''', "dsn host=h password=***"),
        ("""connect(password="a, 'secret', b")""", "connect(password=***)"),
        ('''cannot read ?password="a 'secret' b"''', "cannot read ?password=***"),
        ("""PGPASSWORD="a 'secret' b" psql failed""", "PGPASSWORD=*** psql failed"),
    ],
)
def test_a_secret_running_over_a_quote_is_masked_whole(text, shown):
    assert masked_quotes(text, mask_secrets) == shown
    assert str(EthicLensInputError(text)) == shown


def test_choices_are_still_masked_apart():
    text = """use one of ['a', "b password='x", 'c'] as the reference"""
    said = "use one of ['a', \"b password=***\", 'c'] as the reference"
    assert masked_quotes(text, mask_secrets) == said


def test_a_long_run_on_is_masked_whole():
    text = 'password="' + "'a' " * 400
    assert masked_quotes(text, mask_secrets) == mask_secrets(text) == "password=***"


def test_a_value_quoted_with_escaped_quotes_is_masked_whole():
    # a group holding both quotes is listed by its repr: 'password=\'my secret\' "x"'
    group = "password='my secret' \"x\""
    err = EthicLensInputError(f"use one of ['b', {group!r}]")
    assert "secret" not in str(err)
    assert str(err) == "use one of ['b', 'password=*** \"x\"']"
