"""``ethiclens monitor``: flags → audit spec → ``MonitorRequest`` → ``run_monitor`` → print/write.
The statistics, the store and the spec's checks are the library's (``ethiclens.monitor``)."""

from __future__ import annotations

from functools import partial

import click

from ._common import FILE, options
from ._common import option as _opt  # a number read by the one rule
from ._options import GateFailed, spec_flag

DEFAULT_STORE = "ethiclens-monitor.sqlite"
_spec = partial(spec_flag, "monitor")  # sets an audit spec field, typed and checked as audit's


# in --help order; names as run_monitor's request takes them (the audit's go to monitor_spec)
OPTIONS = (
    click.argument("target", metavar="[TARGET]", required=False),
    _opt("--config", type=FILE, metavar="FILE",
         help="An audit spec (YAML/JSON, docs/config.md): its file target, roles and policy; "
         "flags override it."),
    _opt("--time", "time_col", required=True, metavar="COL",
         help="Time column (ISO 8601; without an offset UTC is assumed)."),
    _opt("--window", required=True, metavar="1d|7d|30d|N",
         help="Window: K days (UTC) or N rows in time order."),
    _opt("--y-pred", metavar="COL", help="Prediction column (0/1)."),
    _spec("--y-true", "Label column (0/1): adds the EO test and TPR/FPR."),
    _spec("--protected", "Protected attribute, optionally with its reference group (default: "
          "the largest group of the first run that sees two). Repeatable."),
    _spec("--pos-label", "The label and prediction value that is positive, when they are not "
          "0/1 (the audit's rule)."),
    _spec("--bins", "Monitor a numeric protected attribute in the audit's bins [E0, E1), ..., "
          "[Ek-1, Ek]. Repeatable."),
    _spec("--merge-groups", "Monitor groups A, B, ... of ATTR as one group NEW. Repeatable.",
          "merge_groups"),
    _spec("--exclude-group", "Leave GROUP of ATTR out of ATTR's comparisons. Repeatable.",
          "exclude_groups"),
    _spec("--intersect", "Also compare the crossed groups of these protected attributes (A&B). "
          "Repeatable.", "intersections"),
    _spec("--weight", "Each row's survey weight (positive, finite): weighted evidence, a weight "
          "w acting as 1/propensity (not with --propensity; docs/monitoring.md)."),
    _opt("--propensity", metavar="COL",
         help="Each row's probability (0, 1] of having been sampled/labelled: the evidence is "
         "inverse-propensity weighted (bets capped by the smallest propensity; "
         "docs/monitoring.md)."),
    _opt("--store", default=DEFAULT_STORE, show_default=True, metavar="PATH",
         help="Store of the windows, the evidence and the alarms: a SQLite file, or a "
         "PostgreSQL URL (postgresql+psycopg://user:password@host/db[?schema=NAME])."),
    _opt("--alpha", type=float, default=0.05, show_default=True,
         help="Alarm when an e-value reaches 1/alpha (false-alarm chance at most alpha, "
         "however often anyone looks)."),
    _spec("--di-threshold", "The DI band [t, 1/t] of the null (0.8)."),
    _spec("--eo-threshold", "The largest TPR/FPR gap of the null (0.1)."),
    _spec("--min-group-size", "Rows per group for a window's DI interval (100)."),
    _spec("--min-labels", "Positive and negative labels per group for a window's TPR/FPR "
          "intervals (30)."),
    _spec("--engine", "Who counts the files (auto: DuckDB when installed; dask, spark: on a "
          "cluster, as the audit does)."),
    _spec("--scheduler", "With --engine dask: a scheduler address or local-cluster (the "
          "default); with --engine spark: the Spark master (default local[2], or the active "
          "session)."),
    _spec("--db", "SQLite or PostgreSQL URL: days counted there."),
    _spec("--db-env", "Environment variable holding the database URL."),
    _spec("--table", "Table to watch (with --db)."),
    _spec("--query", "Query whose rows are watched (with --db)."),
    _opt("--baseline-windows", type=int, metavar="K",
         help="The first K windows are the baseline: also test, from window K on, whether DI "
         "or the TPR/FPR gaps got worse than in the baseline (at alpha/2 + alpha/2)."),
    _opt("--baseline-period", metavar="START..END",
         help="The windows inside these UTC dates (both included) are the baseline: the "
         "windows after END are tested against it as with --baseline-windows."),
    _opt("--baseline-target", metavar="PATH",
         help="A separate baseline (file, folder or glob), counted as TARGET is: every window "
         "is tested against its pooled counts as with --baseline-windows."),
    _opt("--baseline-table", metavar="NAME",
         help="A separate baseline: this table of the --db database, counted as TARGET is."),
    _opt("--baseline-query", metavar="SQL",
         help="A separate baseline: this query's rows in the --db database (read-only)."),
    _opt("--hold-last", is_flag=True,
         help="Do not process the newest window yet (it may still be filling)."),
    _spec("--seed", "Seed of the window intervals' draws (0)."),
    _spec("--n-boot", "Draws per window interval (1000)."),
    _spec("--json", "Write the JSON report ('-': standard output)."),
    _spec("--html", "Write the HTML dashboard."),
    _opt("--fail-on", type=click.Choice(["never", "alarm"]), default="never",
         show_default=True, help="alarm: exit 1 (after writing) when any test alarms."),
)  # fmt: skip
# the options that are the monitor's own (not the audit spec's)
OWN = ("target", "config", "time_col", "window", "store", "fail_on")


