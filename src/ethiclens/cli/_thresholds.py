"""``ethiclens thresholds``: rates and the DI/EO verdict per group over decision thresholds."""

from __future__ import annotations

import click

from ..errors import EthicLensInputError
from ._audit import _flag_error, _parse_protected, _positive_int


@click.command("thresholds")
@click.argument("target")
@click.option("--y-score", required=True, help="Score column, probabilities in [0, 1].")
@click.option("--y-true", help="Label column (without it: selection rate and DI only).")
@click.option(
    "--protected",
    multiple=True,
    metavar="COL[=REFERENCE]",
    help="Protected attribute, optionally with its reference group. Repeatable.",
)
@click.option(
    "--threshold",
    "audited",
    default=0.5,
    show_default=True,
    type=float,
    help="The threshold the audited predictions used (marked).",
)
@click.option("--step", default=0.05, show_default=True, type=float, help="Threshold step.")
@click.option("--pos-label", help="Value of --y-true that is positive, when not 0/1.")
@click.option(
    "--min-group-size", callback=_positive_int, metavar="N", help="As for audit (default 100)."
)
@click.option(
    "--min-labels", callback=_positive_int, metavar="N", help="As for audit (default 30)."
)
@click.option("--seed", default=0, show_default=True, help="Seed for the intervals.")
@click.option("--n-boot", default=1000, show_default=True, help="Interval draws.")
@click.option("--csv", "csv_out", type=click.Path(dir_okay=False), help="Write the table (CSV).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Write the table (JSON).")
@click.option("--plot", "png_out", type=click.Path(dir_okay=False), help="Write the plot (PNG).")
@click.option(
    "--html", "html_out", type=click.Path(dir_okay=False), help="Write an HTML report (plots)."
)
def thresholds_command(
    target,
    y_score,
    y_true,
    protected,
    audited,
    step,
    pos_label,
    min_group_size,
    min_labels,
    seed,
    n_boot,
    csv_out,
    json_out,
    png_out,
    html_out,
):
    """Rates and the DI/EO verdict per group as the decision threshold moves (a score file)."""
    from ..fairness import Policy, threshold_table
    from ..io import check_outputs, read_table, require_columns
    from ..report import (
        check_writable,
        write_atomic,
        write_threshold_html,
        write_threshold_png,
    )

    outputs = {"--csv": csv_out, "--json": json_out, "--plot": png_out, "--html": html_out}
    check_outputs(outputs, inputs=[target])
    for out in outputs.values():
        if out:
            check_writable(out)
    if not protected:
        raise EthicLensInputError(
            "needs at least one --protected", column="--protected", fix="e.g. --protected sex"
        )
    policy_args = {}
    if min_group_size is not None:
        policy_args["min_group_size"] = min_group_size
    if min_labels is not None:
        policy_args["min_label_count"] = min_labels
    frame = read_table(target)
    cols, refs = _parse_protected(protected, frame.columns)
    require_columns(frame, [c for c in (y_score, y_true) if c] + cols, target)
    flags = {"y_score": "--y-score", "y_true": "--y-true", "audited_threshold": "--threshold"}
    try:
        table = threshold_table(
            frame[y_true] if y_true else None,
            frame[y_score],
            frame[cols],
            audited_threshold=audited,
            step=step,
            reference=refs or None,
            policy=Policy(**policy_args),
            pos_label=pos_label,
            n_boot=n_boot,
            random_state=seed,
        )
    except EthicLensInputError as exc:
        exc = _flag_error(exc)
        column = flags.get(str(exc.column), "--step" if str(exc.column) == "step" else None)
        if column:
            exc = EthicLensInputError(exc.problem, column=column, value=exc.value, fix=exc.fix)
        raise exc from None
    _print(table)
    if csv_out:
        write_atomic(csv_out, table.to_csv())
        click.echo(f"wrote {csv_out}")
    if json_out:
        write_atomic(json_out, table.to_json())
        click.echo(f"wrote {json_out}")
    if png_out:
        write_threshold_png(table, png_out)
        click.echo(f"wrote {png_out}")
    if html_out:
        write_threshold_html(table, html_out)
        click.echo(f"wrote {html_out}")


def _print(table) -> None:
    v = table.verdicts()
    short = {
        "FLAGGED": "F",
        "INCONCLUSIVE": "?",
        "PASS": ".",
        "INSUFFICIENT_DATA": "n",
        "UNDEFINED": "u",
    }
    click.echo(
        f"EthicLens thresholds: {table.data['n_rows']:,} rows, "
        f"{len(table.config['thresholds'])} thresholds, audited {table.audited_threshold:g} (*)"
    )
    click.echo(
        "status per threshold: F flagged, ? inconclusive, . pass, n insufficient data, u undefined"
    )
    heads = [f"{t:g}{'*' if abs(t - table.audited_threshold) < 1e-12 else ''}" for t in v.columns]
    click.echo(" " * 30 + " ".join(f"{h:>5}" for h in heads))
    for (attr, group), statuses in v.iterrows():
        label = f"{attr}: {group}"[:29]
        click.echo(f"{label:<30}" + " ".join(f"{short.get(s, '-'):>5}" for s in statuses))
