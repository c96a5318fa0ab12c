"""Round 47 leftover: Roles(protected=b'ab') was refused, but a bytearray or a memoryview of the
same bytes was taken as the columns [97, 98] (iterated as ints). Every kind of bytes is now
refused alike, naming the argument and the type given."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles


@pytest.mark.parametrize("make", [bytes, bytearray, memoryview])
def test_bytes_of_any_kind_are_refused_alike(make):
    value = make(b"ab")
    with pytest.raises(EthicLensInputError) as info:
        Roles(y_pred="p", protected=value)
    with pytest.raises(EthicLensInputError) as as_bytes:
        Roles(y_pred="p", protected=b"ab")
    said = str(info.value)
    assert "argument 'protected': must be a column name or a list of them" in said
    assert said == str(as_bytes.value).replace("not bytes", f"not {type(value).__name__}")
