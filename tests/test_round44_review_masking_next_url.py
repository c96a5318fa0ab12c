"""Round 44 review (secrets): a URL's password ran on over spaces into the next URL when that
URL was quoted or bracketed: "see tcp://host:8786 and 'tcp://bob:pw@h:1'" was masked as one
password from the first URL's port to the second's '@' ("see tcp://host:***@h:1'"), the words
between, the first URL's port and the second's scheme and user lost. A password stops before a
next URL, quoted, bracketed or bare, and the second URL's own password is still masked."""

import pytest

from ethiclens._secrets import mask_secrets


@pytest.mark.parametrize(
    "text, shown",
    [
        (
            "see tcp://host:8786 and 'tcp://bob:pw@h:1'",
            "see tcp://host:8786 and 'tcp://bob:***@h:1'",
        ),
        (
            'see tcp://host:8786 and "tcp://bob:pw@h:1"',
            'see tcp://host:8786 and "tcp://bob:***@h:1"',
        ),
        (
            "e.g. tcp://host:8786 (value: (tcp://bob:pw@h:1))",
            "e.g. tcp://host:8786 (value: (tcp://bob:***@h:1))",
        ),
        (
            "a http://wiki:home b [<postgresql://u:s3cret@db/x>]",
            "a http://wiki:home b [<postgresql://u:***@db/x>]",
        ),
        ("see tcp://host:8786 and tcp://bob:pw@h:1", "see tcp://host:8786 and tcp://bob:***@h:1"),
    ],
)
def test_a_password_stops_before_the_next_url(text, shown):
    assert mask_secrets(text) == shown


@pytest.mark.parametrize(
    "text",
    [
        "postgresql://u:pa ss 'wd@h/db",
        "postgresql://u:pa (ss) wd@h/db",
        "postgresql://u:it's (a) pw@h/db",
    ],
)
def test_a_password_with_spaces_and_quotes_is_still_masked_whole(text):
    scheme, user = text.split("://")[0], text.split("://")[1].split(":")[0]
    assert mask_secrets(text) == f"{scheme}://{user}:***@{text.rpartition('@')[2]}"
