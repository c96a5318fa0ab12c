"""Round 28: a group -0.0 and 0.0 (and "0", 0, 0.0 across batches) is one group.

Before: where the request names a whole float (``--protected g=1.0``), a batch's ``-0.0`` took
the key ``-0.0`` and its ``0.0`` the key ``0.0``: two groups, two comparisons, two series in the
store. Now every engine and the store give them the one key ``0.0`` (``0`` without a named
float), printed one way."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

N = 600
# each day's groups: -0.0 and 0.0 apart, then ints and texts, then float32 and text
DAYS = [[-0.0, 0.0, 1.0], ["0", 0, "-0", 1], [np.float32(-0.0), "-0.0", 1.0]]


def _frame(day: int, groups) -> pd.DataFrame:
    rng = np.random.default_rng(day)
    return pd.DataFrame(
        {
            "ts": [f"2024-01-{day + 1:02d}T10:00:00Z"] * N,
            "g": rng.choice(np.array(groups, dtype=object), N),
            "pred": rng.integers(0, 2, N),
            "label": rng.integers(0, 2, N),
        }
    )


def _request(target, protected, **kw):
    return MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", y_true="label",
        protected=(protected,), **kw,
    )  # fmt: skip


def _pairs(result) -> list:
    return [(c["group"], c["reference"]) for c in result.to_dict()["comparisons"]]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(
    "protected, zero, one",
    # a reference the request spells -0.0 keys the zeros as spelled (the request's key)
    [("g=1.0", "0.0", "1.0"), ("g", "0", "1"), ("g=0", "0", "1"), ("g=-0.0", "-0.0", "1.0")],
)
def test_negative_zero_is_one_group_on_every_batch(tmp_path, engine, protected, zero, one):
    pytest.importorskip(engine)
    store = tmp_path / "s.sqlite"
    for day, groups in enumerate(DAYS):
        result = run_monitor(_request(_frame(day, groups), protected, engine=engine), store)
        assert sorted(map(sorted, _pairs(result))) == [sorted([zero, one])], (day, _pairs(result))
    with sqlite3.connect(store) as con:
        (groups,) = con.execute("SELECT value FROM meta WHERE key = 'groups'").fetchone()
    con.close()
    assert json.loads(groups) == {"g": sorted([zero, one])}


def test_negative_zero_in_a_database_is_the_files_group(tmp_path):
    frames = [_frame(day, [-0.0, 0.0, 1.0]) for day in range(2)]
    db = tmp_path / "feed.sqlite"
    with sqlite3.connect(db) as con:
        pd.concat(frames).astype({"g": float}).to_sql("t", con, index=False)
    con.close()
    result = run_monitor(
        _request("db", "g=1.0", db=f"sqlite:///{db}", table="t"), tmp_path / "s.sqlite"
    )
    assert _pairs(result) == [("0.0", "1.0")]
    files = run_monitor(_request(pd.concat(frames), "g=1.0"), tmp_path / "f.sqlite")
    assert _pairs(files) == [("0.0", "1.0")]
