"""Round 46 review of 51c68862 (long-int keys refused by the spec): the monitor's Python face
was its sibling. An int past str()'s 4,300 digits as a name in MonitorRequest's bins,
merge_groups, exclude_groups or intersections crashed with ValueError (str() of it, when the
edits were sorted or their shapes named); each is now refused by its field, shown shortened."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest

L = 10**5000
BASE = dict(target="x.csv", time="t", window="1d", y_pred="p", protected=("g", "h"))


@pytest.mark.parametrize(
    "given",
    [
        {"bins": {L: [0, 1]}},
        {"merge_groups": {"g": {L: ["a"]}}},
        {"merge_groups": {"g": {"n": ["a", L]}}},
        {"exclude_groups": {L: ["a"]}},
        {"exclude_groups": {"g": [-L]}},
        {"intersections": (("g", L),)},
    ],
)
def test_a_long_int_name_is_refused_by_its_field(given):
    with pytest.raises(EthicLensInputError) as caught:
        MonitorRequest(**{**BASE, **given})
    said = str(caught.value)
    assert f"argument '{next(iter(given))}': holds a whole number too long" in said
    assert "000000 (5,001 digits)" in said and "as text (a str)" in said


def test_a_long_bin_edge_keeps_the_edges_words():
    with pytest.raises(EthicLensInputError, match="bin edges must be"):
        MonitorRequest(**{**BASE, "bins": {"g": [0, L]}})
