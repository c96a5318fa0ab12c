"""Round 44 review (monitor, of e2d690b1): a quiet day of a boolean label column.

The store remembers its label columns' values as text, as written ('False', 'True'), but a
quiet day's column was compared with them typed: a boolean column's True is the number 1,
never the text 'True'. So under --pos-label False (or 'false' on a true/false text column),
day 2's predictions all True, which the store had seen, were refused "this column holds ,
which it has not seen" (no value named), on every engine, and the stream stuck there. Now
both are compared as written: day 2 counts as all negative, as the audit of both days does."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

N = 20


def _day(day, pred):
    rows = {
        "ts": [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(N)],
        "g": ["a", "b"] * (N // 2),
        "pred": pred,
    }
    return pd.DataFrame(rows)


def _run(tmp_path, frame, name, engine, store, pos_label):
    if engine == "sqlite":
        db = tmp_path / f"{name}.db"
        with sqlite3.connect(db) as con:
            frame.to_sql("preds", con, index=False)
        target, kw = "db", {"db": f"sqlite:///{db}", "table": "preds"}
    else:
        target, kw = tmp_path / f"{name}.parquet", {"engine": engine}
        frame.to_parquet(target)
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", protected=("g=a",),
        pos_label=pos_label, **kw,
    )  # fmt: skip
    doc = run_monitor(request, store, warn=False).to_dict()
    return [h["counts"]["group"]["sel"] for h in doc["comparisons"][0]["history"]]


BOOLS = ([True, False] * (N // 2), [True] * N, False)  # a boolean column, pos_label False
TEXTS = (["true", "false"] * (N // 2), ["true"] * N, "false")  # true/false text, 'false'


@pytest.mark.parametrize(
    ("case", "engine"),
    [(BOOLS, "pandas"), (BOOLS, "duckdb"), (TEXTS, "pandas"), (TEXTS, "duckdb"), (TEXTS, "sqlite")],
)
def test_a_quiet_day_of_booleans_the_store_has_seen_is_all_negative(tmp_path, case, engine):
    d1, d2, pos_label = case
    store = tmp_path / "m.sqlite"
    assert _run(tmp_path, _day(1, d1), "d1", engine, store, pos_label) == [10]
    # was: refused "this column holds , which it has not seen"
    assert _run(tmp_path, _day(2, d2), "d2", engine, store, pos_label) == [10, 0]


def test_an_unseen_value_beside_booleans_is_still_refused_by_name(tmp_path):
    store = tmp_path / "m.sqlite"
    _run(tmp_path, _day(1, ["true", "false"] * (N // 2)), "d1", "pandas", store, "false")
    with pytest.raises(EthicLensInputError, match="this column holds 'maybe', which it has not"):
        _run(tmp_path, _day(2, ["true", "maybe"] * (N // 2)), "d2", "pandas", store, "false")
