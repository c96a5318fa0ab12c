"""Round 27: a one-text model-card field given as an empty list (``decision: []``) is refused
with a fix that works: it offered ``decision: ""``, which the sign-off refuses as blank (and
which would print an empty model name); now it says to write the text or leave the field out."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.report._provenance import check_card_info


@pytest.mark.parametrize(("section", "key"), [("sign_off", "decision"), ("model_details", "name")])
def test_an_empty_list_in_a_one_text_field_gets_a_fix_that_works(section, key):
    with pytest.raises(EthicLensInputError) as err:
        check_card_info({section: {key: []}})
    assert err.value.problem == f"{section}.{key} must be one text, not a list"
    assert '""' not in err.value.fix
    assert err.value.fix == f"write it as one string, or leave {key} out"


def test_a_list_with_text_still_shows_it_joined():
    with pytest.raises(EthicLensInputError) as err:
        check_card_info({"sign_off": {"decision": ["go", "ahead"]}})
    assert err.value.fix == 'write it as one string, e.g. decision: "go; ahead"'
