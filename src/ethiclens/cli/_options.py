"""Click option types shared by the commands: choices and help read from a registry when the
command runs, so a trainer or model registered at run time is accepted and listed."""

from __future__ import annotations

import click


class RegistryChoice(click.Choice):
    """A choice among a registry's names as they are when the command runs (a trainer or
    model registered at run time is accepted and listed in ``--help``)."""

    def __init__(self, names):
        self._names = names
        super().__init__(())

    @property
    def choices(self):
        return tuple(self._names())

    @choices.setter
    def choices(self, value):  # click's __init__ assigns it; the registry is the source
        pass


class LiveHelpOption(click.Option):
    """An option whose help text is ``live_help()``, read from a registry at ``--help`` time."""

    def __init__(self, *args, live_help=None, **kwargs):
        self._live_help = live_help
        super().__init__(*args, **kwargs)

    @property
    def help(self):
        return self._live_help() if self._live_help else self._help

    @help.setter
    def help(self, value):
        self._help = value


# -- flags -> AuditSpec -> library -> print/write (issue 22) ----------------------------------
# A command's options set spec fields (flag_paths(): --flag -> section.key); --config loads a
# spec file first, and a flag given on the command line overrides it (said on stderr).

FAIL_ON_CHOICES = ("flagged", "inconclusive", "insufficient", "never")
ENGINE_CHOICES = ("auto", "pandas", "duckdb", "dask", "spark")

# Python keyword of the engine -> spec key, for messages that name the engine's keywords.
ENGINE_KEYS = {
    "exclude_groups": "groups.exclude",
    "merge_groups": "groups.merge",
    "min_group_size": "policy.min_group_size",
    "min_label_count": "policy.min_labels",
    "di_rule": "policy.di_rule",
    "di_threshold": "policy.di_threshold",
    "eo_threshold": "policy.eo_threshold",
    "intersections": "roles.intersections",
    "n_boot": "policy.n_boot",
    "random_state": "policy.seed",
    "ci": "policy.ci",
    "pred_a": "roles.y_pred",
    "pred_b": "roles.y_pred",
    "y_true": "roles.y_true",
    "y_score": "roles.y_score",
    "sample_weight": "roles.weight",
    "step": "thresholds.step",
    "audited_threshold": "thresholds.threshold",
}


class GateFailed(click.ClickException):
    """The gate held (``--fail-on``, ``--baseline``): exit code 1 (bad input stays 2), one line."""

    exit_code = 1

    def show(self, file=None):
        click.echo(self.message, err=True)


def choice(choices):
    """A click callback: one of ``choices``, else a one-line error naming the flag (exit 2)."""
    from ..errors import EthicLensInputError

    def check(ctx, param, value):
        if value is None or value in choices:
            return value
        flag = param.opts[0]
        raise EthicLensInputError(
            f"unknown value for {flag}",
            column=flag,
            value=value,
            fix=f"use one of {', '.join(choices)}",
        )

    return check


def positive_int(ctx, param, value):
    """A click callback: None, or an integer >= 1, else a one-line error naming the flag."""
    from ..errors import EthicLensInputError

    if value is None:
        return None
    flag = param.opts[0]
    try:
        number = int(value)
    except ValueError:
        number = None
    if number is None or number < 1:
        raise EthicLensInputError(
            "must be a whole number of at least 1",
            column=flag,
            value=value,
            fix=f"e.g. {flag} 50 (lower floors mean noisier verdicts; say so when you report them)",
        )
    return number


def _opt(*decls, **kw):
    return click.option(*decls, **kw)


