"""The ``ethiclens`` command group; bad input exits with code 2 and a one-line reason.

Start-up is kept cheap: each subcommand's module is imported only when that command runs or its
own help is shown, and ``ethiclens --help`` lists the commands from the static table below, so
neither imports pandas, scikit-learn, matplotlib or torch.
"""

from __future__ import annotations

import importlib
import signal
import sys
import warnings

import click

from .._optional import as_missing_extra
from .._version import __version__
from ..errors import SHOWN_DIGITS, EthicLensInputError, in_cli_words, shortened_quotes

# name -> short help. The short help must equal the command's own first docstring paragraph
# (tests/test_layout.py checks it), so `--help` needs no import.
_SHORT_HELP = {
    "audit": "Audit TARGET: a benchmark, a CSV/Parquet/JSON file, folder or glob.",
    "compare": "Compare two models on the same rows: B − A for every metric, paired intervals.",
    "counts": "Write the counts table of TARGET (a file, glob or folder) or of --db: only "
    "aggregates.",
    "datasets": "The benchmark datasets EthicLens ships or can download.",
    "monitor": "Watch a deployed model over time: per-window counts and anytime-valid fairness "
    "evidence.",
    "oracle": "Self-check: inject known bias, audit it many times, report recovery and CI "
    "coverage.",
    "p2nia": "Privacy-preserving non-iterative audits: request, release, estimate (no API).",
    "pcer": "Privacy-cost equity: who bears the membership-inference risk, and what they get for "
    "it.",
    "probe": "Counterfactual probing: change only the protected attribute and watch the model.",
    "serve": "Start the local web app: upload data, confirm the columns, read the audit (in a "
    "browser).",
    "thresholds": "Rates and the DI/EO verdict per group as the decision threshold moves (a "
    "score file).",
}
# flags that are lists on audit/compare (given twice: two attributes, two models), one here
ONE_HERE = {"--protected": "protected attribute", "--y-pred": "prediction column"}
TYPED: dict[tuple, str] = {}  # (option, repr(a number it reads as)) -> its text, if not str()
_GROUPS = ("datasets", "p2nia", "pcer", "probe")  # NAME_group; the other commands: NAME_command
# name -> (module, attribute, short help): oracle lives beside probe
COMMANDS: dict[str, tuple[str, str, str]] = {
    name: (
        f"ethiclens.cli._{'probe' if name == 'oracle' else name}",
        f"{name}_{'group' if name in _GROUPS else 'command'}",
        short,
    )
    for name, short in _SHORT_HELP.items()
}


class OnceGroup(click.Group):
    """A group whose commands say so when a one-value option is given twice (click keeps the
    last silently), and refuse a second --config (``--config a.yaml --config b.yaml`` would
    audit b alone, where a merge may have been meant)."""

    def resolve_command(self, ctx, args):
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None and not isinstance(command, click.Group):
            repeated_options(command, rest)
        return name, command, rest


def repeated_options(command: click.Command, args: list[str]) -> None:
    """Walk ``args`` as click's parser does for long options: a second value of one that
    takes one value gets a note (the last counts: a shell alias may set a default the command
    line overrides), or is refused (--config; ``ONE_HERE``'s with another value); a flag, a
    counter or a repeatable option may come again. A number's text is kept as typed (TYPED)."""
    from .._checks import is_number_text, whole_number

    options = {
        o: p
        for p in command.params
        if isinstance(p, click.Option) and not (p.count or p.is_flag)
        for o in p.opts
        if o.startswith("--")
    }
    seen, tokens = {}, iter(args)
    for token in tokens:
        if token == "--":
            return
        flag, eq, value = token.partition("=")
        param = options.get(flag)
        if param is None:
            continue
        value = value if eq else " ".join(next(tokens, "") for _ in range(param.nargs))
        # the numbers a check may read it as (whole, float), kept as typed; a long one: shortened
        kinds = ((whole_number, True), (float, False)) if len(value) <= SHOWN_DIGITS else ()
        read = [r(value) for r, whole in kinds if is_number_text(value, whole=whole)]
        TYPED.update({(flag, repr(n)): value for n in read if str(n) != value})
        if param.name in seen and not param.multiple:
            first, then = (_shown_value(v) for v in (seen[param.name], value))
            given = f"is given twice ({first}, then {then})"
            if flag == "--config":
                raise EthicLensInputError(given, column=flag, fix="give one spec file")
            if flag in ONE_HERE and seen[param.name] != value:  # a list elsewhere: not 'last'
                fix = f"give {flag} once: this command takes one {ONE_HERE[flag]}, run it again"
                raise EthicLensInputError(given, column=flag, fix=fix)
            click.echo(f"note: {flag} {given}: the last one counts", err=True)
        seen[param.name] = value


