"""Click option types shared by the commands: choices and help read from a registry when the
command runs, so a trainer or model registered at run time is accepted and listed."""

from __future__ import annotations

import click

from ..errors import EthicLensInputError
from ._common import STRICT_FLOAT, STRICT_INT, NotFolder, check_stdout_open
from ._main import _SHORT_HELP


def read_at_run_time(read) -> property:
    """A property ``read(self)`` each time it is read; click's ``__init__`` assigning it is
    ignored (the registry is the source): a choice's names, a command's or option's help."""
    return property(read, lambda self, value: None)


class RegistryChoice(click.Choice):
    """A choice among a registry's names as they are when the command runs (a trainer or
    model registered at run time is accepted and listed in ``--help``)."""

    def __init__(self, names):
        self._names = names
        super().__init__(())

    choices = read_at_run_time(lambda self: tuple(self._names()))


class LiveHelpOption(click.Option):
    """An option whose help text is ``live_help()``, read from a registry at ``--help`` time."""

    def __init__(self, *args, live_help, **kwargs):
        self._live_help = live_help
        super().__init__(*args, **kwargs)

    help = read_at_run_time(lambda self: self._live_help())


# flags -> AuditSpec -> library -> print/write (issue 22): a command's options set spec fields
# (flag_paths(): --flag -> section.key); --config loads a spec file first, a flag overrides it.


class GateFailed(click.ClickException):
    """The gate held (``--fail-on``, ``--baseline``): exit code 1 (bad input stays 2), one line."""

    exit_code = 1

    def show(self, file=None):
        click.echo(self.message, err=True)


def positive_int(ctx, param, value):
    """A click callback: None, or an integer >= 1 (the floors' check, ``check_count``), else a
    one-line error naming the flag."""
    from .._checks import check_count, whole_or_text

    if value is None:
        return None
    return check_count(whole_or_text(value), param.opts[0])  # not digits: shown as given


# Per-flag click settings the spec's schema does not say (parameter names kept from before,
# metavars, two choices click checks); type, multiplicity, choices, help: the spec's field.
_CLICK = {
    "--counts": {"name": "counts_file", "metavar": "FILE"},
    "--db": {"metavar": "URL"},
    "--db-env": {"metavar": "NAME"},
    "--table": {"name": "db_table", "metavar": "NAME"},
    "--query": {"metavar": "SQL"},
    "--scheduler": {"metavar": "ADDRESS"},  # one value: the help says the words it takes
    "--states": {"multiple": False},
    **dict.fromkeys(("--y-pred", "--y-true", "--weight"), {"metavar": "COL"}),
    "--pos-label": {"metavar": "VALUE"},
    "--protected": {"metavar": "COL[=REFERENCE]"},
    "--intersect": {"metavar": "A,B"},
    "--exclude-group": {"name": "exclude", "metavar": "ATTR=GROUP"},
    "--merge-groups": {"name": "merge", "metavar": "ATTR=A,B[,...]:NEW"},
    "--bins": {"metavar": "ATTR=E0,E1,..."},
    "--min-group-size": {"callback": positive_int, "metavar": "N", "type": None},
    "--min-labels": {"callback": positive_int, "metavar": "N", "type": None},
    "--di-threshold": {"metavar": "T"},
    "--eo-threshold": {"metavar": "G"},
    "--n-boot": {"metavar": "B"},
    "--confidence-level": {"metavar": "L"},
    "--seed": {"metavar": "N"},
    "--card-info": {"metavar": "FILE"},
    "--json": {"name": "json_out", "metavar": "PATH"},
    "--html": {"name": "html_out", "metavar": "PATH"},
    "--model-card": {"name": "card_out"},
    "--pdf": {"name": "pdf_out"},
    "--csv": {"name": "csv_out"},
    "--plot": {"name": "png_out"},
    "--baseline": {"metavar": "FILE"},
    "--threshold": {"name": "audited"},
}
# Spec keys a command has no use for; it takes those of _HIDDEN unlisted (check_used refuses).
_NOT_FOR = {
    "audit": ("thresholds.", "outputs.csv", "outputs.plot"),
    "compare": ("thresholds.", "outputs.csv", "outputs.plot"),
    "thresholds": ("roles.y_pred",),  # a config's audited predictions only (docs/config.md)
}  # the others hidden, not absent: the spec's refusal says why and what to do
_CARD = ("outputs.model_card", "outputs.pdf", "model.")  # neither writes a card or a PDF
_HIDDEN = {"thresholds": (*_CARD, "target.counts", "policy.ci", "gate."), "compare": _CARD}
_HIDDEN["compare"] += ("roles.y_score", "target.score", "gate.baseline", "target.counts")
_ONE_FILE = ("compare", "thresholds")
_SPARK = "spark: local mode unless --scheduler names a Spark master."
# Per-command words: interval methods, draws, what --y-pred and --fail-on mean there.
_HELP = {
    ("compare", "--y-pred"): "For compas: model (the standard logistic model) and decile "
    "(COMPAS's own score); default both.",
    ("compare", "--fail-on"): "Judged on model B; also fails when B is worse than A.",
    **{(c, "--engine"): _SPARK for c in ("audit", "counts")},  # + [default: auto]
    **{(c, "--engine"): f"{_SPARK} {c}: auto reads a single file in memory." for c in _ONE_FILE},
}


