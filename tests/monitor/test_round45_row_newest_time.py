"""Round 45: a row window that ends on the target's newest time is held until a later time has
come. Before, it was counted as final; the next export appended a row of that same time, the
tie sorted it into the counted window, and every later run was refused "late or changed rows"
(only a new --store fixed it), though no row went back in time. Times that are dates alone
hit it on nearly every growing run."""

from __future__ import annotations

import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli

HEAD = "t,g,y,p\n"
FIRST = [
    "2024-01-01T00:00:01Z,a,1,1",
    "2024-01-01T00:00:02Z,b,0,1",
    "2024-01-01T00:00:03Z,a,1,0",
    "2024-01-01T00:00:04Z,b,1,1",
    "2024-01-01T00:00:05Z,a,0,0",
    "2024-01-01T00:00:05Z,b,1,1",
]
# the next export: a row of the last export's newest time first
NEXT = ["2024-01-01T00:00:05Z,a,0,0", "2024-01-01T00:00:06Z,b,0,0", "2024-01-01T00:00:07Z,a,1,1"]
THEN = ["2024-01-01T00:00:07Z,b,1,0", "2024-01-01T00:00:08Z,a,1,1", "2024-01-01T00:00:09Z,b,0,1"]


def _write(path, rows):
    path.write_text(HEAD + "\n".join(rows) + "\n")
    return str(path)


def _request(target, engine):
    return MonitorRequest(
        target=target, time="t", window="3", y_pred="p", y_true="y", protected=("g=a",),
        min_group_size=1, engine=engine,
    )  # fmt: skip


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_growing_file_with_a_tie_at_the_cut_runs_as_one_run_over_it(tmp_path, engine):
    feed, store = tmp_path / "feed.csv", tmp_path / "m.sqlite"
    first = run_monitor(_request(_write(feed, FIRST), engine), store, warn=False).to_dict()
    assert [w["window"] for w in first["windows"]] == [0]
    assert first["run"]["pending_windows"] == [1]  # full, but ends on the newest time
    # was: exit 2, "late or changed rows: window 1 ... group a of g: rows 1 → 2"
    second = run_monitor(_request(_write(feed, FIRST + NEXT), engine), store, warn=False)
    assert second.to_dict()["run"]["pending_windows"] == [2]
    rows = FIRST + NEXT + THEN
    two = run_monitor(_request(_write(feed, rows), engine), store, warn=False).to_dict()
    whole = _request(_write(tmp_path / "all.csv", rows), engine)
    one = run_monitor(whole, tmp_path / "one.sqlite", warn=False).to_dict()
    assert [w["window"] for w in two["windows"]] == [0, 1, 2]
    assert two["windows"] == one["windows"]
    assert two["comparisons"] == one["comparisons"]
    assert two["run"]["pending_windows"] == one["run"]["pending_windows"] == [3]


def test_the_command_line_says_why_a_full_window_is_held(tmp_path, capsys):
    feed, store = tmp_path / "feed.csv", tmp_path / "m.sqlite"
    argv = ["monitor", feed, "--time", "t", "--window", "3", "--y-pred", "p", "--y-true", "y",
            "--protected", "g", "--store", store, "--min-group-size", "1"]  # fmt: skip
    _write(feed, FIRST)
    rc, out, err = run_cli(capsys, *argv)
    assert rc == 0, err
    assert "1 new window(s) added, 1 held back" in out
    assert (
        "window 1 (2024-01-01T00:00:04Z to 2024-01-01T00:00:05Z, 3 rows): held back until it "
        "holds 3 rows and rows of a later time than its last have come" in out + err
    )
    _write(feed, FIRST + NEXT)
    rc, out, err = run_cli(capsys, *argv)
    assert rc == 0, err  # was 2: "late or changed rows: window 1 ... group a of g: rows 1 → 2"
    assert "1 new window(s) added, 1 already in the store (not counted again), 1 held back" in out
