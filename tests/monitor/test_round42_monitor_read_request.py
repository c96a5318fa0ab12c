"""Round 42 (monitor): ``read_store_report(store, request)`` words the report by the request the
store was written for. Before, a request left at its defaults read a store written at alpha 0.01
with thresholds of 20 (1/0.05) beside the store's alarms, and a request that differed (alpha 0.2,
another DI threshold) was accepted and its numbers printed; a run refuses such a request. Now a
field left at its default is the store's, and one given that differs is refused naming it."""

import dataclasses

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store_report, run_monitor

ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)
PARTIAL = MonitorRequest(target=ROWS, time="ts", window="1d", y_pred="p", protected=("g",))
WRITTEN = dataclasses.replace(PARTIAL, alpha=0.01, di_threshold=0.9)


@pytest.fixture
def store(tmp_path):
    path = str(tmp_path / "s.sqlite")
    run_monitor(WRITTEN, path)
    return path


def test_a_request_that_leaves_out_the_policy_reads_in_the_stores_words(store):
    doc = read_store_report(store, PARTIAL).to_dict()
    assert doc["method"]["alpha"] == 0.01
    test = doc["comparisons"][0]["tests"]["disparate_impact"]
    assert test["threshold"] == pytest.approx(100.0)
    assert test["null"] == "DI inside [0.90, 1.1111…]"
    assert read_store_report(store, WRITTEN).to_dict() == doc


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"alpha": 0.2}, "alpha 0.01 there, 0.2 here"),
        ({"di_threshold": 0.5}, "di_threshold 0.9 there, 0.5 here"),
        ({"window": "2d"}, "window '1d' there, '2d' here"),
        ({"protected": ("h",)}, "protected ['g'] there, ['h'] here"),
    ],
)
def test_a_request_that_differs_is_refused_naming_what_differs(store, change, named):
    with pytest.raises(EthicLensInputError, match="was written by another request: ") as info:
        read_store_report(store, dataclasses.replace(WRITTEN, **change))
    assert named in str(info.value)
    assert "leave out what differs" in str(info.value)