def _click_option(command: str, flag: str) -> click.Option:
    """The click option of the spec field behind ``flag`` (its schema and doc), for ``command``."""
    from ..spec import CI_BY_PURPOSE, flag_paths, spec_schema

    section, key = flag_paths()[flag].split(".")
    schema = dict(spec_schema()["properties"][section]["properties"][key])
    doc = schema.pop("description", "")
    if "anyOf" in schema:
        schema = {**schema.pop("anyOf")[0], **schema}
    kinds = schema.get("type", "string")
    kinds = [kinds] if isinstance(kinds, str) else kinds
    kw: dict = {"help": " ".join(w for w in (doc, _HELP.get((command, flag))) if w)}
    if "enum" in schema:
        choices = [c for c in schema["enum"] if c]
        if flag == "--ci":
            choices = CI_BY_PURPOSE.get(command, choices)
        kw["metavar"] = "|".join(choices)  # checked by the spec: one message on every face
    elif "string" in kinds:
        pass
    elif "boolean" in kinds:
        kw["is_flag"] = True
    elif "array" in kinds or "object" in kinds:
        kw["multiple"] = True
    elif "integer" in kinds:
        kw["type"] = STRICT_INT
    elif "number" in kinds:
        kw["type"] = STRICT_FLOAT
    kw.update(_CLICK.get(flag, {}))
    if flag == "--engine" and command != "monitor":  # SpecRequest skips it: --config's stands
        kw.update(default="auto", show_default=True)  # (monitor_spec takes a value as typed)
    name = kw.pop("name", None)
    if kw.get("type", 0) is None:
        kw.pop("type")
    return click.Option([flag] if name is None else [flag, name], **kw)


def spec_options(command: str):
    """Every option of ``command`` that sets a spec field (from the spec's fields: target,
    roles, group edits, policy, model card, outputs, gate), plus --config and --save-config."""
    from ..spec import flag_paths

    files = {
        "--config": "Read the audit spec from YAML/JSON (docs/config.md); flags override it.",
        "--save-config": "Write the spec of this run (flags and --config) as YAML/JSON.",
    }
    kind = NotFolder(dir_okay=False)
    params = [click.Option([f], type=kind, metavar="FILE", help=h) for f, h in files.items()]
    for flag, path in flag_paths().items():
        if not path.startswith(_NOT_FOR[command]):
            params.append(_click_option(command, flag))
            params[-1].hidden = path.startswith(_HIDDEN.get(command, ()))
    return _adding(params)


def _adding(params: list):
    """A decorator adding click ``params`` to a command, in this order in its ``--help``."""

    def decorate(func):
        func.__click_params__ = getattr(func, "__click_params__", []) + params[::-1]
        return func

    return decorate


