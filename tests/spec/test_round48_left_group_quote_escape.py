"""Round 48 (leftover 1): spec.typed_group wrote a group holding a double quote bare, or inside
double quotes unescaped, so --merge-groups read it otherwise: 'a"b' and 'c' written
'g=a"b,c:n' were refused (the quote swallowed the comma), 'a"b,c"d' and the pair 'a"b','c"d'
collided. In double quotes a '"' and a backslash are now escaped (\\" and \\\\, as a refusal's
repr escapes them) and the flags read the escapes back; the reports' group-changes sentence
writes them alike."""

from __future__ import annotations

import pytest

from ethiclens.report._audit_report import group_changes
from ethiclens.spec import parse_excludes, parse_merges, typed_group

CASES = [
    ['a"b', "c"],
    ['a"b,c"d', 'a"b'],
    ['x" ', ' "y'],
    ['"A"', "b"],
    ["a\\", '\\"', "b,c"],
    ['it\'s "q"', "plain"],
]


@pytest.mark.parametrize("olds", CASES)
def test_a_merge_reads_back_each_group_written(olds):
    new = 'n"e\\w'
    line = f"g={','.join(typed_group(o, True) for o in olds)}:{typed_group(new, True)}"
    assert parse_merges([line]) == {"g": {new: olds}}


@pytest.mark.parametrize("name", ['a"b', '"A"', ' "a" ', '"', 'x\\"', '"a\\"', "a\\\\b"])
def test_an_exclusion_reads_back_the_group_written(name):
    assert parse_excludes([f"g={typed_group(name)}"]) == {"g": [name]}


@pytest.mark.parametrize("olds", CASES)
def test_the_group_changes_sentence_reads_back_as_the_flag(olds):
    (line,) = group_changes({"merge_groups": {"g": {"n": olds}}})
    written = line.removeprefix("g: merged ").removesuffix(" into n").replace(", ", ",")
    assert parse_merges([f"g={written}:n"]) == {"g": {"n": olds}}