def spec_options(command: str):
    """The options every command that runs a spec shares (target, roles, group edits, policy,
    gate, config, JSON/HTML); ``command`` picks the interval methods and help defaults."""
    ci = ("jeffreys", "bootstrap") if command == "compare" else ("jeffreys", "bca", "percentile")
    draws = 2000 if command == "audit" else 1000
    options = [
        _opt(
            "--config",
            type=click.Path(dir_okay=False),
            metavar="FILE",
            help="Read the audit spec from YAML/JSON (docs/config.md); flags override it.",
        ),
        _opt(
            "--save-config",
            type=click.Path(dir_okay=False),
            metavar="FILE",
            help="Write the spec of this run (flags and --config) as YAML/JSON.",
        ),
        _opt(
            "--counts",
            "counts_file",
            type=click.Path(dir_okay=False),
            metavar="FILE",
            help="Audit a counts table (from `ethiclens counts`) instead of rows.",
        ),
        _opt(
            "--engine",
            callback=choice(ENGINE_CHOICES),
            metavar="|".join(ENGINE_CHOICES),
            help="Who counts a file: pandas (in memory), duckdb (out of core, only the needed "
            "columns), dask or spark (local mode unless --scheduler names a Spark master); "
            "auto (default): DuckDB for CSV/Parquet files, globs and folders when installed, "
            "else pandas.",
        ),
        _opt("--db", metavar="URL", help="SQLAlchemy database URL: the GROUP BY runs there."),
        _opt(
            "--db-env",
            metavar="NAME",
            help="Environment variable holding the database URL (keeps the password out of "
            "shell history, configs and reports).",
        ),
        _opt("--table", "db_table", metavar="NAME", help="Table to audit (with --db)."),
        _opt("--query", metavar="SQL", help="Query whose rows are audited (with --db)."),
        _opt(
            "--scheduler",
            metavar="ADDRESS|local-cluster",
            help="Dask scheduler (--engine dask), or Spark master such as local[4] "
            "(--engine spark; default local[2]).",
        ),
        _opt("--y-true", help="Label column (user file)."),
        _opt("--y-score", help="Score column in [0, 1] (user file)."),
        _opt(
            "--protected",
            multiple=True,
            metavar="COL[=REFERENCE]",
            help="Protected attribute, optionally with its reference group. Repeatable. "
            "For benchmarks, restricts the audit to these attributes.",
        ),
        _opt("--weight", help="Sample-weight column (user file)."),
        _opt(
            "--pos-label",
            help="Value of --y-true/--y-pred that is the positive label, when not 0/1.",
        ),
        _opt(
            "--positive",
            type=click.Choice(["favorable", "harmful"]),
            default=None,
            help="Is the positive label a benefit or a harm? (default favorable)",
        ),
        _opt(
            "--intersect",
            multiple=True,
            metavar="A,B",
            help="Also audit crossed groups of these attributes. Repeatable.",
        ),
        _opt(
            "--exclude-group",
            "exclude",
            multiple=True,
            metavar="ATTR=GROUP",
            help="Leave GROUP of ATTR out of the audit (stated in every report). Repeatable.",
        ),
        _opt(
            "--merge-groups",
            "merge",
            multiple=True,
            metavar="ATTR=A,B[,...]:NEW",
            help="Audit groups A, B, ... of ATTR as one group NEW (stated in every report). "
            "Repeatable.",
        ),
        _opt(
            "--bins",
            multiple=True,
            metavar="ATTR=E0,E1,...",
            help="Bin a numeric protected attribute into groups [E0, E1), ..., [Ek-1, Ek] "
            "(e.g. age=0,25,45,65,120); values outside the edges are refused. Repeatable.",
        ),
        _opt(
            "--min-group-size",
            callback=positive_int,
            metavar="N",
            help="Rows per group needed to judge selection-rate metrics (default 100).",
        ),
        _opt(
            "--min-labels",
            callback=positive_int,
            metavar="N",
            help="Positive and negative labels per group needed to judge error-rate metrics "
            "(default 30).",
        ),
        _opt(
            "--di-rule",
            callback=choice(("two_sided", "below")),
            metavar="two_sided|below",
            help="two_sided (default): flag a DI interval entirely outside [t, 1/t], whichever "
            "group is the reference; below: only one entirely below t (--di-threshold).",
        ),
        _opt(
            "--di-threshold",
            type=float,
            metavar="T",
            help="The DI line t (default 0.80, the four-fifths rule).",
        ),
        _opt(
            "--eo-threshold",
            type=float,
            metavar="G",
            help="Flag when the equalized-odds interval lies above G (default 0.10).",
        ),
        _opt(
            "--fail-on",
            callback=choice(FAIL_ON_CHOICES),
            metavar="|".join(FAIL_ON_CHOICES),
            help="After writing the outputs, exit 1 when any comparison is FLAGGED (flagged), "
            "also INCONCLUSIVE (inconclusive), or also not judged: INSUFFICIENT_DATA or "
            "UNDEFINED (insufficient). Default never."
            + (
                " Judged on model B; also fails when B is worse than A."
                if command == "compare"
                else ""
            ),
        ),
        _opt(
            "--baseline",
            type=click.Path(dir_okay=False),
            metavar="FILE",
            help="A previous JSON report of the same data and spec: exit 1 when a verdict got "
            "worse or DI/EO moved for the worse beyond both intervals.",
        ),
        _opt("--states", help="acs-income: states, e.g. CO,NE (default CO)."),
        _opt("--year", type=int, help="acs-income: survey year (default 2018)."),
        _opt("--download", is_flag=True, help="acs-income: allow downloading missing states."),
        _opt("--seed", type=int, metavar="N", help="Seed for the split and intervals (default 0)."),
        _opt("--n-boot", type=int, metavar="B", help=f"Interval draws (default {draws})."),
        _opt(
            "--ci",
            callback=choice(ci),
            metavar="|".join(ci),
            help="Interval method (default jeffreys).",
        ),
        _opt(
            "--json",
            "json_out",
            type=click.Path(dir_okay=False),
            help="Write the JSON report ('-': to standard output, and nothing else there).",
        ),
        _opt("--html", "html_out", type=click.Path(dir_okay=False), help="Write the HTML report."),
    ]

    if command != "compare":  # compare picks its two models with --y-pred (compas: model, decile)
        options.append(
            _opt(
                "--score",
                type=click.Choice(["model", "decile"]),
                default=None,
                help="compas only: 'decile' uses COMPAS's own risk score (audit: Medium/High "
                "= predicted positive; thresholds: decile / 10) instead of a trained model.",
            )
        )

    def decorate(func):
        for option in reversed(options):
            func = option(func)
        return func

    return decorate


