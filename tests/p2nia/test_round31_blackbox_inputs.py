"""Round 31 (P2NIA): ``blackbox_audit`` refuses what it cannot query in one line naming the
argument, where it raised numpy's and pandas' own errors (KeyError, ValueError "high - low <
0", OverflowError, AttributeError) or, for an unknown metric, returned no estimate at all
(``metrics=['xx']`` gave ``{}``)."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit

DOMAINS = {"g": ["a", "b"], "x": (0.0, 1.0)}


def _model(q):
    return (q["x"] > 0.5).astype(int)


@pytest.mark.parametrize(
    ("change", "argument"),
    [
        ({"metrics": ["xx"]}, "metrics"),
        ({"metrics": []}, "metrics"),
        ({"metrics": ["dp", "dp"]}, "metrics"),
        ({"protected": "race"}, "protected"),
        ({"domains": [1, 2]}, "domains"),
        ({"domains": {"g": ["a", "b"], "x": (1.0, 0.0)}}, "domains['x']"),
        ({"domains": {"g": ["a", "b"], "x": (float("nan"), 1.0)}}, "domains['x']"),
        ({"domains": {"g": ["a", "b"], "x": ("a", "b")}}, "domains['x']"),
        ({"domains": {"g": ["a", "b"], "x": []}}, "domains['x']"),
        ({"domains": {"g": ["a", "a"], "x": (0.0, 1.0)}}, "domains['g']"),
        ({"domains": {"g": (0, 1), "x": (0.0, 1.0)}}, "domains['g']"),
        ({"random_state": -1}, "random_state"),
    ],
)
def test_bad_arguments_are_named(change, argument):
    kwargs = {"domains": DOMAINS, "protected": "g", "n": 100, "random_state": 0, **change}
    with pytest.raises(EthicLensInputError) as err:
        blackbox_audit(_model, **kwargs)
    assert str(err.value).startswith(f"argument {argument!r}: "), str(err.value)


def test_good_arguments_estimate_as_before():
    est = blackbox_audit(_model, DOMAINS, "g", 1000, random_state=0)
    assert est == blackbox_audit(_model, DOMAINS, "g", 1000, metrics="dp,eo,eopp", random_state=0)
    assert list(blackbox_audit(_model, DOMAINS, "g", 1000, metrics="dp", random_state=0)) == ["dp"]
    assert blackbox_audit(_model, {"g": [0, 1], "x": (18, 100)}, "g", 100, random_state=0)
