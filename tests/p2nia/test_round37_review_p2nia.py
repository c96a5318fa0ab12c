"""Round 37 review (p2nia, a8fb5766 0c4e4222): refusals the line cuts folded, pinned whole.

_check_budget reads the record's ε through a local spent(key) inside one condition: a record
not a dict is refused as contradicting ε before any key is read; an invalid this_release is
named before the cumulative ε; a this_release that differs from the release's ε is refused as
a contradiction without reading the cumulative ε (even an invalid one). _check_extra_columns'
refusals (declared once through a local refused()) keep their column, value and fix."""

from __future__ import annotations

import copy
import json
import warnings

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release, write_release
from ethiclens.p2nia._protocol import validate_manifest

from .conftest import audit_frame

DATA = audit_frame(600, 0)
KW = {"protected_domain": ["F", "M"]}


@pytest.fixture(scope="module")
def grr(tmp_path_factory):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(make_request(300, "sex", epsilon=3, **KW), DATA, "y", "pred", random_state=0)
    out = tmp_path_factory.mktemp("r37") / "grr"
    write_release(rel, out)
    return json.loads((out / "manifest.json").read_text())


CONTRADICTS = "the budget record contradicts the release's ε"


@pytest.mark.parametrize(
    ("budget", "column", "problem", "value"),
    [
        ([1], "budget", CONTRADICTS, [1]),
        ({"this_release": 99.0, "cumulative_on_this_data": "bad"}, "budget", CONTRADICTS, None),
        ({"this_release": 3.0, "cumulative_on_this_data": 0.1}, "budget", CONTRADICTS, None),
        (
            {"cumulative_on_this_data": "bad"},
            "budget.this_release",
            "invalid manifest: ε must be a number, not NoneType",
            None,
        ),
        (
            {"this_release": 3.0, "cumulative_on_this_data": "9"},
            "budget.cumulative_on_this_data",
            "invalid manifest: ε must be a number, not str",
            "9",
        ),
    ],
)
def test_budget_record_refusals_in_order(grr, budget, column, problem, value):
    manifest = copy.deepcopy(grr)
    manifest["budget"] = budget
    with pytest.raises(EthicLensInputError) as info:
        validate_manifest(manifest)
    exc = info.value
    assert (exc.problem, exc.column) == (problem, f"manifest.json:{column}")
    assert exc.value == (budget if value is None and column == "budget" else value)


EXTRA_FIX = "drop columns/discretization, or request mechanism mst or aim"


@pytest.mark.parametrize(
    ("mechanism", "columns", "bins", "column", "problem", "value", "fix"),
    [
        ("mst", "age", None, "columns", "columns must be a list of column names", "age", None),
        ("grr", [], {"age": [1, 2]}, "discretization", None, None, EXTRA_FIX),
        ("mst", ["a", "a"], None, "columns", "columns repeated", ["a", "a"], None),
        ("mst", ["y"], None, "columns", None, ["y"], "list feature columns only"),
        ("mst", [], {"a": [1, 2]}, "discretization['a']", None, None, None),
    ],
)
def test_extra_column_refusals(mechanism, columns, bins, column, problem, value, fix):
    request = make_request(300, "sex", epsilon=1, mechanism=mechanism, **KW)
    with pytest.raises(EthicLensInputError) as info:
        release(request, DATA, "y", "pred", columns=columns, discretization=bins, random_state=0)
    exc = info.value
    assert (exc.column, exc.value, exc.kind) == (column, value, "argument")
    assert problem is None or exc.problem == problem
    assert fix is None or exc.fix == fix
    if column == "discretization['a']":
        assert str(exc) == (
            "argument \"discretization['a']\": bins given for a column that is not released. "
            "Fix: add a to columns or drop its bins"
        )
    if mechanism == "grr":
        assert exc.problem == (
            "GRR releases only the request's columns; extra columns and bins apply to mst/aim"
        )