def param_paths(command: click.Command) -> dict[str, str]:
    """Click parameter name -> spec path, from the spec's own flag table (``flag_paths``)."""
    from ..spec import flag_paths

    paths = flag_paths()
    return {p.name: paths[p.opts[0]] for p in command.params if p.opts and p.opts[0] in paths}


TARGET_KINDS = ("dataset", "file", "counts", "db", "db_env")
_TARGET_FLAGS = ("TARGET", "--db", "--db-env", "--counts")


def _spec_value(name: str, value):
    """A flag's value as the spec stores it (parsed once, in the library's parsers)."""
    from ..fairness import check_bin_edges
    from ..spec import parse_bins, parse_excludes, parse_intersections, parse_merges

    if name == "exclude":
        return parse_excludes(value)
    if name == "merge":
        return parse_merges(value)
    if name == "bins":
        return {k: check_bin_edges(v, "--bins") for k, v in parse_bins(value).items()}
    if name == "intersect":
        return parse_intersections(value)
    if name == "states":
        return [s.strip() for s in value.split(",")]
    if isinstance(value, tuple):
        return list(value)
    return value


def _given(name: str, value) -> bool:
    return not (value is None or value is False or value == ())


class SpecRequest:
    """A command's flags (and --config) as an ``AuditSpec``, with what each flag overrode."""

    def __init__(self, ctx: click.Context, target: str | None):
        from ..errors import EthicLensInputError
        from ..spec import AuditSpec, read_spec_file, target_key

        params = ctx.params
        self.config = params.get("config")
        self.save_config = params.get("save_config")
        self.by_flag: dict[str, str] = {}  # spec path -> flag that set it
        self.notes: list[str] = []
        data = read_spec_file(self.config) if self.config else {}
        if not isinstance(data, dict):
            data = {"_": data}  # refused, with the key named, by from_dict below
        file_data = {k: dict(v) if isinstance(v, dict) else v for k, v in data.items()}
        flags = {p.name: p for p in ctx.command.params}
        updates: dict[str, object] = {}
        if target:
            updates[f"target.{target_key(target)}"] = target
            self.by_flag[f"target.{target_key(target)}"] = "TARGET"
        self.paths = param_paths(ctx.command)
        for name, value in params.items():
            path = self.paths.get(name)
            if path is None or not _given(name, value):
                continue
            if ctx.get_parameter_source(name) == click.core.ParameterSource.DEFAULT:
                continue
            updates[path] = _spec_value(name, value)
            self.by_flag[path] = flags[name].opts[0]
        if any(p.split(".")[1] in TARGET_KINDS for p in updates):
            section = file_data.get("target")
            if isinstance(section, dict):  # a target on the command line replaces the file's
                for kind in TARGET_KINDS:
                    old, path = section.pop(kind, None), f"target.{kind}"
                    if old is not None and updates.get(path) != old:
                        given = [f"{self.by_flag[p]} {_show(updates[p])}" for p in updates]
                        by = next((g for g in given if g.split(" ")[0] in _TARGET_FLAGS), "")
                        self._note(path, old, by)
        for path, value in updates.items():
            section, key = path.split(".")
            part = file_data.setdefault(section, {})
            if not isinstance(part, dict):
                continue
            if self.config and key in part and part[key] != value:
                self._note(path, part[key], f"{self.by_flag[path]} {_show(value)}")
            part[key] = value
        try:
            self.spec = AuditSpec.from_dict(
                file_data, source=str(self.config) if self.config else "command line"
            )
        except EthicLensInputError as exc:
            raise self.flag_error(exc) from None

    def spec_has(self, param: str) -> bool:
        """Whether the spec sets what option ``param`` sets (by flag or --config)."""
        section, key = self.paths[param].split(".")
        data = self.spec.to_dict(minimal=True)
        return key in data.get(section, {})

    def _note(self, path, old, by):
        if path == "target.db":  # a URL is shown without its password, here as everywhere
            from ..sources import mask_url

            old, by = mask_url(str(old)), by.split(" ")[0] + " " + mask_url(by.partition(" ")[2])
        self.notes.append(f"note: {by} overrides {path} = {_show(old)} from {self.config}")

    def flag_error(self, exc):
        """An error naming a spec key (or an engine keyword) names the flag that set it."""
        from ..errors import EthicLensInputError

        column = "" if exc.column is None else str(exc.column)
        parts = []
        for piece in column.split("/"):
            base = piece.split("[")[0]
            path = ENGINE_KEYS.get(base, ".".join(base.split(".")[:2]))
            flag = self.by_flag.get(path)
            if flag is None and not self.config:
                flag = _flag_of(path)
            parts.append(flag if flag else (path if "." in path else piece))
        new = "/".join(parts)
        if new == column:
            return exc
        return EthicLensInputError(exc.problem, column=new, value=exc.value, fix=exc.fix)


