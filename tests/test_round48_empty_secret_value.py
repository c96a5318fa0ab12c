"""A secret key with an empty value inside a quoted name ('password=' in a list of choices)
is masked as that key's empty value; the quote closing the name no longer opens a value that
ran over the rest of the message."""

import pytest

from ethiclens._checks import use_one_of
from ethiclens._secrets import mask_secrets
from ethiclens.errors import EthicLensInputError


def test_choice_list_keeps_the_names_after_an_empty_password():
    fix = use_one_of("z", ["password=", "b", "c"]) + " as the reference"
    text = str(EthicLensInputError("unknown group", column="g", value="z", fix=fix))
    assert text.endswith("use one of 'password=***', b, c as the reference")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("'password=', 'b', 'c'", "'password=***', 'b', 'c'"),
        ("'pwd=', 'b'", "'pwd=***', 'b'"),
        ("'token=' x", "'token=***' x"),
        ('"api_key=", "b"', '"api_key=***", "b"'),
        ("(value: 'password=').", "(value: 'password=***')."),
        ("'u:@h', 'b'", "'u:***@h', 'b'"),
        # a quoted value of its own is still masked whole
        ("'password=s3cret', 'b'", "'password=***', 'b'"),
        ("password='a b' c", "password=*** c"),
        ("password='' b", "password=*** b"),
    ],
)
def test_empty_value_siblings(text, shown):
    assert mask_secrets(text) == shown
