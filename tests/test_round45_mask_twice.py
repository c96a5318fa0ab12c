"""Round 45 (lead, from the full-suite run): a masked text masked again lost a name. The gate's
lines mask each group name ('g:u:***@h', attribute g, group 'u:hunter2@h'); since a343e716
the CLI's error line masks the whole line too, and masking 'g:u:***@h' read 'g' as the user
and 'u:***' as the password: 'g:***@h', the group's user name gone. A user and an already
masked password are kept: masking is idempotent; no secret is shown either way."""

import pytest

from ethiclens._secrets import mask_secrets


@pytest.mark.parametrize(
    "text",
    [
        "g:u:hunter2@h: verdict INCONCLUSIVE -> FLAGGED",
        "race:postgresql://u:pw@h/db moved",
        "u:k9://Zq@h",
        "a:b:c:pw@h",
        "see tcp://bob:pw@h:1 and u:pw@h",
    ],
)
def test_masking_twice_changes_nothing(text):
    once = mask_secrets(text)
    assert "hunter2" not in once and ":pw@" not in once and "Zq" not in once
    assert mask_secrets(once) == once


def test_a_masked_group_keeps_its_name():
    assert mask_secrets("g:u:***@h: verdict") == "g:u:***@h: verdict"
