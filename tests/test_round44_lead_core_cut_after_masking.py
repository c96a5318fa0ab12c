"""Round 44 (lead, left by the cut-after-masking helper): the core checks ``check_one_per_row``
and ``check_function_ref`` cut a user's text (40 and 80 characters) before the refusal masked
it, so a URL whose '@' fell past the cut showed the start of its password. They may import the
masking now (tests/test_layout.py), and mask first, then cut."""

from __future__ import annotations

import pytest

from ethiclens._checks import check_one_per_row
from ethiclens._registry import check_function_ref
from ethiclens.errors import EthicLensInputError

URL = "postgresql://u:" + "Pw" * 40 + "@h/db"


@pytest.mark.parametrize(
    "refuse",
    [lambda: check_one_per_row(URL, "y_pred"), lambda: check_function_ref([URL], "loader", "x")],
)
def test_a_long_password_past_the_cut_is_never_shown(refuse):
    with pytest.raises(EthicLensInputError) as caught:
        refuse()
    assert "PwPw" not in str(caught.value) and "postgresql://u:***@h/db" in str(caught.value)


def test_a_short_name_is_shown_whole():
    with pytest.raises(EthicLensInputError, match=r"got the text 'pred'\. Fix"):
        check_one_per_row("pred", "y_pred")
