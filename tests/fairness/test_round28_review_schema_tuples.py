"""Round 28 review: the report schema's quick yes (fastjsonschema) reads a tuple as an array,
jsonschema does not: a baseline dict holding a tuple is refused naming its key, as before."""

import copy
import re

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._gate import _first_schema_error


@pytest.fixture(scope="module")
def report():
    rng = np.random.default_rng(0)
    y, p = rng.integers(0, 2, 300), rng.integers(0, 2, 300)
    groups = {"g": rng.choice(["a", "b", "c"], 300)}
    return ethiclens.audit(y, p, sensitive_features=groups).to_dict()


@pytest.mark.parametrize("where", ["attributes", "comparisons", "flag_rules"])
def test_a_tuple_is_not_an_array_of_the_report(report, where):
    edited = copy.deepcopy(report)
    if where == "flag_rules":
        edited["comparisons"][0]["flag_rules"] = ()
        key = "comparisons[0].flag_rules"
    else:
        edited[where] = tuple(edited[where])
        key = where
    assert _first_schema_error(report) is None
    path, words, _ = _first_schema_error(edited)
    assert (path, words) == (key, "must be a list")
    with pytest.raises(EthicLensInputError, match=re.escape(f"{key} must be a list")):
        ethiclens.fairness.gate(report, baseline=edited)
