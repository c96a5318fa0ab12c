"""Round 29b review: a copy (dataclasses.replace) of a deep copy or an unpickled copy of a read
release lost the read record ce53a6f2 keeps for copies: the deep copy's record knew objects
the registry did not, so an edit of the copy's copy was refused as 'its table' (or, for an edit
its text does not show, checked against the file's text), not naming its column as the
original's copy does. The record of a deep or unpickled copy is registered too."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from ethiclens.p2nia import read_release, write_release

from .test_round29b_release_copy import _flip, _made, _outcome

FIRST = {
    "deepcopy": copy.deepcopy,
    "pickle": lambda rel: pickle.loads(pickle.dumps(rel)),
}


@pytest.mark.parametrize("first", sorted(FIRST))
def test_a_copy_of_a_deep_copy_keeps_the_read_record(tmp_path, first):
    write_release(_made(), tmp_path / "r")
    original = dataclasses.replace(read_release(tmp_path / "r"))
    copied = dataclasses.replace(FIRST[first](read_release(tmp_path / "r")))
    assert _outcome(copied) == _outcome(original)  # unchanged: estimated alike
    _flip(original)
    _flip(copied)
    said = _outcome(copied)
    assert "its column(s) sex)" in said and said == _outcome(original)
