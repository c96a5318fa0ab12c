"""A PCER result as the terminal shows it: tables of cells and lines of text.

The library decides what is shown and how each number reads; a face (the CLI) only draws the
blocks. Text is in console markup (``[dim]…[/dim]``, ``[bold]…[/bold]``), which a plain
renderer can strip. The user's text in it (group names, paths, reasons that quote them) is
escaped, so a group named ``[bold]A`` or ``[/x]`` reads literally and never breaks a render.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.markup import escape
from rich.table import Table

from .._secrets import mask_secrets
from .._text import one_line, spaced_name
from ..fairness import REPORTED

CELLS_METHOD = "Jeffreys–Dirichlet draws of each group's cells"
GROUP_COLUMNS = (
    "group",
    "n train",
    "n test",
    "acc train",
    "acc test",
    "δ [95% CI]",
    "R (pos. rate) [95% CI]",
    "PCER [95% CI]",
    "status",
)
FLOOR_COLUMNS = ("η", "ΔPCER / dispersion", "floor-dominated", "= DP-Gap/η")
MIA_COLUMNS = ("group", "AUC", "advantage", "Yeom adv. (acc gap)", "bound δ", "status")
IDENTITY_CHECK = {None: "—", True: "verified", False: "NO"}


@dataclass(frozen=True)
class TextTable:
    """A titled table of text cells (one tuple of strings per row)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _fmt(x, spec=".4f") -> str:
    undefined = x is None or (isinstance(x, float) and not math.isfinite(x))
    return "—" if undefined else format(x, "z" + spec)


def _end(x, spec="+z.2f") -> str:
    """An interval's end; a null one (unbounded or undefined) reads —, as in the JSON."""
    return "—" if x is None else format(x, spec)


def _markup(text: str) -> str:
    """``text`` as console markup that prints it as written, alone in a cell or before plain
    text (never before a tag): rich's ``escape`` adds a backslash to a trailing one for a tag
    that would follow, which printed where none does (the group ``x\\`` read ``x\\\\``, as the
    group ``x\\\\`` does). A line break in it (a group 'a\\nb') reads ``\\n``, as the audit
    writes it (:func:`~ethiclens._text.one_line`): a name never splits a row or a sentence.
    A password in it (a group named like ``postgresql://u:pw@h/db``) reads ``***``, as the
    audit's terminal report shows it (:func:`~ethiclens._secrets.mask_secrets`)."""
    return escape(f"{one_line(mask_secrets(text))} ")[:-1]


def with_ci(est, spec=".4f") -> str:
    """A statistic as a cell: value [low, high], greyed with its status when not reported."""
    if est.value is None:
        return f"[dim]— ({est.status})[/dim]"
    text = format(est.value, spec)
    if est.status != REPORTED:
        return f"[dim]{text} ({est.status})[/dim]"
    if est.ci_low is None and est.ci_high is None:
        return text
    # one end missing (null: unbounded or undefined) reads —, as the JSON's null
    return f"{text} [{_end(est.ci_low, spec)}, {_end(est.ci_high, spec)}]"


def group_table(result, title: str) -> TextTable:
    """Per group: rows, accuracies, δ_g, R_g and PCER_g with their intervals, status."""
    rows = tuple(
        (
            _markup(spaced_name(g.group)),
            str(g.n_train),
            str(g.n_test),
            _fmt(g.acc_train),
            _fmt(g.acc_test),
            with_ci(g.estimates["delta"]),
            with_ci(g.estimates["positive_rate"]),
            with_ci(g.estimates["pcer"], ".2f"),
            g.status,
        )
        for g in result.groups
    )
    heading = f"{_markup(title)} — 95% intervals from {CELLS_METHOD} ({result.n_boot} draws)"
    return TextTable(heading, GROUP_COLUMNS, rows)


