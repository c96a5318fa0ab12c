"""Round 48 review of 0e7c0456 (bytes in every form as one value): three privacy sites still
told one value from a list by ``str | bytes`` only, so a bytearray or memoryview was iterated as
its byte values: pcer_audit's group_order=bytearray(b'ab') was refused as the groups
['97', '98'], run_grid's seeds=bytearray(b'\\x00\\x01') trained seeds 0 and 1, and etas of
bytes read as floor constants. Each is now refused as one value (_checks.TEXT_LIKE)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy._inputs import _group_order
from ethiclens.privacy._pcer import _audit_settings
from ethiclens.privacy._vectorized import _listed

BLOBS = [bytearray(b"ab"), memoryview(b"ab")]


@pytest.mark.parametrize("blob", BLOBS, ids=["bytearray", "memoryview"])
def test_a_blob_is_one_value_not_its_bytes(blob):
    with pytest.raises(EthicLensInputError, match="not one string") as info:
        _group_order(blob, {"a", "b"})
    assert "97" not in str(info.value)
    with pytest.raises(EthicLensInputError, match="argument 'seeds': must be a list"):
        _listed(blob, "seeds", "e.g. seeds=[0, 1, 2]")
    with pytest.raises(EthicLensInputError, match="must be a sequence of floor constants"):
        _audit_settings({"etas": blob}, True)
