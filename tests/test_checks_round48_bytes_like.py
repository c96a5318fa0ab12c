"""A bytearray or memoryview (a driver's BLOB) where names or values are expected is one value,
as bytes is: never a sequence of its byte values (``bytearray(b"ab")`` read as groups 97, 98)."""

import numpy as np
import pytest

import ethiclens as el
from ethiclens._checks import check_one_per_row
from ethiclens.datasets import acs_states
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._validate import names_of

BYTES_KINDS = [bytes, bytearray, memoryview]
Y = np.array([0, 1, 0, 1, 1, 0, 1, 0])
P = np.array([0, 1, 1, 1, 0, 0, 1, 0])
G = np.array(list("aabbccaa"))


@pytest.mark.parametrize("kind", BYTES_KINDS)
def test_names_of_reads_bytes_like_as_one_name(kind):
    assert names_of(kind(b"ab")) == ["b'ab'"]
    assert names_of(["a", kind(b"b")]) == ["a", "b'b'"]


@pytest.mark.parametrize("kind", BYTES_KINDS)
@pytest.mark.parametrize("edit", ["exclude_groups", "merge_groups"])
def test_group_edits_refuse_bytes_like_as_bytes(kind, edit):
    given = kind(b"ab") if edit == "exclude_groups" else {"X": ["a", kind(b"ab")]}
    with pytest.raises(EthicLensInputError) as info:
        el.audit(Y, P, {"g": G}, **{edit: {"g": given}})
    assert "no group \"b'ab'\"" in str(info.value)
    assert "'97'" not in str(info.value)


@pytest.mark.parametrize("kind", BYTES_KINDS)
def test_values_and_lists_refuse_bytes_like(kind):
    with pytest.raises(EthicLensInputError, match="1-D array with one value per row"):
        check_one_per_row(kind(b"\x00\x01"), "y_pred")
    with pytest.raises(EthicLensInputError, match="y_true"):
        el.audit(kind(b"\x00\x01\x00\x01"), P[:4], {"g": G[:4]})
    with pytest.raises(EthicLensInputError, match="states"):
        acs_states(kind(b"CO"))