def headline_line(result) -> str:
    """ΔPCER (two groups) or the dispersion, with its interval or why it is not headlined."""
    order = " − ".join(f"PCER_{_markup(str(g))}" for g in result.group_order[:2])
    stats = result.estimates
    gaps = f"DP-Gap = {with_ci(stats['dp_gap'])}; EO-Gap = {with_ci(stats['eo_gap'])}"
    head = result.headline
    name = (
        f"ΔPCER (η = {result.eta:g}, {order})"
        if len(result.group_order) == 2
        else f"PCER dispersion (η = {result.eta:g})"
    )
    if head.status == REPORTED:
        ends = (head.ci_low, head.ci_high)
        ci = f" [95% CI {_end(ends[0])}, {_end(ends[1])}]"
        ci = " [no 95% CI: see the notes]" if ends == (None, None) else ci  # too few draws
        return f"{name} = [bold]{head.value:+z.2f}[/bold]{ci}; {gaps}"
    shown = "" if head.value is None else f"; value {head.value:+z.2f} shown for reference only"
    return f"[dim]{name} {_markup(str(head.reason))} ({head.status}{shown})[/dim]; {gaps}"


def floor_table(result) -> TextTable:
    """ΔPCER (or the dispersion) at each floor constant η, and the DP-Gap/η identity check."""
    rows = tuple(
        (
            f"{f.eta:g}",
            f"{f.delta_pcer if f.delta_pcer is not None else f.dispersion:+z.2f}",
            "yes" if f.floor_dominated else "no",
            IDENTITY_CHECK[f.equals_dp_gap_over_eta],
        )
        for f in result.floor
    )
    return TextTable("floor sensitivity", FLOOR_COLUMNS, rows)


def _attack_row(a) -> tuple[str, ...]:
    """One group's attack: its values, or "—" with its status where they are withheld."""
    if a.status != REPORTED:
        withheld = f"[dim]— ({a.status})[/dim]"
        reason = f"{a.status}: {_markup(str(a.reason))}"
        return (_markup(spaced_name(a.group)), *[withheld] * 4, reason)
    return (
        _markup(spaced_name(a.group)),
        f"{a.auc:.4f}",
        f"{a.advantage:+z.4f}",
        f"{a.yeom_advantage:+z.4f}",
        f"{a.delta:.4f}",
        a.status,
    )


def _agreement(mia) -> str:
    """``sign_agrees`` in words: undefined (—) where either ΔPCER is missing or 0 (no sign)."""
    if mia.sign_agrees is not None:
        return str(mia.sign_agrees)
    if mia.delta_pcer is None:
        return "— (no ΔPCER^δ to compare)"
    return "— (undefined: a ΔPCER of 0 has no sign)"


def mia_blocks(mia) -> list:
    """The threshold attack's table and, for two groups, ΔPCER^MIA (withheld, and said so,
    when a group is below the floor)."""
    rows = tuple(_attack_row(a) for a in mia.groups)
    blocks = [TextTable("threshold membership-inference attack (score = −loss)", MIA_COLUMNS, rows)]
    small = [_markup(spaced_name(a.group)) for a in mia.groups if a.status != REPORTED]
    if mia.delta_pcer_mia is not None:
        agrees = f"sign agrees with ΔPCER^δ: {_agreement(mia)}"
        blocks.append(f"ΔPCER^MIA = {mia.delta_pcer_mia:+z.2f}; {agrees}")
    elif small and len(mia.group_order) == 2:
        blocks.append(f"[dim]ΔPCER^MIA withheld: group(s) {', '.join(small)} below the floor[/dim]")
    return blocks


def pcer_summary(result, title: str) -> list:
    """Every block of a PCER result in order: :class:`TextTable` or a line of text."""
    blocks = [group_table(result, title), headline_line(result), floor_table(result)]
    blocks.append(_markup(result.interpretation))
    if result.mia is not None:
        blocks += mia_blocks(result.mia)
    blocks += [f"note: {_markup(note)}" for note in result.notes]
    blocks.append(f"[yellow]note:[/yellow] {_markup(result.note)}")
    return blocks


def print_summary(blocks, console) -> None:
    """Draw summary blocks (:meth:`PCERResult.summary`) on a rich ``console``: each
    :class:`TextTable` as a table, each line as console markup."""
    for block in blocks:
        if isinstance(block, str):
            console.print(block)
            continue
        table = Table(title=block.title)
        for column in block.columns:
            table.add_column(column)
        for row in block.rows:
            table.add_row(*row)
        console.print(table)
