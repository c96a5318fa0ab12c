"""``ethiclens thresholds``: rates and the DI/EO verdict per group over decision thresholds.

Flags (and --config) -> AuditSpec -> ``ethiclens.spec.run_thresholds`` -> print/write; every
target and policy option of ``audit`` works here too.
"""

from __future__ import annotations

import click

from ._options import spec_command


def _print(table, to_stderr: bool = False) -> None:
    from functools import partial

    echo = partial(click.echo, err=to_stderr)
    v = table.verdicts()
    short = {
        "FLAGGED": "F",
        "INCONCLUSIVE": "?",
        "PASS": ".",
        "INSUFFICIENT_DATA": "n",
        "UNDEFINED": "u",
    }
    echo(
        f"EthicLens thresholds: {table.data['n_rows']:,} rows, "
        f"{len(table.config['thresholds'])} thresholds, audited {table.audited_threshold:g} (*)"
    )
    echo(
        "status per threshold: F flagged, ? inconclusive, . pass, n insufficient data, u undefined"
    )
    heads = [f"{t:g}{'*' if abs(t - table.audited_threshold) < 1e-12 else ''}" for t in v.columns]
    echo(" " * 30 + " ".join(f"{h:>5}" for h in heads))
    for (attr, group), statuses in v.iterrows():
        label = f"{attr}: {group}"[:29]
        echo(f"{label:<30}" + " ".join(f"{short.get(s, '-'):>5}" for s in statuses))


thresholds_command = spec_command(
    "thresholds",
    _print,
    "Rates and the DI/EO verdict per group as the decision threshold moves (a score file).",
)
