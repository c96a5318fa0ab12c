"""Round 47 (review of d7786245): the 'To get a headline' hint writes the new reference as
--protected reads it back, but a group named with double quotes around it ('"A"') was
offered as --protected 'g="A"', which the option reads as the group A (it drops one pair of
double quotes): followed, the hint was refused ("unknown reference group of 'g' (value:
'A')"). Such a group is now written in double quotes too; the printed command, split as a
shell splits it, selects the same group for every awkward name."""

from __future__ import annotations

import shlex
from types import SimpleNamespace

import pytest

from ethiclens.report._audit_report import _unbounded_hint
from ethiclens.spec import parse_protected

NAMES = ['"A"', '"A', ' "q" ', " d", "e ", "a b", "it's", 'say "hi"', "a$HOME", "a`id`", "wow!"]


@pytest.mark.parametrize("group", NAMES)
@pytest.mark.parametrize("attribute", ["g", " g", "a=b"])
def test_the_hints_command_selects_the_group_it_names(attribute, group):
    c = SimpleNamespace(attribute=attribute, group=group, reference="ref")
    hint = _unbounded_hint(c, cli=True)
    words = shlex.split(hint.split("e.g. ", 1)[1])
    assert words[0] == "--protected" and len(words) == 2
    cols, refs = parse_protected([words[1]], columns=[attribute, "y"])
    assert cols == [attribute] and refs == {attribute: group}
