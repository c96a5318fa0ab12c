"""Review of round 37's progress piece (c4e2f2bf, 527ac99d): ``ethiclens._progress``.

Found: on a dumb terminal (``TERM=dumb``: Emacs' shell, some CI runners give a tty with it) rich's
bar draws nothing until the work ends, the very silence the piece was made to end: an
``ethiclens oracle --repetitions 400`` under ``TERM=dumb`` in a pty showed nothing for its run,
then one bar line. It prints the plain lines there now. A known total of 0 read ``[0/?]``, as if
unknown: ``[0/0]`` now. The rest pins what the review checked: an interrupt on a terminal stops
the bar and shows the cursor again, one item's ETA, a resumed sweep with nothing left prints no
line, and population-bias's progress keeps off ``--json -``'s standard output.
"""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest
from rich.console import Console

from ethiclens._progress import progress
from ethiclens.experiments import _sweep  # sklearn's import (seconds) at collection, as others


def _console(terminal: bool, term: str = "xterm-256color"):
    out = io.StringIO()
    return out, Console(file=out, force_terminal=terminal, width=100, _environ={"TERM": term})


def test_a_dumb_terminal_gets_the_plain_lines_not_a_bar_shown_at_the_end():
    out, console = _console(True, "dumb")
    with progress(console, "oracle DI 0.8", "repetitions") as step:
        step(1, 4)
        first = out.getvalue()  # what the user saw while the work went on
        step(4, 4)
    assert first.startswith("oracle DI 0.8: [1/4] repetitions done, 25%, elapsed ")
    assert "━" not in out.getvalue() and "\x1b[" not in out.getvalue()


def test_a_known_total_of_zero_is_not_shown_as_unknown():
    out, console = _console(False)
    with progress(console, "pcer sweep", "runs") as step:
        step(0, 0, detail="0 failed")
        step(2)  # no total given: unknown
    assert out.getvalue().splitlines() == [
        "pcer sweep: [0/0] runs done, 0 failed, elapsed 0 s",
        "pcer sweep: [2/?] runs done, elapsed 0 s",
    ]


def test_one_item_its_eta_unknown_then_zero():
    out, console = _console(False)
    with progress(console, "oracle DI 0.8", "repetitions") as step:
        step(0, 1)
        step(1, 1)
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("[0/1] repetitions done, 0%, elapsed 0 s, ETA unknown")
    assert lines[1].endswith("[1/1] repetitions done, 100%, elapsed 0 s, ETA 0 s")


@pytest.mark.parametrize("terminal", [True, False])
def test_an_interrupt_mid_run_stops_the_bar_and_shows_the_cursor(terminal):
    out, console = _console(terminal)
    with pytest.raises(KeyboardInterrupt), progress(console, "p2nia adult", "tasks") as step:
        step(1, 4)
        raise KeyboardInterrupt
    text = out.getvalue()
    assert text.count("\x1b[?25l") == text.count("\x1b[?25h") == int(terminal)  # hidden, shown
    assert text.endswith("\x1b[?25h" if terminal else "25%, elapsed 0 s, ETA 0 s\n")
    assert not console._live_stack  # the next bar (oracle's next --di) may start


def test_a_resumed_sweep_with_every_run_done_prints_no_progress(monkeypatch):
    from types import SimpleNamespace

    out, console = _console(False)
    summary = _sweep.SweepSummary(total=4, skipped=4)
    store = SimpleNamespace(close=lambda: None)
    monkeypatch.setattr(_sweep, "_open_store", lambda grid, path: (store, [], summary, {}))
    monkeypatch.setattr(_sweep.SweepGrid, "check_data", lambda self: None)
    got = _sweep.run_sweep(_sweep.SweepGrid(seeds=[0, 1]), "s.db", console=console)
    assert got is summary and out.getvalue() == ""


def _fake_population(monkeypatch, refuse=False):
    import ethiclens.experiments as exp
    from ethiclens.errors import EthicLensInputError

    def cross_population(train, states, *, progress, **kwargs):
        if refuse:  # a refusal inside the library, before its first repetition
            raise EthicLensInputError("NE is not shipped", column="--audit-states")
        for rep in range(1, 3):
            progress(rep, 2)
        row = dict(train_state=train, audit_state="NE", reference_dp=0.1, blackbox_dp=0.2)
        return pd.DataFrame([row, row]).assign(abs_error=0.1, repetition=[0, 1])

    monkeypatch.setattr(exp, "cross_population", cross_population)
    monkeypatch.setattr(exp, "population_bias_document", lambda frame: {"rows": len(frame)})


def test_population_bias_progress_on_stderr_and_the_json_alone_on_stdout(monkeypatch):
    from click.testing import CliRunner

    from ethiclens.cli._main import cli

    _fake_population(monkeypatch)
    args = ["p2nia", "population-bias", "--repetitions", "2", "--json", "-"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"rows": 2}
    err = result.stderr.splitlines()
    assert err[0].startswith("population bias CO: [1/2] repetitions done, 50%, elapsed ")
    assert err[1].startswith("population bias CO: [2/2] repetitions done, 100%, elapsed ")
    assert err[2].startswith("model trained in CO, audited with NE's records: ")


@pytest.mark.parametrize("refuse", ["flag", "library"])
def test_population_bias_refused_before_work_prints_no_progress(monkeypatch, refuse):
    from click.testing import CliRunner

    from ethiclens.cli._main import cli
    from ethiclens.errors import EthicLensInputError

    _fake_population(monkeypatch, refuse=refuse == "library")
    reps = "0" if refuse == "flag" else "2"
    result = CliRunner().invoke(cli, ["p2nia", "population-bias", "--repetitions", reps])
    assert isinstance(result.exception, EthicLensInputError)  # main() prints it, exit 2
    assert result.output == ""  # no bar, no progress line
