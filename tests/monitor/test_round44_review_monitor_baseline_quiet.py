"""Round 44 review (monitor, the follow-up of e2d690b1): a separate baseline under --pos-label.

The TARGET's label columns may lack the positive value where the store has seen the values
they write (meta label_values), but the baseline (--baseline-target, --baseline-table) was
counted without them: a baseline in which the model selected no one (predictions all 'no')
was refused 'pos_label does not occur in the column' with a fix to change --pos-label, which
the store refuses as another request, on every run. Now the baseline follows the TARGET's
rule and words: all negative when it writes only values the store or this TARGET has seen,
else refused naming what was seen; and the values it writes beside the positive value are
remembered with the TARGET's."""

import json
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


YES_NO = ["yes", "no"] * (N // 2)  # group a all selected, b none


def _run(tmp_path, target, baseline, engine, store, name="d1"):
    if engine == "sqlite":
        db = tmp_path / f"{name}.db"
        with sqlite3.connect(db) as con:
            target.to_sql("preds", con, index=False)
            baseline.to_sql("base", con, index=False)
        kw = {"db": f"sqlite:///{db}", "table": "preds", "baseline_table": "base"}
        where = "db"
    else:
        where, base = tmp_path / f"{name}.csv", tmp_path / "base.csv"
        target.to_csv(where, index=False)
        baseline.to_csv(base, index=False)
        kw = {"engine": engine, "baseline_target": str(base)}
    request = MonitorRequest(
        target=where, time="ts", window="1d", y_pred="pred", protected=("g=a",),
        pos_label="yes", **kw,
    )  # fmt: skip
    doc = run_monitor(request, store, warn=False).to_dict()
    return [h["counts"]["group"]["sel"] for h in doc["comparisons"][0]["history"]]


def _meta(store, key):
    with sqlite3.connect(store) as con:
        row = con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else json.loads(row[0])


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "sqlite"])
def test_a_baseline_that_selected_no_one_is_all_negative(tmp_path, engine):
    store = tmp_path / "m.sqlite"
    # was: refused 'pos_label does not occur in the column', fix: change --pos-label
    assert _run(tmp_path, _day(1, YES_NO), _day(1, ["no"] * N), engine, store) == [0]
    assert _meta(store, "baseline_target")["rows"] == N


@pytest.mark.parametrize("engine", ["pandas", "sqlite"])
def test_a_baseline_value_never_seen_is_refused_in_the_targets_words(tmp_path, engine):
    store = tmp_path / "m.sqlite"
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, _day(1, YES_NO), _day(1, ["no", "No"] * (N // 2)), engine, store)
    text = str(err.value)
    assert "column 'pred (y_pred)' of the baseline" in text
    assert "this column holds 'No', which it has not seen" in text
    # a new store: the values are this run's TARGET's (was: 'as the store has seen it')
    assert "write it as this run's target writes it (e.g. 'no')" in text
    assert "use one of them" not in text  # the audit's fix: another --pos-label
    assert not store.exists() or not store.stat().st_size  # nothing written


def test_the_baselines_values_are_remembered_with_the_targets(tmp_path):
    store = tmp_path / "m.sqlite"
    baseline = _day(1, ["yes", "maybe"] * (N // 2))
    _run(tmp_path, _day(1, YES_NO), baseline, "pandas", store)
    assert _meta(store, "label_values") == {"y_pred": ["maybe", "no", "yes"]}
    quiet = _day(2, ["maybe", "no"] * (N // 2))  # a value only the baseline wrote
    assert _run(tmp_path, quiet, baseline, "pandas", store, "d2") == [0, 0]
