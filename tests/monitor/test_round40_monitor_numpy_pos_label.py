"""``MonitorRequest(pos_label=np.int64(1))`` (a label read from a numpy array) ran the whole
count and then crashed writing the store: ``TypeError: Object of type int64 is not JSON
serializable`` (a traceback, nothing kept); ``np.bool_(True)`` was refused as "must be a label
value (text, a number or a bool) (value: 'bool')". ``ethiclens.audit`` takes both. The monitor
now takes numpy's scalars as the Python values they hold: the same report as 1 and True."""

import datetime as dt
import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


@pytest.fixture(scope="module")
def feed(tmp_path_factory):
    path = tmp_path_factory.mktemp("feed") / "feed.csv"
    n = 30
    pd.DataFrame(
        {
            "ts": [f"2024-03-0{1 + i % 2}T00:00:00Z" for i in range(n)],
            "g": ["a" if i % 3 else "b" for i in range(n)],
            "pred": [(i // 2) % 2 for i in range(n)],
        }
    ).to_csv(path, index=False)
    return str(path)


def _report(feed, store, label) -> dict:
    request = MonitorRequest(
        target=feed, time="ts", window="1d", y_pred="pred", protected=("g",), pos_label=label
    )
    doc = json.loads(run_monitor(request, store, now=NOW).to_json())
    doc.pop("store")
    return doc


@pytest.mark.parametrize(("given", "python"), [(np.int64(1), 1), (np.bool_(True), True)])
def test_a_numpy_pos_label_is_its_python_value(feed, tmp_path, given, python):
    doc = _report(feed, tmp_path / "np.sqlite", given)
    assert doc["request"]["pos_label"] == python
    assert type(doc["request"]["pos_label"]) is type(python)
    assert doc == _report(feed, tmp_path / "py.sqlite", python)
