"""Round 48: the web's Merge box echo cut a line's groups with its own copy of
spec.split_outside_brackets (web._roles._commas_apart) that did not skip the escapes the
group edits now read ('"a\\"b"' is the group a"b, as spec.typed_group writes it): the escaped
quote ended the quotes, the comma after it was read inside them, so 'g="a\\"b",password=pw:XY'
was echoed masked whole ('g="a\\"b",password=***', its new name XY lost). The echo now cuts and
reads the groups with the run's own functions (split_outside_brackets, read_group)."""

from __future__ import annotations

from ethiclens.spec import parse_merges
from ethiclens.web._roles import _group_edits, shown_edits

GROUP = "password=sekZ5"
PROFILED = [{"name": "label", "values": ["0", "1"]}, {"name": "g", "values": ['a"b', GROUP]}]


def test_a_merge_line_with_an_escaped_quote_is_echoed_group_by_group():
    line = f'g="a\\"b",{GROUP}:XY'
    assert parse_merges([line], ["g"]) == {"g": {"XY": ['a"b', GROUP]}}  # the run's reading
    shown = str(shown_edits(line, PROFILED, True))
    assert shown == 'g="a\\"b",password=***:XY' and "sek" not in shown
    for text in (line, shown):  # as typed, and as the page sends it back
        groups, errors = {}, {}
        _group_edits({"protected_list": ["1"], "merge": text}, groups, errors, PROFILED)
        assert errors == {} and groups["merge"] == {"g": {"XY": ['a"b', GROUP]}}
