"""Round 47 (second-wave hunt, seen on the web's history diff): the baseline gate wrote a
reference group held in a pair of double quotes ('"A"') as --protected reads another group:
'(as each run used them: ['grp=" d"'] -> ['grp="A"'])', and its fix pinned 'grp="A"', which
the flag reads as the group A. Such a reference is now quoted as the flag reads it back
('grp=""A""'), as one with spaces around it was."""

from __future__ import annotations

import pytest

from ethiclens.fairness._gate import _difference, _entry
from ethiclens.spec import parse_protected


@pytest.mark.parametrize("ref", ['"A"', " d", "e ", "x", '"', 'a"b"', "'q'"])
def test_an_entry_reads_back_as_its_reference(ref):
    assert parse_protected([_entry("grp", ref)])[1] == {"grp": ref}


def test_the_gate_pins_and_names_the_quoted_reference():
    old = (['grp=""A""'], [("grp", '"A"')])  # the baseline's reference: the group '"A"'
    new = (['grp=" d"'], [("grp", " d")])
    diff = _difference("roles.protected", old, new)
    assert diff.pinned == ('grp=""A""',)
    assert "'grp=\"A\"'" not in diff.text  # not 'as each run used them: grp="A"'
