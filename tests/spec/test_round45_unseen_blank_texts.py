"""Round 45 (lead): a model text or a merged group's name of only zero-width characters (a
zero-width space, a BOM, a Hangul filler) passed the blank check (``str.strip`` keeps them)
while the card, the report and every table print nothing for it. They are refused as blanks
are, by the one rule of what prints nothing (``_text.prints_blank``)."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

UNSEEN = ["\u200b", " \ufeff", "\u3164", "\u200b\u200d "]
TARGET = {"dataset": "compas"}


@pytest.mark.parametrize("value", UNSEEN)
@pytest.mark.parametrize("key", ["name", "version", "intended_use"])
def test_an_unseen_model_text_is_refused_by_its_key(key, value):
    with pytest.raises(EthicLensInputError, match="must not be empty") as caught:
        AuditSpec.from_dict({"target": TARGET, "model": {key: value}})
    assert caught.value.column == f"model.{key}"


@pytest.mark.parametrize("value", UNSEEN)
def test_an_unseen_merged_group_name_is_refused(value):
    merge = {"race": {value: ["African-American", "Hispanic"]}}
    with pytest.raises(EthicLensInputError, match="new name is empty") as caught:
        AuditSpec.from_dict({"target": TARGET, "groups": {"merge": merge}})
    assert caught.value.column == "groups.merge.race"


def test_a_text_with_a_letter_beside_a_joiner_still_passes():
    spec = AuditSpec.from_dict({"target": TARGET, "model": {"name": "m\u200b1"}})
    assert spec.model.name == "m\u200b1"


@pytest.mark.parametrize("value", UNSEEN)
def test_the_library_refuses_it_with_arrays_too(value):
    import ethiclens

    y, p, g = [0, 1] * 6, [0, 1, 1, 0] * 3, ["A", "B", "C"] * 4
    with pytest.raises(EthicLensInputError, match="new name is empty") as caught:
        ethiclens.audit(y, p, {"g": g}, merge_groups={"g": {value: ["A", "B"]}}, n_boot=100)
    assert "merge_groups" in str(caught.value)
