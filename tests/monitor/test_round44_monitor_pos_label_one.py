"""Round 44 (monitor): --pos-label 1 on 0/1 labels is the request without one.

The store takes `--pos-label 1` (1.0, True) and none as one request (docs/monitoring.md), yet
they counted apart: a day on which no row was predicted or labelled 1 was counted without
--pos-label and refused with it ("pos_label does not occur in the column"), so a store begun
with --pos-label 1 stuck on its first quiet day. Now they count alike on every engine; the
text 'true', another request that the audit refuses on 0/1 labels, is still refused."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor


def _day(day, pred, y):
    return pd.DataFrame(
        {
            "ts": [f"2024-03-{day:02d}T{h:02d}:00:00Z" for h in range(20)],
            "g": ["a", "b"] * 10,
            "pred": pred,
            "y": y,
        }
    )


BUSY = _day(1, [0, 1] * 10, [0, 0, 1, 1] * 5)
QUIET = _day(2, [0] * 20, [0] * 20)  # no one selected, no positive label


def _run(tmp_path, name, frame, pos_label, engine):
    kw = {"engine": engine}
    if engine == "sqlite":
        db = tmp_path / f"{name}.db"
        with sqlite3.connect(db) as con:
            frame.to_sql("preds", con, index=False, if_exists="replace")
        target, kw = "db", {"db": f"sqlite:///{db}", "table": "preds"}
    else:
        target = tmp_path / f"{name}-{frame.ts[0][:10]}.csv"
        frame.to_csv(target, index=False)
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", y_true="y",
        protected=("g=a",), pos_label=pos_label, **kw,
    )  # fmt: skip
    doc = run_monitor(request, tmp_path / f"{name}.sqlite", warn=False).to_dict()
    return [h["counts"] for h in doc["comparisons"][0]["history"]]


@pytest.mark.parametrize(
    ("engine", "label"),
    [("pandas", None), ("pandas", 1), ("pandas", "1.0"), ("pandas", True), ("duckdb", 1),
     ("sqlite", 1)],
)  # fmt: skip
def test_a_quiet_day_counts_alike_with_pos_label_1_and_without(tmp_path, engine, label):
    _run(tmp_path, "m", BUSY, label, engine)
    got = _run(tmp_path, "m", QUIET, label, engine)  # was refused but for None
    quiet = {"n": 10, "sel": 0, "pos": 0, "tp": 0, "neg": 10, "fp": 0}
    assert got[-1] == {"reference": quiet, "group": quiet}


def test_the_text_true_is_still_refused_on_0_1_labels(tmp_path):
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, "t", BUSY, "true", "pandas")
    assert "no row of the column" in str(err.value)
