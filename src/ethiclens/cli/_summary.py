"""A readable terminal summary of an audit (rich tables)."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.table import Table

from ..report._audit_report import fmt
from ..report._audit_report import fmt_estimate as fmt_ci

STATUS_STYLE = {"FLAGGED": "bold red", "INCONCLUSIVE": "yellow", "PASS": "green",
                "INSUFFICIENT_DATA": "dim", "UNDEFINED": "dim"}


def print_summary(result, console: Console | None = None) -> None:
    # Piped output gets a wide, fixed layout instead of rich's 80-column default.
    console = console or (Console() if sys.stdout.isatty() else Console(width=160))
    cfg = result.config
    meaning = "favourable" if cfg["positive_is_favorable"] else "harmful"
    console.print(f"[bold]EthicLens audit[/bold] — {result.data['n_rows']:,} rows, "
                  f"positive label is {meaning}, {cfg['n_boot']} bootstrap replicates "
                  f"({cfg['ci_method']}), seed {cfg['random_state']}")
    for attr in result.attributes:
        console.print(f"[bold]{attr.name}[/bold]: reference group [cyan]{attr.reference}[/cyan] "
                      f"({attr.reference_source})")
    table = Table(show_lines=False)
    for col in ("comparison", "n (group/ref)", "DI [95% CI]", "EO diff [95% CI]", "FPR bal.",
                "status", "why"):
        table.add_column(col)
    for c in result.comparisons:
        eo = c.metrics.get("equalized_odds_difference")
        fpr = c.metrics.get("fpr_balance")
        why = c.flag_reason or next((m.reason for m in c.metrics.values()
                                     if m.status in ("INSUFFICIENT_DATA", "INCONCLUSIVE")), "")
        table.add_row(f"{c.attribute}: {c.group} vs {c.reference}",
                      f"{c.n['group']}/{c.n['reference']}",
                      fmt_ci(c.metrics["disparate_impact"]), fmt_ci(eo),
                      fmt(fpr.value) if fpr else "—",
                      f"[{STATUS_STYLE.get(c.status, '')}]{c.status}[/]", why or "")
    console.print(table)
    for h, label in ((result.composite, "Composite bias score"),
                     (result.min_disparate_impact, "Minimum DI")):
        if h.withheld:
            console.print(f"{label}: [yellow]withheld[/yellow] — {h.withheld_reason}")
        else:
            band = f" ({h.band})" if h.band else ""
            console.print(f"{label}: [bold]{h.value:.4f}[/bold]{band} at {h.comparison}")
    flagged = [c.key for c in result.flagged]
    console.print(f"Flagged: {', '.join(flagged) if flagged else 'none'}")