def _shown_value(value: str) -> str:
    """An option's value as a refusal shows it: secrets masked, then a long one shortened."""
    from .._checks import shown_typed
    from .._secrets import mask_secrets, mask_url

    shown = mask_url(value) if "://" in value else mask_secrets(value)
    return shortened_quotes(repr(shown_typed(shown)))  # 122222222222…222222 (400 digits)


class LazyGroup(OnceGroup):
    """A group whose subcommands are imported on first use, from a table of
    ``name -> (module, attribute, short help)``."""

    def __init__(self, *args, lazy_commands: dict[str, tuple[str, str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands)

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy_commands))

    def get_command(self, ctx, cmd_name):
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            module_name, attr, _ = self.lazy_commands[cmd_name]
            command = getattr(importlib.import_module(module_name), attr)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx, formatter):
        """Like click's, but the short help of a command not yet loaded comes from the table."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names), default=0)
        commands = {
            name: self.commands.get(name) or click.Command(name, help=self.lazy_commands[name][2])
            for name in names
        }
        rows = [(n, c.get_short_help_str(limit)) for n, c in commands.items() if not c.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(
    cls=LazyGroup, lazy_commands=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(__version__, prog_name="ethiclens")
def cli():
    """EthicLens: fairness, privacy-cost equity and private audits of ML classifiers."""


def main(argv=None) -> int:
    """Run the CLI on ``argv`` (default ``sys.argv[1:]``) and return the exit code.

    Bad input prints one line, ``error: <what>: <problem>. Fix: <fix>``, and returns 2: an
    :class:`~ethiclens.errors.EthicLensInputError` (a missing optional dependency included), a
    command-line usage error (an unknown option or command, a missing or badly typed value), a
    file the user may not read or write, and a full disk. Everything printed passes
    :func:`ethiclens._text.terminal_safe` (no control characters or bidi overrides from user
    text reach the terminal).
    """
    from .._text import SafeStream

    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = (s if isinstance(s, SafeStream) else SafeStream(s) for s in saved)
    # SIGTERM exits 143 as a shell reports it, through every finally: no browser or temp file left
    previous = signal.signal(signal.SIGTERM, lambda signum, _: sys.exit(128 + signum))
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _warning_printer()
            code = _run(argv)
        sys.stdout.flush()  # a reader gone by now is found here, not at the interpreter's exit
        return _closed_stdout(code, sys.argv[1:] if argv is None else argv)
    finally:
        sys.stdout, sys.stderr = saved
        signal.signal(signal.SIGTERM, previous)


def _closed_stdout(code: int, argv) -> int:
    """The exit code of a run whose standard output's reader went away (``| head -1``): the
    code stands (the files were written), unless a report to standard output was cut short."""
    from .._text import report_cut_short

    if code == 2 or not report_cut_short(sys.stdout, argv):
        return code
    _error(
        "standard output was closed before the report written to it was whole (every "
        "file was written). Fix: give the option a file name, or read all of standard output"
    )
    return 141  # as a shell reports a process a closed pipe ended (1 is a failed gate)


def _warning_printer():
    """``warnings.showwarning`` for one run: a library's warning (SQLAlchemy ignoring a URL
    option, ...) as one line, each text once, no source listing, secrets masked, long values cut."""
    from .._secrets import mask_secrets
    from .._text import one_line

    shown: set[str] = set()

    def show(message, category, filename, lineno, file=None, line=None) -> None:
        text = one_line(mask_secrets(shortened_quotes(str(message))))
        if text not in shown:
            shown.add(text)
            click.echo(f"warning: {text}", err=True)

    return show


def _error(text: str) -> int:
    """Say ``text`` as the one error line, any password masked; the exit code of bad input, 2."""
    from .._secrets import mask_secrets  # click's own messages quote a value as typed
    from .._text import one_line

    click.echo(f"error: {one_line(mask_secrets(shortened_quotes(text)))}", err=True)
    return 2


def _run(argv) -> int:
    TYPED.clear()
    try:
        cli.main(args=argv, prog_name="ethiclens", standalone_mode=False)
    except EthicLensInputError as exc:
        return _error(str(_as_typed(in_cli_words(exc))))  # a fix in pandas code: its CLI words
    except ModuleNotFoundError as exc:
        missing = as_missing_extra(exc)
        if missing is None:
            raise
        return _error(str(missing))
    except click.exceptions.Abort:
        # 128 + SIGINT, as shells report it: exit 1 means a gate failed (--fail-on)
        click.echo("aborted", err=True)
        return 130
    except click.exceptions.NoArgsIsHelpError as exc:
        exc.show()  # `ethiclens` alone: the help
        return exc.exit_code
    except click.UsageError as exc:
        return _error(usage_error_line(exc))
    except click.ClickException as exc:
        _error(exc.format_message().rstrip("."))
        return exc.exit_code
    except (OSError, RuntimeError) as exc:  # RuntimeError: Path.resolve's loop of links
        from ..io import interrupted_query, os_error_line

        if interrupted_query(exc):  # Ctrl-C inside a DuckDB query: an interrupt, not a crash
            click.echo("aborted", err=True)
            return 130
        line = os_error_line(exc)
        if line is None:
            raise
        return _error(line)
    return 0


def _as_typed(e: EthicLensInputError) -> EthicLensInputError:
    """``e`` quoting a number option's value as typed (``'-1'``, not the ``-1.0`` click read
    and a check refused), as ``'1e400'`` is quoted: the text this run's ``TYPED`` kept."""
    text = TYPED.get((str(e.column), repr(e.value)))
    if text is None:  # not a number an option read from other text
        return e
    return EthicLensInputError(e.problem, column=e.column, value=text, fix=e.fix, kind=e.kind)


