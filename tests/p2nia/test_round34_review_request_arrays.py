"""Round 34 review (P2NIA): 4a877f06 let make_request take its groups and metrics as a 1-D
NumPy array, Series, Index or pandas extension array; a pyarrow array (``table.column('sex')
.unique()``, a ChunkedArray ``table.column('sex')``) was still refused ('must be a list of
group names, not StringArray'), though blackbox_audit takes it as a domain. It is read as its
list of values, checked as a list's."""

import pyarrow as pa
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request

TABLE = pa.table({"sex": ["F", "M", "F"], "metric": ["dp", "eo", "dp"]})


@pytest.mark.parametrize(
    "groups",
    [
        pa.array(["F", "M"]),
        TABLE.column("sex").unique(),
        pa.chunked_array([["F"], ["M"]]),
        pa.array(["F", "M"]).dictionary_encode(),
    ],
)
def test_pyarrow_groups_and_metrics_are_read_as_lists(groups):
    req = make_request(100, "sex", epsilon=1.0, protected_domain=groups)
    assert req.protected_domain == ["F", "M"]
    req = make_request(100, "sex", epsilon=1.0, metrics=TABLE.column("metric").unique())
    assert req.metrics == ["dp", "eo"]


def test_pyarrow_values_are_checked_as_a_lists():
    with pytest.raises(EthicLensInputError, match="every group must be a non-empty string"):
        make_request(100, "sex", epsilon=1.0, protected_domain=pa.array(["F", None]))
    with pytest.raises(EthicLensInputError, match="metrics repeated"):
        make_request(100, "sex", epsilon=1.0, metrics=pa.array(["dp", "dp"]))
