"""Round 33 review (monitor): a ``--baseline-period`` that ends after the run's clock
(``2024-01-01..2099-01-01``: its tests would not start before 2099) is said once, by the run
that begins the store (was accepted without a word); a period that has ended is not."""

import datetime as dt

import pandas as pd

from ethiclens.cli import main
from ethiclens.monitor import MonitorRequest, run_monitor

ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)
SAID = (
    "--baseline-period 2024-01-01..2099-01-01 ends after this run's clock: the baseline tests "
    "start with the first window after 2099-01-01; until then its windows are pooled"
)


def _request(period: str) -> MonitorRequest:
    roles = dict(time="ts", window="1d", y_pred="p", protected=("g",))
    return MonitorRequest(target="rows.csv", baseline_period=period, **roles)


def test_a_period_after_the_clock_is_said_once(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    ROWS.to_csv("rows.csv", index=False)
    request = _request("2024-01-01..2099-01-01")
    # a Python caller's words (round 47: the command line's flag was pinned here)
    said = SAID.replace("--baseline-period", "baseline_period")
    assert said in run_monitor(request, "s.sqlite").to_dict()["run"]["notes"]
    assert said not in str(run_monitor(request, "s.sqlite").to_dict()["run"].get("notes"))
    args = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g"]
    period = ["--baseline-period", "2024-01-01..2099-01-01"]
    assert main(["monitor", "rows.csv", *args, *period, "--store", "c.sqlite"]) == 0
    assert SAID in capsys.readouterr().out  # the summary's notes


def test_a_period_that_has_ended_is_not_said(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ROWS.to_csv("rows.csv", index=False)
    ended = run_monitor(_request("2024-01-01..2024-01-01"), "a.sqlite").to_dict()["run"]
    assert "after this run's clock" not in str(ended.get("notes"))
    now = dt.datetime(2024, 1, 3, tzinfo=dt.UTC)  # the clock inside a period: said
    result = run_monitor(_request("2024-01-01..2024-01-05"), "b.sqlite", now=now)
    assert "after this run's clock" in result.to_dict()["run"]["notes"][-1]
