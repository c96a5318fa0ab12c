"""Long work shows progress off a terminal too (round 37, Q).

Before: ``ethiclens oracle``, ``p2nia experiment`` and ``p2nia population-bias`` drew a rich bar,
which shows nothing when the output is not a terminal (a CI job, ``| tee log``): a 60-repetition
oracle piped printed its only progress line, at 100%, after 4.4 s of silence. Now one piece
(``ethiclens._progress``) draws the bar on a terminal and prints plain lines elsewhere (label,
done/total, percent, elapsed, ETA: at the start, about every 5%, at the end), as ``pcer sweep``
did alone; the sweep uses it too.
"""

from __future__ import annotations

import io
import json
from types import SimpleNamespace

import pytest
from rich.console import Console

from ethiclens import _progress
from ethiclens._progress import duration, progress


@pytest.fixture
def clock(monkeypatch):
    """A fake clock: ``clock.now`` seconds since the work began."""
    fake = SimpleNamespace(now=0.0)
    monkeypatch.setattr(_progress.time, "perf_counter", lambda: fake.now)
    return fake


def _log():
    out = io.StringIO()
    return out, Console(file=out, force_terminal=False, width=60)


def test_off_a_terminal_a_line_at_the_start_every_5_percent_and_the_end(clock):
    out, console = _log()
    with progress(console, "p2nia adult", "tasks") as step:
        for done in range(201):
            clock.now = done * 0.5  # 0.5 s a task
            step(done, 200)
    lines = out.getvalue().splitlines()
    assert len(lines) == 21  # 0%, 5%, ..., 100%: not one line per task, none wrapped at 60
    assert lines[0] == "p2nia adult: [0/200] tasks done, 0%, elapsed 0 s, ETA unknown"
    assert lines[1] == "p2nia adult: [10/200] tasks done, 5%, elapsed 5 s, ETA 1 min 35 s"
    assert lines[-1] == "p2nia adult: [200/200] tasks done, 100%, elapsed 1 min 40 s, ETA 0 s"


def test_chunks_print_once_per_step_crossed_and_the_end_once(clock):
    out, console = _log()
    with progress(console, "pcer sweep", "runs") as step:
        for done in (3, 3, 4, 9, 10, 10):  # results arrive in chunks; the end reported twice
            clock.now += 2
            step(done, 10, detail="0 failed")
    lines = out.getvalue().splitlines()
    assert [line.split(" done")[0] for line in lines] == [
        "pcer sweep: [3/10] runs",
        "pcer sweep: [4/10] runs",
        "pcer sweep: [9/10] runs",
        "pcer sweep: [10/10] runs",
    ]
    assert lines[1] == "pcer sweep: [4/10] runs done, 0 failed, 40%, elapsed 6 s, ETA 9 s"


def test_on_a_terminal_a_bar_and_no_log_lines():
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    with progress(console, "oracle DI 0.8", "repetitions") as step:
        for done in range(1, 5):
            step(done, 4)
    text = out.getvalue()
    assert "oracle DI 0.8" in text and "4/4" in text and "━" in text  # rich's bar
    assert "repetitions done" not in text


@pytest.mark.parametrize("terminal", [True, False])
def test_nothing_is_shown_before_the_first_step(terminal):
    out = io.StringIO()
    with progress(Console(file=out, force_terminal=terminal), "DI 0.6"):
        pass  # input refused before any work: no empty bar, no line
    assert out.getvalue() == ""


def test_durations_in_words():
    assert [duration(s) for s in (0.4, 59.4, 61, 3599, 7620)] == [
        "0 s",
        "59 s",
        "1 min 01 s",
        "59 min 59 s",
        "2 h 07 min",
    ]


def test_oracle_through_a_pipe_prints_its_progress_on_stderr_and_json_on_stdout():
    from click.testing import CliRunner

    from ethiclens.cli._main import cli

    args = ["oracle", "--n", "500", "--repetitions", "3", "--n-boot", "100", "--di", "0.8"]
    result = CliRunner().invoke(cli, [*args, "--json", "-"])
    assert result.exit_code == 0, result.output
    err = result.stderr.splitlines()
    assert err[0].startswith("oracle DI 0.8: [1/3] repetitions done, 33%, elapsed ")
    assert "oracle DI 0.8: [3/3] repetitions done, 100%, elapsed " in err[2]
    assert "repetitions done" not in result.stdout
    assert json.loads(result.stdout)  # standard output holds the report alone


def test_a_sweep_off_a_terminal_prints_its_lines_with_the_failed_count(clock):
    """pcer sweep's lines, now from the same piece: as before ('[k/N] runs done, F failed,
    elapsed, ETA'), with its label and percent, and a line at the start."""
    from ethiclens.experiments._sweep import SweepSummary, _run_pending

    def result(seed, status):
        run = SimpleNamespace(status=status, dataset="toy", epsilon=1.0, seed=seed, error="x")
        return SimpleNamespace(run=run, warnings=[])

    class Executor:
        def map_unordered(self, fn, tasks):
            for t in tasks:  # a task's results arrive together, 3 s after the last
                clock.now += 3
                yield [result(s, "failed" if s == 3 else "done") for s in t.seeds]

    tasks = [SimpleNamespace(size=2, seeds=[2 * i, 2 * i + 1]) for i in range(5)]
    recorded = []
    store = SimpleNamespace(record=recorded.append)
    summary = SweepSummary(total=10, skipped=0)
    out, console = _log()
    grid = SimpleNamespace(trainer="vectorized")
    _run_pending(grid, tasks, Executor(), store, summary, True, console)
    lines = out.getvalue().splitlines()
    assert len(recorded) == 10 and summary.completed == 9 and len(lines) == 11
    assert lines[0] == "pcer sweep: [0/10] runs done, 0 failed, 0%, elapsed 0 s, ETA unknown"
    assert lines[4] == "pcer sweep: [4/10] runs done, 1 failed, 40%, elapsed 6 s, ETA 9 s"
    assert lines[-1] == "pcer sweep: [10/10] runs done, 1 failed, 100%, elapsed 15 s, ETA 0 s"


def test_a_sweep_without_progress_prints_nothing():
    from ethiclens.experiments._sweep import SweepSummary, _run_pending

    out, console = _log()
    executor = SimpleNamespace(map_unordered=lambda fn, tasks: iter(()))
    summary = SweepSummary(total=0, skipped=0)
    _run_pending(SimpleNamespace(trainer="vectorized"), [], executor, None, summary, False, console)
    assert out.getvalue() == ""