@click.command("monitor")
@options(*OPTIONS)
def monitor_command(**options):
    """Watch a deployed model over time: per-window counts and anytime-valid fairness evidence.

    TARGET is a CSV/Parquet file, a glob or a folder of files with a time column (or --db with
    --table/--query: SQLite or PostgreSQL, counted there, read-only). Each run adds
    the windows after the store's last one (a window already counted is never counted twice;
    late rows for a processed window are refused) to betting tests whose null is the policy's
    band (DI inside [t, 1/t]; TPR and FPR gaps at most the EO threshold) and to confidence
    sequences. See docs/monitoring.md.
    """
    from ..io import _one_pass  # pandas: loaded by a run, not by --help
    from ..monitor import MonitorRequest, check_monitor_outputs, config_keys_named, monitor_spec
    from ..spec import input_files
    from ._common import check_stdout_open

    o = {k: options.pop(k) for k in OWN}
    own = {k: options.pop(k) for k in MonitorRequest.OWN_OPTIONS}  # from_spec takes these
    notes: list = []  # --json and --html are the spec's outputs.json and outputs.html
    src = click.get_current_context().get_parameter_source("fail_on")  # None: not given
    gate = None if src is click.core.ParameterSource.DEFAULT else o["fail_on"]
    spec = monitor_spec(o["target"], o["config"], options, notes=notes, fail_on=gate)
    for note in notes:
        click.echo(note, err=True)
    json_out, html_out = spec.outputs.json, spec.outputs.html
    store = MonitorRequest.checked_store(o["store"])  # a URL is masked, never taken for a file
    read = [*input_files(spec, o["config"]), own.get("baseline_target")]
    key = "target" + (f".{spec.target.kind}" if spec.target.kind else "")  # the file's target
    key = None if o["target"] or spec.target.kind == "db" else key  # a database: TARGET (audit's)
    with config_keys_named({**options, "TARGET": key}, o["config"]):
        check_monitor_outputs(json_out, html_out, store, inputs=read, spec=spec)
        check_stdout_open(json_out)
        result = _one_pass(_run)(spec, o, own, store)  # each part read once, not twice
    _print(result, json_out, html_out, o["fail_on"])


def _run(spec, o, own, store):
    """The request made (its checks read the target) and run (it reads it again)."""
    from ..monitor import MonitorRequest, run_monitor

    request = MonitorRequest.from_spec(spec, time=o["time_col"], window=o["window"], **own)
    # notes printed with the summary; the gate recorded in the JSON's run.gate
    return run_monitor(request, store, warn=False, fail_on=o["fail_on"])


def _print(result, json_out, html_out, fail_on) -> None:
    """The JSON and the dashboard (each written whole), then the summary, then the gate: the
    files come first, so a standard output closed early (``| head -1``) loses only what was
    printed (cli._main: the run ends as it would; ``--json -`` cut short exits 141)."""
    from ..monitor import summary_lines, write_monitor_outputs

    to_stdout = json_out == "-"  # a dashboard that fails: the rest written and said, then 2
    wrote, failed = write_monitor_outputs(result, json_out, html_out)
    for line in summary_lines(result.to_dict()):
        click.echo(line, err=to_stdout)
    if to_stdout:
        click.echo(result.to_json())
    for path in wrote:
        click.echo(f"wrote {path}", err=to_stdout)
    if failed is not None:
        raise failed
    if not result.gate(fail_on).passed:
        raise GateFailed(f"alarm: {result.alarm_names()} (--fail-on alarm)")
