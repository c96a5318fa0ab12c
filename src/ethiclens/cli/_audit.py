"""``ethiclens audit``: flags (and --config) -> AuditSpec -> ``ethiclens.run`` -> print/write.

Loading the target, editing groups, building the policy and deciding the gate all live in the
library (``ethiclens.spec``, ``ethiclens.fairness``); this module only parses and prints.
"""

from __future__ import annotations

import click

from ..datasets import names
from ._options import SpecRequest, execute, lines_of, read_at_run_time, spec_options


def _help() -> str:
    """The benchmarks an audit takes, and those it does not, read from the dataset registry
    (the first line is cli._main's table, shown by ``ethiclens --help`` unloaded); pcer train
    named only where it takes the dataset."""
    pcer = names("pcer")
    others = [
        f"{n}: not audited" + (f", see ethiclens pcer train {n}" if n in pcer else "")
        for n in names()
        if n not in names("audit")
    ]
    said = f" ({'; '.join(others)})" if others else ""
    return (
        "Audit TARGET: a benchmark, a CSV/Parquet/JSON file, folder or glob.\n\n"
        f"Benchmarks: {', '.join(names('audit'))}{said}."
    )


class _LiveHelpCommand(click.Command):
    """A command whose help is ``_help()``, read from the registry at ``--help`` time (a
    dataset registered after this module was imported is listed too)."""

    help = read_at_run_time(lambda self: _help())


def print_audit(result, to_stderr: bool = False) -> None:
    """The report's terminal summary (user text made terminal-safe by the console; piped
    output gets a wide, fixed layout instead of rich's 80-column default)."""
    from .._text import safe_console
    from ..fairness import GateOutcome
    from ..report import terminal_summary

    console = safe_console(stderr=to_stderr)
    for part in terminal_summary(result):
        console.print(part)
    gated = (result.run or {}).get("gate")  # a failed gate's notes: a passed one says them
    outcome = GateOutcome.from_dict(gated, result) if gated else None
    for note in outcome.notes if outcome and not outcome.passed else ():
        click.echo(outcome.shown(f"gate note: {note}"), err=True)


@click.command("audit", cls=_LiveHelpCommand)
@click.argument("target", required=False)
@spec_options("audit")
def audit_command(target, **_flags):
    request = SpecRequest(click.get_current_context(), target)
    if len(request.spec.roles.y_pred) == 2:  # the library refuses what a comparison does not use
        return execute(request, "compare", lines_of("comparison_summary"))
    return execute(request, "audit", print_audit)
