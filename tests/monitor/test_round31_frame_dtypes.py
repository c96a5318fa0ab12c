"""Round 31: a DataFrame column of a type DuckDB's scan does not implement (a Period time or
group, an Interval or a sparse column, complex numbers) is counted as the pandas engine counts
it, as a column DuckDB cannot type already was: the same answer or the same refusal on both
engines (was "DuckDB could not count a pandas DataFrame: Not implemented Error: Data type
'period[h]' not recognized" with engine auto or duckdb, an answer with engine pandas)."""

import json

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

TIMES = ["2024-01-01T10:00:00", "2024-01-01T11:00:00", "2024-01-01T12:00:00"] * 2
BASE = pd.DataFrame(
    {
        "ts": pd.to_datetime(TIMES[:3] + [t.replace("01T", "02T") for t in TIMES[3:]]),
        "g": ["A", "B", "A", "B", "A", "B"],
        "p": [1, 0, 1, 1, 0, 0],
    }
)


def _frame(kind):
    d = BASE.copy()
    if kind == "period time":
        d["ts"] = pd.PeriodIndex(d["ts"], freq="h")
    elif kind == "period group":
        d["g"] = pd.PeriodIndex(d["ts"], freq="D")
    elif kind == "interval group":
        d["g"] = pd.IntervalIndex.from_arrays([0, 1, 0, 1, 0, 1], [1, 2, 1, 2, 1, 2])
    elif kind == "sparse prediction":
        d["p"] = pd.arrays.SparseArray(d["p"])
    elif kind == "complex prediction":
        d["p"] = d["p"].astype(complex)
    return d


def _outcome(frame, engine, store):
    request = MonitorRequest(
        target=frame, time="ts", window="1d", y_pred="p", protected=("g",), engine=engine
    )
    try:
        out = run_monitor(request, str(store)).to_dict()
    except EthicLensInputError as exc:
        return str(exc)
    for key in ("run", "created", "store"):
        out.pop(key, None)
    out["request"].pop("engine", None)
    return json.dumps(out, sort_keys=True)


@pytest.mark.parametrize(
    "kind",
    ["period time", "period group", "interval group", "sparse prediction", "complex prediction"],
)
def test_every_engine_gives_the_same_answer_or_refusal(tmp_path, kind):
    frame = _frame(kind)
    pandas = _outcome(frame, "pandas", tmp_path / "p.sqlite")
    for engine in ("duckdb", "auto"):
        got = _outcome(frame, engine, tmp_path / f"{engine}.sqlite")
        assert "could not count" not in got
        assert got == pandas
