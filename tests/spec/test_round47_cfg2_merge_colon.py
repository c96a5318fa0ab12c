"""A merge's new name in double quotes may hold ":" (round 47, cfg2): ``--merge-groups
'g=a,b:"n: e"'`` was cut at its last ":" whatever the quotes, merging a and 'b:"n' into 'e"'; and
the monitor's 'written by another request' typed a group holding "," or ":" back bare
('g=plain,é=x,y:z:n: e'), a flag that, retyped, reads other groups."""

import pytest

from ethiclens.monitor._request import _typed
from ethiclens.spec import merge_parts, parse_excludes, parse_merges

NAMES = ["n: e", "é=x,y:z", "a:b", " ?", '"A"', "[0, 30)", 'it\'s "q"', "plain", "x,y"]


@pytest.mark.parametrize(
    ("flag", "read"),
    [
        ('g=plain,"é=x,y:z":"n: e"', {"g": {"n: e": ["plain", "é=x,y:z"]}}),
        ('g=a b,plain:"c:d"', {"g": {"c:d": ["a b", "plain"]}}),
        ('g="a:b",c:d', {"g": {"d": ["a:b", "c"]}}),  # as before
        ("g=a,b:c:d", {"g": {"d": ["a", "b:c"]}}),  # unquoted: the last ":", as before
    ],
)
def test_a_quoted_new_name_keeps_its_colon(flag, read):
    assert parse_merges([flag]) == read


def test_an_unmatched_quote_is_cut_as_before():
    assert merge_parts('a,"b:c') == ('a,"b', ":", "c")


@pytest.mark.parametrize("name", NAMES)
def test_the_monitors_typed_flags_read_back_as_the_request(name):
    merge = {"g": {name: [name + "1", "b,c" if name != "b,c" else "d"]}}
    assert parse_merges(_typed("merge_groups", merge)) == merge
    exclude = {"g": [name]}
    assert parse_excludes(_typed("exclude_groups", exclude)) == exclude