def _param_name(param) -> tuple[str, str]:
    """(kind, name) of a click parameter: ('option', '--n-boot') or ('argument', 'TARGET')."""
    if isinstance(param, click.Argument):
        return "argument", param.human_readable_name
    opts = list(getattr(param, "opts", []) or [param.name])
    opts = [o for o in opts if o.startswith("--")] or opts
    return "option", max(opts, key=len)


def _type_fix(param, ctx_path: str, problem: str = "") -> str:
    """What to give instead, from the parameter's type (click's name of it for a number)."""
    from .._checks import WHOLE_FIX
    from ..spec import field_fix  # 95%, 1e-400: the option's example (0.5 is no level)

    if isinstance(kind := param.type, (click.IntRange, click.FloatRange)):
        return f"give a number in {kind._describe_range()}"
    if isinstance(kind, (click.Path, click.File)):
        return "check the path"
    number = field_fix(*param.opts, typed="underflows to 0" not in problem)
    fixes = {"integer": WHOLE_FIX, "float": number, "boolean": "give true or false"}
    return fixes.get(getattr(kind, "name", ""), f"see '{ctx_path} --help'")


def _literal(text: str):
    """The value click's message quotes (``'Adult'``), None where it quotes none."""
    import ast

    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None


def usage_error_line(exc: click.UsageError) -> str:
    """click's usage error as EthicLens's one line: ``option '--x': problem. Fix: fix``."""
    from .._checks import choice_error, role_flag

    ctx = exc.ctx
    path = ctx.command_path if ctx is not None else "ethiclens"
    help_fix = f"see '{path} --help'"
    message = (exc.message or "").strip().rstrip(".")
    guess = f"did you mean {' or '.join(getattr(exc, 'possibilities', None) or ())}? "
    if isinstance(exc, click.NoSuchOption):  # --label: --y-true, never the near --pos-label
        flags = {o for p in getattr(ctx and ctx.command, "params", ()) for o in p.opts}
        meant = role_flag(exc.option_name, flags)
        if meant is not None:
            guess = f"did you mean {meant}? " if meant else ""
        fix = f"{guess}({help_fix})" if guess and (meant or exc.possibilities) else help_fix
        return f"option {exc.option_name!r}: no such option of '{path}'. Fix: {fix}"
    if isinstance(exc, getattr(click.exceptions, "NoSuchCommand", ())):
        names = []
        if ctx is not None and isinstance(ctx.command, click.Group):
            names = ctx.command.list_commands(ctx)
        fix = "choose from " + ", ".join(names) if names else help_fix
        fix = f"{guess}({fix})" if exc.possibilities else fix
        return f"command {exc.command_name!r}: no such command of '{path}'. Fix: {fix}"
    if isinstance(exc, click.MissingParameter) and exc.param is not None:
        kind, name = _param_name(exc.param)
        extra = exc.param.type.get_missing_message(param=exc.param, ctx=ctx) or ""
        extra = " ".join(extra.split())  # click lists choices one per line: one line here
        fix = extra.rstrip(".") if extra else f"give {name} ({help_fix})"
        return f"{kind} {name!r}: is required but was not given. Fix: {fix[:1].lower() + fix[1:]}"
    if isinstance(exc, click.BadParameter) and exc.param is not None:
        kind, name = _param_name(exc.param)
        if isinstance(choices := exc.param.type, click.Choice):  # the library's words: one for all
            typed = _literal(message.partition(" is not ")[0])  # click's "'Adult' is not …"
            return str(choice_error(typed, choices.choices, column=name, kind=kind))
        return f"{kind} {name!r}: {message}. Fix: {_type_fix(exc.param, path, message)}"
    if isinstance(exc, click.BadOptionUsage):
        problem = message.removeprefix(f"Option {exc.option_name!r} ")
        if problem.startswith("requires an argument"):
            problem = "needs a value after it"
        return f"option {exc.option_name!r}: {problem}. Fix: write {exc.option_name} VALUE"
    return f"{message[:1].lower() + message[1:]} (command '{path}'). Fix: {help_fix}"


if __name__ == "__main__":
    sys.exit(main())
