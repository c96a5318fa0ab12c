"""Round 33 (monitor): ``run_monitor(..., now=...)`` that is not a time (a str, a date, a
number, pandas' NaT) is refused naming the argument ``now``, before the store is touched (was
an AttributeError or ValueError traceback); a datetime (a pandas Timestamp too) still runs."""

import datetime as dt

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)
REQUEST = dict(target=ROWS, time="ts", window="1d", y_pred="p", protected=("g",))


@pytest.mark.parametrize("now", ["2024-02-01", dt.date(2024, 2, 1), 5, float("nan"), pd.NaT])
def test_a_now_that_is_no_time_is_refused_by_its_name(tmp_path, now):
    store = tmp_path / "s.sqlite"
    with pytest.raises(EthicLensInputError) as exc:
        run_monitor(MonitorRequest(**REQUEST), str(store), now=now)
    assert str(exc.value).startswith("argument 'now': must be a datetime.datetime")
    assert "Fix: " in str(exc.value) and not store.exists()


@pytest.mark.parametrize(
    "now", [dt.datetime(2024, 2, 1, tzinfo=dt.UTC), pd.Timestamp("2024-02-01", tz="UTC")]
)
def test_a_datetime_still_runs(tmp_path, now):
    result = run_monitor(MonitorRequest(**REQUEST), str(tmp_path / "s.sqlite"), now=now)
    assert result.to_dict()["run"]["new_windows"] == 2