def spec_flag(command: str, flag: str, help: str | None, name: str | None = None):
    """A decorator adding the option that sets the spec field behind ``flag`` (type, range
    check and messages as in every other command: one vocabulary), with ``command``'s help
    (None: the field's), as parameter ``name`` (default: the audit's)."""
    option = _click_option(command, flag)
    option.help = help or option.help
    option.name = name or option.name
    return _adding([option])


def param_paths(command: click.Command) -> dict[str, str]:
    """Click parameter name -> spec path, from the spec's own flag table (``flag_paths``)."""
    from ..spec import flag_paths

    paths = flag_paths()
    return {p.name: paths[p.opts[0]] for p in command.params if p.opts and p.opts[0] in paths}


class SpecRequest:
    """A command's flags (and --config) as an ``AuditSpec``, with what each flag overrode."""

    def __init__(self, ctx: click.Context, target: str | None):
        from .. import spec as specs
        from ..spec import checked_spec_file, edit_attributes, flag_value, layered_spec, target_key

        ctx.with_resource(specs.purpose_for(ctx.command.name))  # --ci: the command's methods
        params = ctx.params
        self.config = params.get("config")
        if self.config is not None:  # the file alone first (its keys named): flags never mend it
            checked_spec_file(self.config)
        self.save_config = params.get("save_config")
        self.by_flag: dict[str, str] = {}  # spec path -> flag that set it
        flags = {p.name: p for p in ctx.command.params}
        updates: dict[str, object] = {}
        typed: dict[str, tuple] = {}  # spec path -> a repeatable flag's values as typed
        if target:
            updates[f"target.{target_key(target)}"] = target
            self.by_flag[f"target.{target_key(target)}"] = "TARGET"
        self.paths = param_paths(ctx.command)
        # a name may hold "=": the edits' ATTR is read against the attributes' names
        attributes = edit_attributes(
            params.get("protected") or (), self.config, params.get("counts_file")
        )
        for name, value in params.items():
            path = self.paths.get(name)
            if path is None or value is None or value is False or value == ():
                continue
            if ctx.get_parameter_source(name) == click.core.ParameterSource.DEFAULT:
                continue
            flag = flags[name].opts[0]
            updates[path] = flag_value(path.split(".")[1], value, flag, attributes)
            self.by_flag[path] = flag
            if isinstance(value, tuple):  # a repeatable flag's note says it as typed
                typed[path] = value
        try:
            self.spec, self.notes = layered_spec(self.config, updates, self.by_flag, typed)
        except EthicLensInputError as exc:
            raise self.flag_error(exc) from None

    def flag_error(self, exc):
        """An error naming a spec key (or an engine keyword) names the flag that set it."""
        from ..spec import ENGINE_KEYS, flag_paths

        column = "" if exc.column is None else str(exc.column)
        given = set(self.by_flag.values())
        # with --config, every flag the user did not type is named as the key in their file
        words = {f: p for f, p in flag_paths().items() if f not in given} if self.config else {}
        if "://" in column or column.startswith(("--db ", "--db-env ")):  # a (masked) URL
            flag, _, url = column.partition(" ")
            if flag in words:  # from the config file: its key, the URL kept
                return exc.renamed({column: f"{words[flag]} {url}"}, "key", words)
            return exc
        if self.config and column == "TARGET" and "TARGET" not in given and exc.kind != "column":
            return exc.renamed({column: "target"}, "key", words)  # as the library names it
        names, flag_of = {}, {p: f for f, p in flag_paths().items()}
        for piece in _pieces(column):
            base = piece.split("[")[0]
            if base in words or base in exc.in_data:  # from the config file; a data column
                names[piece] = words.get(base, piece)  # (named like a keyword: y_true)
                continue
            path = ENGINE_KEYS.get(base, ".".join(base.split(".")[:2]))
            flag = self.by_flag.get(path)
            if flag is None and not self.config:
                flag = flag_of.get(path)
            names[piece] = flag or (piece if f"{path}." in base or "." not in path else path)
        if all(old == new for old, new in names.items()):
            return exc.renamed({}, exc.kind, words)  # other flags its words name
        kind = "option" if any(p.startswith("--") for p in names.values()) else None  # TARGET/--db
        return exc.renamed(names, kind, words)