def _flag_of(path: str) -> str | None:
    from ..spec import flag_paths

    return next((flag for flag, p in flag_paths().items() if p == path), None)


def _show(value) -> str:
    if isinstance(value, str):
        return value
    import json

    return json.dumps(value)


def execute(request: SpecRequest, purpose: str, printer) -> None:
    """Run the spec (library), gate it, print, write every output, then exit 1 if gated."""
    from ..errors import EthicLensInputError
    from ..io import check_outputs, check_writable, write_atomic
    from ..spec import run_audit, run_compare, run_thresholds

    spec = request.spec
    for note in request.notes:
        click.echo(note, err=True)
    o, t = spec.outputs, spec.target
    outputs = {
        "--json": None if o.json == "-" else o.json,
        "--html": o.html,
        "--model-card": o.model_card,
        "--csv": o.csv,
        "--plot": o.plot,
        "--save-config": request.save_config,
    }
    inputs = [t.file, t.counts, spec.model.card_info, spec.gate.baseline, request.config]
    check_outputs(outputs, inputs=inputs)
    for out in outputs.values():
        if out:
            check_writable(out)
    if request.save_config:
        spec.check_savable(request.save_config)
    runner = {"audit": run_audit, "compare": run_compare, "thresholds": run_thresholds}[purpose]
    try:
        result = runner(spec)
        outcome = _gate(result, spec, purpose)
    except EthicLensInputError as exc:
        raise request.flag_error(exc) from None
    if outcome is not None:
        result.run["gate"] = outcome.to_dict()
    to_stdout = o.json == "-"
    printer(result, to_stdout)
    engine = (result.run or {}).get("engine")
    if engine and engine != "benchmark":
        click.echo(f"engine: {engine}", err=to_stdout)
    if o.json == "-":
        click.echo(result.to_json())
    elif o.json:
        write_atomic(o.json, result.to_json())
        click.echo(f"wrote {o.json}")
    for path, render in _renderers(result, purpose, o):
        render(path)
        click.echo(f"wrote {path}", err=to_stdout)
    if request.save_config:
        spec.save(request.save_config)
        click.echo(f"wrote {request.save_config}", err=to_stdout)
    if outcome is not None and not outcome.passed:
        raise GateFailed(outcome.message())


def _gate(result, spec, purpose):
    g = spec.gate
    if g.fail_on == "never" and not g.baseline:
        return None
    if purpose == "compare":
        if g.baseline:
            from ..errors import EthicLensInputError

            raise EthicLensInputError(
                "compare gates model B against model A, not against a baseline file",
                column="gate.baseline",
                fix="drop --baseline (use --fail-on), or gate each model's audit on its own",
            )
        return result.gate(g.fail_on)
    if purpose == "thresholds":
        from ..errors import EthicLensInputError

        raise EthicLensInputError(
            "the threshold view is not a gate",
            column="gate.fail_on" if g.fail_on != "never" else "gate.baseline",
            fix="gate with ethiclens audit (--fail-on, --baseline) at the threshold you use",
        )
    return result.gate(g.fail_on, g.baseline)


def _renderers(result, purpose, o):
    from ..io import write_atomic

    if purpose == "audit":
        from ..report import render_html
        from ..report._model_card import render_card

        pairs = [
            (o.html, lambda p: write_atomic(p, render_html(result))),
            (o.model_card, lambda p: write_atomic(p, render_card(result, p))),
        ]
    elif purpose == "compare":
        from ..report import write_comparison_html

        pairs = [(o.html, lambda p: write_comparison_html(result, p))]
    else:
        from ..report import write_threshold_html, write_threshold_png

        pairs = [
            (o.csv, lambda p: write_atomic(p, result.to_csv())),
            (o.plot, lambda p: write_threshold_png(result, p)),
            (o.html, lambda p: write_threshold_html(result, p)),
        ]
    return [(path, render) for path, render in pairs if path]
