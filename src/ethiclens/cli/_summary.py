"""A readable terminal summary of an audit (rich tables)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..report import (
    below_floor,
    changes_sentence,
    di_rule_sentence,
    disadvantaged_note,
    largest_disparity,
    largest_disparity_note,
    verdict_sentence,
    withheld_hint,
)
from ..report import format_estimate as fmt_estimate
from ..report import format_number as fmt

STATUS_STYLE = {
    "FLAGGED": "bold red",
    "INCONCLUSIVE": "yellow",
    "PASS": "green",
    "INSUFFICIENT_DATA": "dim",
    "UNDEFINED": "dim",
}


def fmt_cell(m) -> str:
    """Rich markup for one estimate: below the floor greyed, with the reason and no interval."""
    text = escape(fmt_estimate(m))
    return f"[dim]{text}[/dim]" if below_floor(m) else text


def _why(c) -> str:
    """The flag reason, else why a policy metric was not judged (below-floor reasons are already
    in their cells)."""
    if c.flag_reason:
        return c.flag_reason
    return next(
        (
            m.reason
            for m in c.metrics.values()
            if m.status in ("INCONCLUSIVE", "UNDEFINED") and m.reason
        ),
        "",
    )


def print_summary(result, console: Console | None = None) -> None:
    # Piped output gets a wide, fixed layout instead of rich's 80-column default; user text
    # (group and attribute names) is made terminal-safe by the console.
    from .._text import safe_console

    console = console or safe_console()
    cfg = result.config
    meaning = "favourable" if cfg["positive_is_favorable"] else "harmful"
    console.print(
        f"[bold]EthicLens audit[/bold] — {result.data['n_rows']:,} rows, "
        f"positive label is {meaning}, {cfg['n_boot']} interval draws "
        f"({cfg['ci_method']}), seed {cfg['random_state']}"
    )
    console.print(escape(di_rule_sentence(cfg["policy"])))
    if cfg.get("weighted"):
        console.print(
            "Weighted: estimates use the sample weights; floors count Kish effective rows."
        )
    suppressed = (result.data.get("provenance") or {}).get("min_cell_suppression")
    if suppressed:
        console.print(escape(f"Counts table: {_suppression(suppressed)}"))
    for attr in result.attributes:
        console.print(
            f"[bold]{escape(attr.name)}[/bold]: reference group "
            f"[cyan]{escape(attr.reference)}[/cyan] ({escape(attr.reference_source)})"
        )
    table = Table(show_lines=False)
    for col in (
        "comparison",
        "n (group/ref)",
        "DI [95% CI]",
        "EO diff [95% CI]",
        "FPR bal.",
        "status",
        "why",
    ):
        table.add_column(col)
    for c in result.comparisons:
        eo = c.metrics.get("equalized_odds_difference")
        fpr = c.metrics.get("fpr_balance")
        table.add_row(
            escape(f"{c.attribute}: {c.group} vs {c.reference}"),
            f"{c.n['group']}/{c.n['reference']}",
            fmt_cell(c.metrics["disparate_impact"]),
            fmt_cell(eo),
            (f"[dim]{fmt(fpr.value)}[/dim]" if below_floor(fpr) else fmt(fpr.value))
            if fpr
            else "—",
            f"[{STATUS_STYLE.get(c.status, '')}]{c.status}[/]",
            escape(_why(c)),
        )
    console.print(table)
    changes = changes_sentence(cfg)
    if changes:
        console.print(f"[bold]{escape(changes)}[/bold]")
    for h, label in (
        (result.composite, "Composite bias score"),
        (result.min_disparate_impact, "Minimum DI"),
    ):
        if h.withheld:
            console.print(f"{label}: [yellow]withheld[/yellow] — {escape(h.withheld_reason)}")
        else:
            band = f" ({h.band})" if h.band else ""
            console.print(f"{label}: [bold]{h.value:.4f}[/bold]{band} at {escape(h.comparison)}")
    hint = withheld_hint(result, cli=True)
    if hint:
        console.print(f"[yellow]{escape(hint)}[/yellow]")
    largest = largest_disparity(result)
    if not cfg["positive_is_favorable"] and largest is not None:
        # A harmful label's minimum DI points at the group given the harm less often.
        c, unjudged = largest
        console.print(
            f"Largest disparity: [bold]DI {c.metrics['disparate_impact'].value:.3f}[/bold] at "
            f"{escape(c.key)} — {escape(largest_disparity_note(result, c, unjudged))}"
        )
    flagged = [f"{c.key} vs {c.reference}{disadvantaged_note(c)}" for c in result.flagged]
    console.print(f"Flagged: {escape(', '.join(flagged)) if flagged else 'none'}")
    console.print(escape(verdict_sentence(result)))


def _suppression(record) -> str:
    """One line from the counts table's ``--min-cell`` record."""
    if not isinstance(record, dict):
        return str(record)
    keys = ("min_cell", "cells_dropped", "rows_dropped", "rows_kept")
    if all(k in record for k in keys):
        return (
            f"--min-cell {record['min_cell']} dropped {record['cells_dropped']} cells "
            f"({record['rows_dropped']:,} rows; {record['rows_kept']:,} kept): those rows are "
            "missing from every group they belong to."
        )
    return ", ".join(f"{k} = {v}" for k, v in record.items())
