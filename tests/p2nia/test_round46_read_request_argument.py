"""Round 46: p2nia.read_request given no path (None, a request's dict, bytes, a number)
crashed in pathlib ('TypeError: expected str, bytes or os.PathLike object, not NoneType');
it is now refused by its argument, as read_release refuses its folder."""

import pytest

from ethiclens import EthicLensInputError
from ethiclens.p2nia import read_request


@pytest.mark.parametrize("given", [None, {"version": 1}, b"request.json", 5])
def test_read_request_refuses_what_is_no_path(given):
    with pytest.raises(EthicLensInputError, match="argument 'path': must be the path of a req"):
        read_request(given)
