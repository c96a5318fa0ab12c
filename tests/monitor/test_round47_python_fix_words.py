"""Round 47 (found by the monitor hunter, after ed608b6a): a Python caller of run_monitor was
still told the command line's words in a refusal that names no option: late rows' "take the late
or changed rows out of TARGET, or start a new --store ... start a new --store and monitor with
--hold-last". Every refusal run_monitor passes on now says the request's fields, run_monitor's
store_path and the request's target ("start a new store_path and monitor with hold_last=True");
the command line keeps its flags (test_round44_open_last_window), and a refusal keeps its
class (NoRows: a first run over no rows)."""

import datetime as dt

import pandas as pd
import pytest

from ethiclens.errors import EmptyInputError, EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

NOW = dt.datetime(2024, 1, 9, tzinfo=dt.UTC)


def _request(n, extra=()):
    times = [f"2024-01-0{1 + i % 3}T10:00:00Z" for i in range(n)] + list(extra)
    rows = pd.DataFrame({"ts": times, "g": ["A", "B"] * (len(times) // 2),
                         "p": [i % 2 for i in range(len(times))]})  # fmt: skip
    return MonitorRequest(target=rows, time="ts", window="1d", y_pred="p", protected=("g",))


def test_late_rows_are_refused_in_a_python_callers_words(tmp_path):
    store = tmp_path / "s.sqlite"
    run_monitor(_request(12), store, now=NOW)
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(_request(12, ["2024-01-03T11:00:00Z"] * 2), store, now=NOW)
    text = str(caught.value)
    assert text.startswith("argument 'target': late or changed rows: window 2"), text
    assert "out of target), or start a new store_path to recompute" in text, text
    assert "start a new store_path and monitor with hold_last=True, which holds" in text, text
    assert "--" not in text and "TARGET" not in text, text


def test_a_refusal_keeps_its_class(tmp_path):
    empty = MonitorRequest(target=pd.DataFrame({"ts": [], "g": [], "p": []}), time="ts",
                           window="1d", y_pred="p", protected=("g",))  # fmt: skip
    with pytest.raises(EmptyInputError) as caught:
        run_monitor(empty, tmp_path / "s.sqlite", now=NOW)
    assert "--" not in str(caught.value) and "TARGET" not in str(caught.value), caught.value
