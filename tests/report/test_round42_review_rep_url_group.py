"""Review of 93c98ec2 (round 42): a URL-shaped group after its attribute keeps its scheme and
user ('race:postgresql://u:***@h/db'), but the rule also showed a bare password holding a
scheme-like 'k9:/' ('u:k9:/Zq@h' shown whole, masked 'u:***@h' before) or one written before a
URL with no '@' between them ('u:secret,postgresql://v@h'). Those stay masked."""

import pytest

from ethiclens._secrets import mask_secrets


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("u:k9:/Zq@h", "u:***@h"),
        ("u:pass:/x@h", "u:***@h"),
        ("user:pa:/ss@host:5432", "user:***@host:5432"),
        ("u:p@ss:/x@h", "u:***@h"),
        ("u:aa:/bb:/cc@h", "u:***@h"),
        ("u:ab:/@h", "u:***@h"),
        ("user:secret,postgresql://u@h", "user:***@h"),
        ("user:secret,postgresql://u:pw@h", "user:***@h"),
        ("x:my_secret_postgresql://u@h", "x:***@h"),
        ("x:pw/postgresql://u@h", "x:***@h"),
    ],
)
def test_a_bare_password_shaped_like_a_scheme_stays_masked(text, shown):
    assert mask_secrets(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("race:postgresql://u:pw@h/db", "race:postgresql://u:***@h/db"),
        ("x:y:postgresql://u:pw@h/db", "x:y:postgresql://u:***@h/db"),
        ("x:pw@postgresql://u:pw2@h", "x:***@postgresql://u:***@h"),
        ("race:postgresql://u:pw@[::1]:5432/db", "race:postgresql://u:***@[::1]:5432/db"),
    ],
)
def test_a_url_group_after_its_attribute_still_keeps_its_scheme_and_user(text, shown):
    assert mask_secrets(text) == shown
