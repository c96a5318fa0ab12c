"""A readable terminal summary of an audit: the report's rich renderables, printed."""

from __future__ import annotations

from rich.console import Console


def print_summary(result, console: Console | None = None) -> None:
    """Print :func:`ethiclens.report.terminal_summary` of ``result`` to ``console``."""
    # Piped output gets a wide, fixed layout instead of rich's 80-column default; user text
    # (group and attribute names) is made terminal-safe by the console.
    from .._text import safe_console
    from ..report import terminal_summary

    console = console or safe_console()
    for part in terminal_summary(result):
        console.print(part)
