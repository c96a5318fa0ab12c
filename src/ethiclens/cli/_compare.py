"""``ethiclens compare``: two models' predictions on the same rows, B − A with paired intervals.

Flags (and --config) -> AuditSpec -> ``ethiclens.spec.run_compare`` -> print/write; every
target and policy option of ``audit`` works here too, and ``--fail-on`` gates a release (is
candidate B worse than production A?).
"""

from __future__ import annotations

import click

from ._options import spec_command


def print_comparison(result, to_stderr: bool = False) -> None:
    """Plain-text summary: one line per comparison with DI and EO under A, B and B − A."""
    from functools import partial

    from ..report import format_number as fmt

    echo = partial(click.echo, err=to_stderr)

    a, b = result.names
    cfg = result.config
    echo(
        f"EthicLens compare: {b} vs {a} on the same {result.data['n_rows']:,} rows, "
        f"{cfg['n_boot']} {'paired' if cfg['paired'] else 'unpaired'} draws, seed "
        f"{cfg['random_state']}"
    )
    for v in result.verdicts:
        echo(f"{v.attribute}: {v.group} vs {v.reference}: {v.status_a} -> {v.status_b}")
        for d in result.differences:
            if (d.attribute, d.group) != (v.attribute, v.group):
                continue
            if d.metric not in ("disparate_impact", "equalized_odds_difference"):
                continue
            m = d.difference
            ci_text = (
                f"[{fmt(m.ci_low)}, {fmt(m.ci_high)}]"
                if m.ci_low is not None
                else "(below the sample floor: no interval)"
            )
            echo(
                f"  {d.metric}: {a} {fmt(d.value_a)}, {b} {fmt(d.value_b)}, "
                f"{b} - {a} {fmt(m.value)} {ci_text}"
            )
    changed = result.changed
    echo(
        f"verdicts changed: {len(changed)} of {len(result.verdicts)}"
        + (": " + ", ".join(f"{v.attribute}:{v.group}" for v in changed) if changed else "")
    )


compare_command = spec_command(
    "compare",
    print_comparison,
    "Compare two models on the same rows: B − A for every metric, paired intervals.",
)
