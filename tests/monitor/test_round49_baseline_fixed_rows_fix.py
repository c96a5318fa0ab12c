"""Round 49 (monitor, leftover 2): a separate baseline (--baseline-target, --baseline-table)
under --pos-label 'yes' whose label column writes a value the store has not seen ('No') was
refused with the TARGET's hint to wait for the stream's rows: "... or run again once rows
holding 'yes' have come, on them and these rows together". The baseline is a period given
whole, older than the stream's windows it is tested against (here March 1, the stream's last
window March 3): no rows ever come to it. Its refusal now names a baseline whose rows hold the
positive value instead; the TARGET's refusal keeps its hint."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

N = 20
YES_NO = ["yes", "no"] * (N // 2)


def _day(day, pred):
    times = [f"2024-03-0{day}T{h:02d}:00:00Z" for h in range(N)]
    return pd.DataFrame({"ts": times, "g": ["a", "b"] * (N // 2), "pred": pred})


def _run(tmp_path, target, baseline, engine, store):
    if engine == "sqlite":
        db = tmp_path / "d.db"
        with sqlite3.connect(db) as con:
            target.to_sql("preds", con, index=False, if_exists="replace")
            baseline.to_sql("base", con, index=False, if_exists="replace")
        kw = {"db": f"sqlite:///{db}", "table": "preds", "baseline_table": "base"}
        where = "db"
    else:
        where, base = tmp_path / "d.csv", tmp_path / "base.csv"
        target.to_csv(where, index=False)
        baseline.to_csv(base, index=False)
        kw = {"engine": engine, "baseline_target": str(base)}
    request = MonitorRequest(
        target=where, time="ts", window="1d", y_pred="pred", protected=("g=a",),
        pos_label="yes", **kw,
    )  # fmt: skip
    return run_monitor(request, store, warn=False).to_dict()


# the SQLite case takes 1.6-2 s on a cold process (SQLAlchemy's import and first engine; about
# 0.6 s warm): marked slow, the pandas case covers the wording under 1 s
SQLITE = pytest.param("sqlite", marks=pytest.mark.slow)


@pytest.mark.parametrize("engine", ["pandas", SQLITE])
def test_a_baselines_refusal_never_waits_for_rows_to_come(tmp_path, engine):
    store = tmp_path / "m.sqlite"
    stream = pd.concat([_day(2, YES_NO), _day(3, YES_NO)])
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, stream, _day(1, ["no", "No"] * (N // 2)), engine, store)
    text = str(err.value)
    assert "of the baseline" in text and "this column holds 'No'" in text, text
    assert "have come" not in text and "these rows together" not in text, text
    assert "or give a baseline whose rows hold 'yes'" in text, text
    # a new store: the values come from this run's TARGET (was: "the store has seen 'no', 'yes'"
    # and "write it as the store has seen it")
    assert "the store has seen no label values yet; this run's target writes 'no', 'yes'" in text
    assert "the store has seen 'no'" not in text, text
    assert "write it as this run's target writes it (e.g. 'no') and run again" in text


def test_the_targets_refusal_keeps_its_hint(tmp_path):
    store = tmp_path / "m.sqlite"
    _run(tmp_path, _day(2, YES_NO), _day(1, YES_NO), "pandas", store)
    with pytest.raises(EthicLensInputError) as err:
        _run(tmp_path, _day(3, ["no", "No"] * (N // 2)), _day(1, YES_NO), "pandas", store)
    text = str(err.value)
    assert "of the baseline" not in text
    assert "run again once rows holding 'yes' have come, on them and these rows together" in text
