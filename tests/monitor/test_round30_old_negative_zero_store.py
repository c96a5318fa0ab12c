"""Round 30: a store written before round 28, whose float group column's -0.0 took the key
``-0.0`` (``--protected g=1.0``), opens and resumes: the same windows, e-values and
sequences as a store the current code writes from the same rows (where it keys ``0.0``), the
store keeping its own key as it keeps a ``1.0`` (docs/monitoring.md, "One key per group")."""

import json
import sqlite3

import numpy as np
import pandas as pd

from ethiclens.monitor import MonitorRequest, _spelling, run_monitor

N = 400


def _frame(day: int) -> pd.DataFrame:
    rng = np.random.default_rng(day)
    return pd.DataFrame(
        {
            "ts": [f"2024-01-{day + 1:02d}T10:00:00Z"] * N,
            "g": rng.choice(np.array(["-0.0", "1.0"], dtype=object), N),
            "pred": rng.integers(0, 2, N),
            "label": rng.integers(0, 2, N),
        }
    )


def _run(store, days: int):
    target = pd.concat([_frame(d) for d in range(days)])
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", y_true="label",
        protected=("g=1.0",), engine="pandas",
    )  # fmt: skip
    return run_monitor(request, store).to_dict()


def _old_own_key(text, value, floats):
    """Round 27's key: a whole float's repr, -0.0 kept."""
    if value == value.to_integral_value() and abs(value) < _spelling._EXACT:
        return repr(float(value)) if floats else str(int(value))
    return text


def _numbers(report: dict) -> list:
    return [
        (c["tests"], c["sequences"], [h["counts"] for h in c["history"]])
        for c in report["comparisons"]
    ]


def test_an_old_negative_zero_store_resumes_as_a_new_one(tmp_path, monkeypatch):
    old = tmp_path / "old.sqlite"
    with monkeypatch.context() as m:
        m.setattr(_spelling, "_own_key", _old_own_key)
        written = _run(old, 2)
    assert [c["group"] for c in written["comparisons"]] == ["-0.0"]  # the old way
    resumed = _run(old, 3)
    new = _run(tmp_path / "new.sqlite", 3)
    assert resumed["run"]["new_windows"] == 1 and resumed["run"]["already_seen"] == 2
    assert [c["group"] for c in new["comparisons"]] == ["0.0"]
    assert [c["group"] for c in resumed["comparisons"]] == ["-0.0"]  # the store's own key
    assert _numbers(resumed) == _numbers(new)
    with sqlite3.connect(old) as con:
        (groups,) = con.execute("SELECT value FROM meta WHERE key = 'groups'").fetchone()
    con.close()
    assert json.loads(groups) == {"g": ["-0.0", "1.0"]}  # one series, never split
