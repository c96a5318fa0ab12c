"""A secret key with an empty value at the end of a quoted name that opened before the key
('host=h password=', 'b'): the quote after '=' closes the name, the names after it are kept;
a real DSN password (quoted or not) is still masked whole."""

import pytest

from ethiclens._checks import use_one_of
from ethiclens._secrets import mask_secrets
from ethiclens.errors import EthicLensInputError


def test_choice_list_keeps_the_names_after_a_dsn_with_an_empty_password():
    fix = use_one_of("z", ["host=h password=", "b"]) + " as the reference"
    text = str(EthicLensInputError("unknown group", column="g", value="z", fix=fix))
    assert text.endswith("'host=h password=***', b as the reference")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("'host=h password=', 'b'", "'host=h password=***', 'b'"),
        ('"host=h pwd=", "b"', '"host=h pwd=***", "b"'),
        ("x 'host=h password=', token=abc", "x 'host=h password=***', token=***"),
        ("'host=h password='", "'host=h password=***'"),
        ("\\'host=h password=\\', 'b'", "\\'host=h password=***\\', 'b'"),
        ("x\n'a' 'host=h token=', 'b'", "x\n'a' 'host=h token=***', 'b'"),
        # a DSN's own value, quoted or not, masks whole
        ("'host=h password=secret, more'", "'host=h password=*** more'"),
        ("'host=h password=' secret''", "'host=h password=***'"),
        ("'a' host=h password=', b' x", "'a' host=h password=*** x"),
        ("'a', password=' x', y", "'a', password=***, y"),
    ],
)
def test_empty_value_after_other_keys(text, shown):
    assert mask_secrets(text) == shown
