"""Progress of long work, one piece for every command and the sweep: a rich bar on a terminal,
plain lines elsewhere (a CI job, ``| tee log``, ``> log 2>&1``), where rich's bar would show
nothing until the work ends. A line gives the label, done/total, percent, elapsed time and ETA;
one at the start, one about every 5% and one at the end. Imports nothing of ours."""

from __future__ import annotations

import time
from contextlib import ExitStack, contextmanager

_STEPS = 20  # a plain line about every 100 / _STEPS percent


def duration(seconds: float) -> str:
    """Seconds in words a log reader takes in: ``42 s``, ``3 min 05 s``, ``2 h 07 min``."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


class _Lines:
    """Plain progress lines on ``console``: the first call, each 5% crossed, and the end."""

    def __init__(self, console, label: str, unit: str):
        self.console, self.label, self.unit = console, label, unit
        self.started = time.perf_counter()
        self.printed = None  # the (5% step, total) of the last line

    def __call__(self, done: int, total: int | None = None, detail: str = "") -> None:
        step = (done * _STEPS // total if total else done, total)  # the end is its own step
        if step != self.printed:  # results arrive in chunks: one line per 5% crossed
            self.printed = step
            line = self.line(done, total, detail)
            self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def line(self, done: int, total: int | None, detail: str = "") -> str:
        """``label: [done/total] unit done, detail, pct%, elapsed …, ETA …``."""
        elapsed = time.perf_counter() - self.started
        words = [f"{self.label}: [{done}/{'?' if total is None else total}] {self.unit} done"]
        words += [detail] if detail else []
        if total:
            words.append(f"{100 * done // total}%")
        words.append(f"elapsed {duration(elapsed)}")
        if total and done:
            words.append(f"ETA {duration(elapsed / done * (total - done))}")
        elif total:
            words.append("ETA unknown")
        return ", ".join(words)


def _bar(console, label: str, unit: str):
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()]
    columns += [TextColumn(unit), TaskProgressColumn(), TextColumn("· elapsed")]
    columns += [TimeElapsedColumn(), TextColumn("· ETA"), TimeRemainingColumn()]
    columns += [TextColumn("{task.fields[detail]}")]
    return Progress(*columns, console=console)


@contextmanager
def progress(console, label: str, unit: str = "steps"):
    """A callback ``(done, total=None, detail="")`` showing the work's progress on ``console``
    (rich's default console when None): a bar on a terminal, plain lines otherwise (a dumb
    terminal too, where rich's bar shows only at the end). Nothing is
    shown before the first call, so input refused before the work starts leaves no empty bar."""
    if console is None:
        from rich import get_console

        console = get_console()
    if not console.is_terminal or console.is_dumb_terminal:
        yield _Lines(console, label, unit)
        return
    with ExitStack() as stack:
        bar = task = None

        def update(done, total=None, detail=""):
            nonlocal bar, task
            if bar is None:
                bar = stack.enter_context(_bar(console, label, unit))
                task = bar.add_task(label, total=total, detail=detail)
            bar.update(task, completed=done, total=total, detail=detail)

        yield update
