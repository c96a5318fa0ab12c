"""Round 48: the group edits read a quoted group's escapes since 0e09c685 (--exclude-group
'g="a\\"b"' is the group a"b, as spec.typed_group writes it), but --protected's reference did
not: --protected 'g="a\\"b"' named the group a\\"b (no such group). Every reader of a
reference (spec.parse_protected, the web's reference field, the gate's recorded entries) now
reads it with the one reader (_text.read_group); a mapping's entry ({g: 'a"b'}, a config's or
reference=) is written escaped for it (_text.in_quotes): the round trip is the guard."""

from __future__ import annotations

import pytest

from ethiclens.fairness._gate import _protected_entry
from ethiclens.spec import parse_excludes, parse_protected
from ethiclens.spec._spec import referenced
from ethiclens.web._roles import _reference

TYPED = 'g="a\\"b"'


def test_protected_reads_a_quoted_reference_as_the_group_edits_read_a_group():
    assert parse_excludes([TYPED], ["g"]) == {"g": ['a"b']}
    assert parse_protected([TYPED], ["g"]) == (["g"], {"g": 'a"b'})
    assert _protected_entry(TYPED, ["g"]) == ("g", 'a"b')
    assert _reference('"a\\"b"', {"values": ["x"]}) == 'a"b'
    assert parse_protected(['g=" F "', "h=a\\b"], ["g", "h"])[1] == {"g": " F ", "h": "a\\b"}


@pytest.mark.parametrize("group", ['a"b', "a\\\\b", "x\\", '"q"', " F ", "a\\b"])
def test_a_mapping_reference_is_written_as_the_reader_reads_it_back(group):
    entries = referenced({"g": group}, ["g"], ())
    assert parse_protected(entries, ["g"])[1] == {"g": group}
