"""Round 32: whole numbers past 2**53 are binned by their exact value, not the float they round
to. A value of 2**53 + 3 (int64) below the edge 2**53 + 4 fell into the bin from that edge, and
2**53 + 1 above the last edge 2**53 was binned into the last bin instead of refused; an edge
typed 2**53 + 1, which no float holds, was binned and labelled as 2**53 (now refused as typed)."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import bin_attribute

B = 2**53


@pytest.mark.parametrize("dtype", ["int64", "object", "Int64"])
def test_a_value_below_an_edge_is_in_the_bin_below_it(dtype):
    values = pd.Series([1, B + 3, B + 4, B + 5], dtype=dtype)
    labels = list(bin_attribute(values, [0, B + 4, B + 8], "id"))
    low, high = f"[0, {B + 4})", f"[{B + 4}, {B + 8}]"
    assert labels == [low, low, high, high]


@pytest.mark.parametrize("dtype", ["int64", "object"])
def test_a_value_past_the_last_edge_is_refused(dtype):
    with pytest.raises(EthicLensInputError, match="1 row\\(s\\) with values outside") as err:
        bin_attribute(pd.Series([1, B + 1], dtype=dtype), [0, B], "id")
    assert err.value.column == "id"
    assert f"(data range 1 to {B + 1})" in err.value.problem
    with pytest.raises(EthicLensInputError, match="1 row\\(s\\) with values outside"):
        bin_attribute(pd.Series([-B - 1, 1], dtype=dtype), [-B, 2], "id")


@pytest.mark.parametrize("edge", [B + 1, np.int64(B + 1), str(B + 1)])
def test_an_edge_no_float_holds_is_refused_as_typed(edge):
    with pytest.raises(EthicLensInputError, match=f"{B + 1}") as err:
        bin_attribute([1, 2], [0, edge, B + 4], "id")
    assert "no float" in err.value.problem


def test_the_audit_bins_the_exact_values():
    rng = np.random.default_rng(32)
    ids = pd.Series(np.repeat([7, B + 3, B + 6], 150), dtype="int64")
    y, p = rng.integers(0, 2, 450), rng.integers(0, 2, 450)
    r = ethiclens.audit(y, p, {"id": ids}, bins={"id": [0, B + 4, B + 8]}, n_boot=100)
    groups = {g.group: g.n for g in r.attributes[0].groups}
    assert groups == {f"[0, {B + 4})": 300, f"[{B + 4}, {B + 8}]": 150}
