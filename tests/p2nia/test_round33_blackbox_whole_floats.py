"""Round 33 (P2NIA): ``blackbox_audit`` reads a query group written as a whole float (0.0, 1.0:
an int column pandas read with a gap) as the int group of ``domains`` it equals, the same
groups and the same estimate, where it refused them as "outside domains['g']"; a float that
is not exactly a whole number, a bool or a text '0.0' stays a group of its own (refused), and
two groups of one domain that are the same number (0 and 0.0) are refused as a repeat."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit

QUERIES = pd.DataFrame({"g": [0, 1] * 50, "x": [i / 100 for i in range(100)]})


def _model(q):
    return (q["x"] > 0.5).astype(int)


def _run(domain, groups):
    return blackbox_audit(
        _model, {"g": domain, "x": (0.0, 1.0)}, "g", 100,
        queries=QUERIES.assign(g=groups), random_state=0,
    )  # fmt: skip


EXPECTED = _run([0, 1], QUERIES["g"])


@pytest.mark.parametrize(
    ("domain", "groups"),
    [
        ([0, 1], QUERIES["g"].astype(float)),
        ([0, 1], QUERIES["g"].astype("Float64")),
        ([0, 1], QUERIES["g"].astype(np.float32)),
        ([0.0, 1.0], QUERIES["g"]),
        ([0, 1], QUERIES["g"].replace(0, -0.0).astype(float)),
    ],
)
def test_whole_floats_are_the_int_groups(domain, groups):
    assert _run(domain, groups) == EXPECTED


@pytest.mark.parametrize(
    "groups",
    [QUERIES["g"] + 0.5, QUERIES["g"].astype(bool), QUERIES["g"].astype(float).astype(str)],
)
def test_other_values_stay_refused(groups):
    with pytest.raises(EthicLensInputError, match="outside domains"):
        _run([0, 1], groups)


def test_one_number_twice_in_a_domain_is_refused():
    with pytest.raises(EthicLensInputError, match=r"domains\['g'\]"):
        _run([0, 0.0, 1], QUERIES["g"])
