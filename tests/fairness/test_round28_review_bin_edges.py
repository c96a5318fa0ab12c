"""Round 28 review: bin edges that are no list of numbers are refused in one line on every face
that reads them (the audit's bins=, P2NIA's discretization/--bins via check_edges): bytes were
read as their character codes (b'05' binned at 48 and 53), a dict as its keys, a set in no
order of its own, and a number or None crashed with Python's TypeError."""

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import check_edges

NOT_A_LIST = [b"05", bytearray(b"05"), {0: 1, 50: 2, 100: 3}, {0, 50, 100}, 5, None]


@pytest.mark.parametrize("edges", NOT_A_LIST, ids=repr)
def test_the_audit_refuses_edges_that_are_no_list(edges):
    rng = np.random.default_rng(0)
    y, p, age = rng.integers(0, 2, 200), rng.integers(0, 2, 200), rng.integers(0, 99, 200)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(y, p, sensitive_features={"age": age}, bins={"age": edges})
    assert err.value.problem == "bin edges must be a list of numbers"
    assert err.value.fix == "e.g. 0,25,45,65,120"


@pytest.mark.parametrize("edges", NOT_A_LIST, ids=repr)
def test_p2nia_refuses_edges_that_are_no_list(edges):
    with pytest.raises(EthicLensInputError, match="bin edges must be a list of numbers"):
        check_edges("age", edges)


def test_a_generator_of_edges_is_read_once_whole():
    assert check_edges("age", (e for e in (0, 50, 100))).tolist() == [0.0, 50.0, 100.0]
