"""``ethiclens monitor``: per-window counts of a target with a time column and anytime-valid
fairness evidence, kept in a SQLite store between runs."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import click

from ..errors import EthicLensInputError

DEFAULT_STORE = "ethiclens-monitor.sqlite"


class AlarmRaised(click.ClickException):
    """``--fail-on alarm`` held: exit 1 after every output was written."""

    exit_code = 1

    def show(self, file=None):
        click.echo(self.message, err=True)


def _write(path: str, text: str) -> None:
    """Write whole or not at all (a temporary file in the same folder, then a rename)."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@click.command("monitor")
@click.argument("target", metavar="TARGET")
@click.option(
    "--time",
    "time_col",
    required=True,
    metavar="COL",
    help="Time column (ISO 8601; without an offset UTC is assumed).",
)
@click.option(
    "--window",
    required=True,
    metavar="1d|7d|30d|N",
    help="Window: K days (UTC) or N rows in time order.",
)
@click.option("--y-pred", required=True, metavar="COL", help="Prediction column (0/1).")
@click.option("--y-true", metavar="COL", help="Label column (0/1): adds the EO test and TPR/FPR.")
@click.option(
    "--protected",
    multiple=True,
    required=True,
    metavar="COL[=REFERENCE]",
    help="Protected attribute, optionally with its reference group (default: the "
    "largest group of the first run). Repeatable.",
)
@click.option("--weight", metavar="COL", help="Not supported by the monitor yet (refused).")
@click.option(
    "--store",
    "store",
    default=DEFAULT_STORE,
    show_default=True,
    metavar="PATH",
    help="SQLite store of the windows, the evidence and the alarms.",
)
@click.option(
    "--alpha",
    type=float,
    default=0.05,
    show_default=True,
    help="Alarm when an e-value reaches 1/alpha (false-alarm chance at most alpha, "
    "however often anyone looks).",
)
@click.option(
    "--di-threshold",
    type=float,
    default=0.8,
    show_default=True,
    help="The DI band [t, 1/t] of the null.",
)
@click.option(
    "--eo-threshold",
    type=float,
    default=0.1,
    show_default=True,
    help="The largest TPR/FPR gap of the null.",
)
@click.option(
    "--min-group-size",
    type=int,
    default=100,
    show_default=True,
    help="Rows per group for a window's DI interval.",
)
@click.option(
    "--min-labels",
    type=int,
    default=30,
    show_default=True,
    help="Positive and negative labels per group for a window's TPR/FPR intervals.",
)
@click.option(
    "--engine",
    type=click.Choice(["auto", "duckdb", "pandas"]),
    default="auto",
    show_default=True,
    help="Who counts the files.",
)
@click.option(
    "--hold-last",
    is_flag=True,
    help="Do not process the newest window yet (it may still be filling).",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the window intervals' draws."
)
@click.option(
    "--n-boot", type=int, default=1000, show_default=True, help="Draws per window interval."
)
@click.option(
    "--json", "json_out", metavar="PATH", help="Write the JSON report ('-': standard output)."
)
@click.option("--html", "html_out", metavar="PATH", help="Write the HTML dashboard.")
@click.option(
    "--fail-on",
    type=click.Choice(["never", "alarm"]),
    default="never",
    show_default=True,
    help="alarm: exit 1 (after writing) when any test alarms.",
)
def monitor_command(target, time_col, window, y_pred, y_true, protected, weight, store, alpha,
                    di_threshold, eo_threshold, min_group_size, min_labels, engine, hold_last,
                    seed, n_boot, json_out, html_out, fail_on):  # fmt: skip
    """Watch a deployed model over time: per-window counts and anytime-valid fairness evidence.

    TARGET is a CSV/Parquet file, a glob or a folder of files with a time column. Each run adds
    the windows after the store's last one (a window already counted is never counted twice;
    late rows for a processed window are refused) to betting tests whose null is the policy's
    band (DI inside [t, 1/t]; TPR and FPR gaps at most the EO threshold) and to confidence
    sequences. See docs/monitoring.md.
    """
    from ..io import check_outputs
    from ..monitor import MonitorRequest, render_html, run_monitor, summary_lines

    if weight:
        raise EthicLensInputError(
            "the monitor's evidence is unweighted: weighted (inverse-propensity) evidence is "
            "not implemented yet",
            column="--weight",
            value=weight,
            fix="drop --weight (and say in your report that rows were counted unweighted)",
        )
    outputs = {"--json": None if json_out == "-" else json_out, "--html": html_out}
    check_outputs({**outputs, "--store": store}, inputs=[target])
    request = MonitorRequest(
        target=target,
        time=time_col,
        window=window,
        y_pred=y_pred,
        y_true=y_true,
        protected=tuple(protected),
        alpha=alpha,
        di_threshold=di_threshold,
        eo_threshold=eo_threshold,
        min_group_size=min_group_size,
        min_labels=min_labels,
        engine=engine,
        hold_last=hold_last,
        n_draws=n_boot,
        seed=seed,
    )
    result = run_monitor(request, store)
    doc = result.to_dict()
    to_stdout = json_out == "-"
    for line in summary_lines(doc):
        click.echo(line, err=to_stdout)
    if to_stdout:
        click.echo(result.to_json())
    elif json_out:
        _write(json_out, result.to_json())
        click.echo(f"wrote {json_out}")
    if html_out:
        _write(html_out, render_html(doc))
        click.echo(f"wrote {html_out}", err=to_stdout)
    if fail_on == "alarm" and result.alarms:
        names = ", ".join(f"{a['attribute']}:{a['group']} {a['test']}" for a in result.alarms)
        raise AlarmRaised(f"alarm: {names} (--fail-on alarm)")
