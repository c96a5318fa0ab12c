"""Round 21: what the summary, the notes and the dashboard say.

* The summary names the group missing in each trailing ONE_GROUP window as the window's own
  ``reason`` does (B in window 1, A in window 2), not one side for all of them.
* A window held back (a 36500-day window on 2024 data) is named with its span and rows, and
  rows counted in held windows are not "no group counted yet".
* The dashboard shows the request as ``key: value`` lines, not a Python dict; a bad date of
  ``--baseline-period`` is named as such.
"""

import datetime as dt

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, render_html, run_monitor, summary_lines

NOW = dt.datetime(2024, 6, 1, tzinfo=dt.UTC)


def _day(day: int, groups=("A", "B")) -> pd.DataFrame:
    rng = np.random.default_rng(day)
    rows = []
    for g in groups:
        for s in rng.integers(0, 86400, 100):
            ts = pd.Timestamp("2024-01-01", tz="UTC") + pd.Timedelta(days=day, seconds=int(s))
            rows.append((ts.strftime("%Y-%m-%dT%H:%M:%SZ"), g, int(s % 2)))
    return pd.DataFrame(rows, columns=["ts", "g", "pred"])


def _request(target, window="1d", **kw):
    return MonitorRequest(target=target, time="ts", window=window, y_pred="pred",
                          protected=("g=A",), n_draws=100, **kw)  # fmt: skip


def _run(frame, store, tmp_path, name, **kw):
    path = tmp_path / f"{name}.csv"
    frame.to_csv(path, index=False)
    return run_monitor(_request(str(path), **kw), store, now=NOW).to_dict()


def test_the_summary_names_the_group_missing_in_each_window(tmp_path):
    store = tmp_path / "s.sqlite"
    _run(_day(0), store, tmp_path, "d0")
    _run(_day(1, ("A",)), store, tmp_path, "d1")  # no B
    doc = _run(_day(2, ("B",)), store, tmp_path, "d2")  # no A
    reasons = [h["reason"] for h in doc["comparisons"][0]["history"][1:]]
    assert reasons[0].startswith("the compared group") and reasons[1].startswith("the reference")
    said = "B has no rows in window 1, A in window 2 (ONE_GROUP)"
    assert f"  {said}" in summary_lines(doc)
    assert "A has no rows in windows 1 to 2" not in render_html(doc)
    assert said in render_html(doc)
    # one side in every trailing window: one span, as before
    doc = _run(_day(3, ("B",)), store, tmp_path, "d3")
    assert "  B has no rows in window 1, A in windows 2 to 3 (ONE_GROUP)" in summary_lines(doc)


def test_a_held_window_is_named_and_its_rows_are_not_no_group(tmp_path):
    frame = pd.concat([_day(d) for d in range(6)])
    doc = _run(frame, tmp_path / "s.sqlite", tmp_path, "all", window="36500d")
    assert doc["run"]["pending_windows"] == [0]
    notes = doc["run"]["notes"]
    assert not any("no group counted yet" in n for n in notes), notes
    assert any(
        n.startswith("window 0 (2024-01-01T00:00:00Z to 2123-12-08T00:00:00Z, 1,200 rows)")
        and "until it has ended" in n
        for n in notes
    ), notes
    assert any("1,200 rows are all in held-back windows" in n for n in notes), notes


def test_the_dashboard_shows_the_request_as_key_value_lines(tmp_path):
    store = tmp_path / "s.sqlite"
    _run(_day(0), store, tmp_path, "d0")
    html = render_html(_run(_day(1), store, tmp_path, "d1"))
    assert "'baseline_windows': None" not in html and "{&#x27;" not in html
    assert "window: 1d" in html and "- g=A" in html


@pytest.mark.parametrize(
    "period, said",
    [
        ("2024-13-01..2024-12-01", "'2024-13-01' is not a date"),
        ("2024-01-01..2024-02-30", "'2024-02-30' is not a date"),
        ("2024-12-01..2024-01-01", "START..END, the end not before the start"),
        ("2024-12-01", "must be two dates START..END"),
    ],
)
def test_a_bad_baseline_period_is_named(period, said, tmp_path):
    with pytest.raises(EthicLensInputError, match=said):
        _run(_day(0), tmp_path / "s.sqlite", tmp_path, "d0", baseline_period=period)
