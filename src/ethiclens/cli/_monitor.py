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


# flag -> (spec section, key); a flag given on the command line overrides --config
SPEC_FLAGS = {
    "y_pred": ("--y-pred", "roles", "y_pred"),
    "y_true": ("--y-true", "roles", "y_true"),
    "protected": ("--protected", "roles", "protected"),
    "weight": ("--weight", "roles", "weight"),
    "di_threshold": ("--di-threshold", "policy", "di_threshold"),
    "eo_threshold": ("--eo-threshold", "policy", "eo_threshold"),
    "min_group_size": ("--min-group-size", "policy", "min_group_size"),
    "min_labels": ("--min-labels", "policy", "min_labels"),
    "engine": ("--engine", "target", "engine"),
    "db": ("--db", "target", "db"),
    "db_env": ("--db-env", "target", "db_env"),
    "db_table": ("--table", "target", "table"),
    "query": ("--query", "target", "query"),
    "seed": ("--seed", "policy", "seed"),
    "n_boot": ("--n-boot", "policy", "n_boot"),
}


@click.command("monitor")
@click.argument("target", metavar="[TARGET]", required=False)
@click.option(
    "--config",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="An audit spec (YAML/JSON, docs/config.md): its file target, roles and policy; "
    "flags override it.",
)
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
@click.option("--y-pred", metavar="COL", help="Prediction column (0/1).")
@click.option("--y-true", metavar="COL", help="Label column (0/1): adds the EO test and TPR/FPR.")
@click.option(
    "--protected",
    multiple=True,
    metavar="COL[=REFERENCE]",
    help="Protected attribute, optionally with its reference group (default: the "
    "largest group of the first run). Repeatable.",
)
@click.option("--weight", metavar="COL", help="Not supported by the monitor yet (refused).")
@click.option(
    "--propensity",
    metavar="COL",
    help="Each row's probability (0, 1] of having been sampled/labelled: the evidence is "
    "inverse-propensity weighted (bets capped by the smallest propensity; docs/monitoring.md).",
)
@click.option(
    "--store",
    "store",
    default=DEFAULT_STORE,
    show_default=True,
    metavar="PATH",
    help="Store of the windows, the evidence and the alarms: a SQLite file, or a PostgreSQL "
    "URL (postgresql+psycopg://user:password@host/db[?schema=NAME]).",
)
@click.option(
    "--alpha",
    type=float,
    default=0.05,
    show_default=True,
    help="Alarm when an e-value reaches 1/alpha (false-alarm chance at most alpha, "
    "however often anyone looks).",
)
@click.option("--di-threshold", type=float, help="The DI band [t, 1/t] of the null (0.8).")
@click.option("--eo-threshold", type=float, help="The largest TPR/FPR gap of the null (0.1).")
@click.option("--min-group-size", type=int, help="Rows per group for a window's DI interval (100).")
@click.option(
    "--min-labels",
    type=int,
    help="Positive and negative labels per group for a window's TPR/FPR intervals (30).",
)
@click.option(
    "--engine",
    type=click.Choice(["auto", "duckdb", "pandas"]),
    help="Who counts the files (auto: DuckDB when installed).",
)
@click.option("--db", metavar="URL", help="SQLite or PostgreSQL URL: days counted there.")
@click.option("--db-env", metavar="NAME", help="Environment variable holding the database URL.")
@click.option("--table", "db_table", metavar="NAME", help="Table to watch (with --db).")
@click.option("--query", metavar="SQL", help="Query whose rows are watched (with --db).")
@click.option(
    "--baseline-windows",
    type=int,
    metavar="K",
    help="The first K windows are the baseline: also test, from window K on, whether DI or the "
    "TPR/FPR gaps got worse than in the baseline (at alpha/2 + alpha/2).",
)
@click.option(
    "--hold-last",
    is_flag=True,
    help="Do not process the newest window yet (it may still be filling).",
)
@click.option("--seed", type=int, help="Seed of the window intervals' draws (0).")
@click.option("--n-boot", type=int, help="Draws per window interval (1000).")
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
def monitor_command(target, config, time_col, window, store, alpha, baseline_windows, hold_last,
                    json_out, html_out, fail_on, propensity, **flags):  # fmt: skip
    """Watch a deployed model over time: per-window counts and anytime-valid fairness evidence.

    TARGET is a CSV/Parquet file, a glob or a folder of files with a time column (or --db with
    --table/--query: SQLite or PostgreSQL, counted per day there, read-only). Each run adds
    the windows after the store's last one (a window already counted is never counted twice;
    late rows for a processed window are refused) to betting tests whose null is the policy's
    band (DI inside [t, 1/t]; TPR and FPR gaps at most the EO threshold) and to confidence
    sequences. See docs/monitoring.md.
    """
    from ..io import check_outputs
    from ..monitor import MonitorRequest, is_store_url, render_html, run_monitor, summary_lines

    spec = _spec(target, config, flags)
    if not spec.roles.y_pred:
        raise EthicLensInputError(
            "is required", column="--y-pred", fix="name the prediction column: --y-pred pred"
        )
    if not spec.roles.protected:
        raise EthicLensInputError(
            "is required", column="--protected", fix="name a protected attribute: --protected race"
        )
    outputs = {"--json": None if json_out == "-" else json_out, "--html": html_out}
    inputs = [x for x in (spec.target.file, config) if x]
    stored_in = {} if is_store_url(store) else {"--store": store}  # a URL is no file to check
    check_outputs({**outputs, **stored_in}, inputs=inputs)
    request = MonitorRequest.from_spec(
        spec,
        time=time_col,
        window=window,
        alpha=alpha,
        hold_last=hold_last,
        baseline_windows=baseline_windows,
        propensity=propensity,
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


def _spec(target, config, flags):
    """The audit spec of this run: --config (if any), then the flags given, then TARGET."""
    from ..spec import AuditSpec, read_spec_file

    data = read_spec_file(config) if config else {}
    if not isinstance(data, dict):
        data = {"_": data}  # refused, with the key named, by from_dict
    data = {k: dict(v) if isinstance(v, dict) else v for k, v in data.items()}
    by_flag = {}
    kinds = ("dataset", "file", "counts", "db", "db_env")
    if target or flags.get("db") or flags.get("db_env"):
        # a target on the command line replaces the config's (as `ethiclens audit` does)
        section = data.get("target")
        if isinstance(section, dict):
            for kind in kinds:
                section.pop(kind, None)
    for name, value in flags.items():
        if value is None or value == ():
            continue
        flag, section, key = SPEC_FLAGS[name]
        if key == "y_pred":
            value = [value]
        elif key == "protected":
            value = list(value)
        data.setdefault(section, {})[key] = value
        by_flag[f"{section}.{key}"] = flag
    if target:
        section = data.setdefault("target", {})
        from .. import datasets

        section["dataset" if target in datasets.DATASETS else "file"] = target
    try:
        return AuditSpec.from_dict(data, source=str(config) if config else "command line")
    except EthicLensInputError as exc:
        column = str(exc.column or "")
        flag = by_flag.get(column.split("[")[0])
        if flag is None:
            raise
        raise EthicLensInputError(exc.problem, column=flag, value=exc.value, fix=exc.fix) from None
