"""Round 30: a bin edge that is a boolean (Python's or NumPy's; a YAML ``no`` reads as False) is
refused as no number, as a threshold or an interval setting is, not binned as 0 or 1."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import check_bin_edges


@pytest.mark.parametrize("edges", [[False, 50, 100], [0, 50, True], np.array([False, True])])
def test_a_boolean_edge_is_refused(edges):
    with pytest.raises(EthicLensInputError, match="bin edges must be numbers") as err:
        check_bin_edges(edges, "age")
    assert err.value.column == "age"


def test_the_audit_refuses_a_boolean_edge():
    rng = np.random.default_rng(0)
    y, p, age = rng.integers(0, 2, 200), rng.integers(0, 2, 200), rng.integers(0, 99, 200)
    with pytest.raises(EthicLensInputError, match="bin edges must be numbers"):
        ethiclens.audit(y, p, {"age": age}, bins={"age": [False, 50, 100]})


def test_number_edges_still_bin():
    assert check_bin_edges([0, np.int64(50), 100.0, "120"], "age") == [0.0, 50.0, 100.0, 120.0]