def _pieces(column: str) -> list[str]:
    """The flags or keys a column names ("--y-pred/--protected"); a '/' inside a data column
    after its key ("roles.protected.a/b") is the column's, not a separator."""
    pieces: list[str] = []
    for piece in column.split("/"):
        key = piece.startswith(("--", "TARGET")) or piece.split(".")[0] in _SECTIONS
        pieces += [piece] if key or not pieces else [f"{pieces.pop()}/{piece}"]
    return pieces


_SECTIONS = ("gate", "groups", "model", "outputs", "policy", "roles", "target", "thresholds")


def spec_command(purpose: str, summary: str) -> click.Command:
    """The command ``purpose`` (compare, thresholds): TARGET and every flag of its spec, run
    by ``execute`` and shown by ``ethiclens.report``'s ``summary``; its help: the command
    table's (``ethiclens --help``), typed once."""

    @click.command(purpose, help=_SHORT_HELP[purpose])
    @click.argument("target", required=False)
    @spec_options(purpose)
    def command(target, **_flags):
        execute(SpecRequest(click.get_current_context(), target), purpose, lines_of(summary))

    command.summary = f"ethiclens.report.{summary}"  # what it calls (scripts/gen_api_doc.py)
    return command


def lines_of(summary: str):
    """A printer of ``ethiclens.report``'s ``summary`` lines (report imported when it prints)."""

    def printer(result, to_stderr: bool = False) -> None:
        from .. import report

        for line in getattr(report, summary)(result):
            click.echo(line, err=to_stderr)

    return printer


def execute(request: SpecRequest, purpose: str, printer) -> None:
    """Run the spec (library), gate it, print, write every output, then exit 1 if gated."""
    from ..fairness import GateOutcome
    from ..report import check_browser
    from ..spec import check_output_paths, run_audit, run_compare, run_thresholds, write_outputs

    spec = request.spec
    for note in request.notes:
        click.echo(note, err=True)
    runner = {"audit": run_audit, "compare": run_compare, "thresholds": run_thresholds}[purpose]
    try:
        check_output_paths(spec, request.save_config, request.config)
        check_stdout_open(spec.outputs.json)
        if spec.outputs.pdf and purpose == "audit":  # no renderer: refused before any work
            try:
                check_browser()
            except EthicLensInputError as e:  # the library's words name no flag
                raise EthicLensInputError(e.problem, column="--pdf", fix=e.fix) from None
        result = runner(spec)  # the library decides the gate too (run.gate)
    except EthicLensInputError as exc:
        raise request.flag_error(exc) from None
    to_stdout = spec.outputs.json == "-"
    printer(result, to_stdout)
    engine = (result.run or {}).get("engine")
    if engine and engine != "benchmark":
        click.echo(f"engine: {engine}", err=to_stdout)
    # the JSON first (--json -: stdout), the saved request before the PDF (kept if that fails)
    for path in write_outputs(result, spec, purpose, request.save_config):
        click.echo(f"wrote {path}", err=to_stdout)
    gated = result.run.get("gate")
    if gated:
        outcome = GateOutcome.from_dict(gated, result)  # its names masked alone
        named = {  # what the config file set, by its key (no flag gave it)
            key: f"gate.{key} = {getattr(outcome, key)} from {request.config}"
            for key in ("fail_on", "baseline")
            if request.config and f"gate.{key}" not in request.by_flag
        }
        if not outcome.passed:
            raise GateFailed(outcome.message(cli=True, named=named))
        # stderr: --json - keeps stdout JSON; all notes are in the JSON written, if any
        if line := outcome.baseline_line(cli=True, json=spec.outputs.json, named=named):
            click.echo(line, err=True)
