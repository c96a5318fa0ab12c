"""Round 26 review (monitor): a reference group absent from the first batch became a note
(0e1eeaf), and with it a typo: ``--protected race=Whtie`` on White/Black data exited 0 and
bound the store to 'Whtie', every window of race left unjudged. A reference near a group of the
batch (a typo, as the audit's "did you mean" finds one) is refused again, nothing stored; one
that resembles no group (a group yet to come) still proceeds with its note."""

from __future__ import annotations

import pytest

from .test_round26_absent_groups import _batches, _run


@pytest.mark.parametrize("typo", ["Whtie", "Wihte", "Blakc"])
def test_a_mistyped_reference_is_refused_and_nothing_is_stored(tmp_path, capsys, typo):
    first, _ = _batches(tmp_path)
    rc, text, _ = _run(capsys, tmp_path, first, "--protected", f"race={typo}")
    assert rc == 2, text
    assert f"unknown reference group (value: '{typo}')" in text
    assert "did you mean" in text and "use one of Black, White" in text
    assert not (tmp_path / "r.json").exists()


def test_a_reference_like_no_group_still_waits_for_its_rows(tmp_path, capsys):
    first, _ = _batches(tmp_path)
    rc, text, _ = _run(capsys, tmp_path, first, "--protected", "race=Asian")
    assert rc == 0, text
    assert "the reference group 'Asian' of race has no rows in this batch" in text


def test_the_store_of_a_refused_typo_takes_the_right_reference(tmp_path, capsys):
    first, _ = _batches(tmp_path)
    assert _run(capsys, tmp_path, first, "--protected", "race=Whtie")[0] == 2
    rc, text, doc = _run(capsys, tmp_path, first, "--protected", "race=White")
    assert rc == 0, text
    assert {c["reference"] for c in doc["comparisons"]} == {"White"}
