"""Round 47 (second-wave hunt): "Change the mapping and run again" wrote a stored request's
Merge and Leave-out boxes back with each group bare: a merge of "a,b" and "x=y" into "m:n"
came back as 'grp=a,b,x=y:m:n' (read as the groups 'a', 'b', 'x=y' into 'm:n': refused, "has no
group 'a'") and a group 'e ' or a new name ' z' lost its spaces ('grp=e '), so the form sent
again unchanged was refused or was another request. Each is now written as the box reads it."""

from __future__ import annotations

import pytest

from ethiclens.web._roles import form_to_spec
from ethiclens.web._routes_audit import _group_edits_text

_GROUPS = [" d", "e ", '"A"', "it's", "a,b", "x=y", "<b>x</b>", "?", "[0, 30)", "[30, 50)"]
_PROFILE = {
    "columns": [{"name": n, "numeric": True, "distinct": 2, "values": [0, 1]} for n in "yp"]
    + [{"name": "grp", "numeric": False, "distinct": len(_GROUPS), "values": _GROUPS}],
    "whole_file": True,
}


@pytest.mark.parametrize(
    "edits",
    [
        {"merge": {"grp": {"m:n": ["a,b", "x=y"], " z": ["it's", "<b>x</b>"]}}},
        {"merge": {"grp": {"young": ["[0, 30)", "[30, 50)"]}}, "exclude": {"grp": ["e "]}},
        {"exclude": {"grp": ['"A"', "?", " d"]}},
    ],
)
def test_the_reopened_boxes_read_back_as_the_request(edits):
    form = {"y_true": "y", "y_pred": "p", "protected_list": ["2"], **_group_edits_text(edits)}
    spec, _ = form_to_spec(form, _PROFILE, {"file": "x.csv"})
    assert spec["groups"].get("merge", {}) == edits.get("merge", {})
    assert spec["groups"].get("exclude", {}) == edits.get("exclude", {})
