"""Round 30 (spec): a merge into a group with an empty name (``groups.merge: {race: {"": [A,
B]}}``, ``merge={"race": {"": [...]}}``) is refused when the spec is made, naming the key, as
``--merge-groups race=A,B:`` is: never a reference group '' in the report."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.mark.parametrize("name", ["", "  ", "\t"])
def test_an_empty_merged_name_is_refused_naming_the_key(name):
    data = {"target": {"file": "d.csv"}, "groups": {"merge": {"race": {name: ["A", "B"]}}}}
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.from_dict(data)
    text = str(info.value)
    assert text.startswith("key 'groups.merge.race': "), text
    assert "empty" in text and "Fix: " in text
    with pytest.raises(EthicLensInputError, match=r"argument \"merge\['race'\]\""):
        AuditSpec.of("d.csv", merge={"race": {name: ["A", "B"]}})


def test_named_merges_still_work():
    spec = AuditSpec.of("d.csv", merge={"race": {"AB": ["A", "B"], " CD": ["C", "D"]}})
    assert spec.groups.merge["race"]["AB"] == ("A", "B")
