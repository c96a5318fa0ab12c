"""Round 50: ``AuditSpec.replace`` refuses a keyword naming no section in every unknown
keyword's words (``AuditSpec.of``'s: "got an unexpected keyword argument ...; did you mean"),
with the closest valid key, not "unknown section" and the sections alone."""

from __future__ import annotations

import pytest

from ethiclens._keywords import UnknownKeywordError
from ethiclens.spec import AuditSpec


@pytest.mark.parametrize(
    "keyword, words",
    [
        ("n_bot", "'n_bot'; did you mean policy={'n_boot': ...}?"),  # a field's near miss
        ("n_boot", "'n_boot'; did you mean policy={'n_boot': ...}?"),  # a field, not a section
        ("polcy", "'polcy'; did you mean 'policy'?"),  # a section's near miss
        ("label", "'label'; did you mean roles={'y_true': ...}?"),  # a role's other name
        ("random_state", "'random_state'; did you mean policy={'seed': ...}?"),  # engine's name
        ("zzzz", "'zzzz'. Fix: use one of target, roles, groups, policy, model, outputs"),
    ],
)
def test_replace_names_the_closest_valid_key(keyword, words):
    with pytest.raises(UnknownKeywordError) as caught:
        AuditSpec.of("compas").replace(**{keyword: 5})
    assert str(caught.value).startswith("AuditSpec.replace() got an unexpected keyword argument")
    assert words in str(caught.value)
    assert "unknown section" not in str(caught.value)
