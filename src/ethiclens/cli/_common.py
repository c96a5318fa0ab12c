"""What the probe, P2NIA and PCER commands share: the console, options declared as a table,
output checks, JSON writing, the ``--positive`` vocabulary."""

from __future__ import annotations

import os
import sys

import click

from .._checks import check_member, empty_fix, is_number_text, number_problem, typed_whole
from .._text import safe_console
from ..errors import EthicLensInputError, _number_as_typed


def _named(param) -> dict:
    arg = isinstance(param, click.Argument)
    column = param.human_readable_name if arg else param.opts[0]
    return {"column": column, "kind": "argument" if arg else None}


class NotFolder(click.Path):
    """click's path, refusing a folder where a file goes, or a file where a folder goes, in
    audit's words (not click's "File 'DIR' is a directory. Fix: check the path")."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and "\x00" in value:  # io's words (not os.stat's error)
            from ..io import NUL_IN_PATH, NUL_PATH_FIX  # pandas: read on this refusal only

            raise EthicLensInputError(NUL_IN_PATH, value=value, fix=NUL_PATH_FIX, **_named(param))
        if isinstance(value, str):  # a name too long: by its flag (was "the path has ...")
            from ..io import check_writable, refuse_unopenable  # pandas: not at --help

            refuse_unopenable(value, **_named(param))
        if not self.dir_okay and isinstance(value, str) and os.path.isdir(value):
            if (flag := param.opts[0]) in "--out --json --html --plot --save-config".split():
                check_writable(value, flag=flag)  # an output replaced whole: io's (audit's) words
            fix = "give the path of a regular file"
            raise EthicLensInputError(f"{value} is a folder", fix=fix, **_named(param))
        if not self.file_okay and isinstance(value, str) and os.path.isfile(value):
            problem = f"{value} is a file, not a folder"  # as io says of an output's folder
            raise EthicLensInputError(problem, fix="give a folder", **_named(param))
        return super().convert(value, param, ctx)


class _Path(NotFolder):
    """click's path, refusing '' and blank text (pathlib reads '' as the working folder)."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            fix = "give a path" if param.required else empty_fix(param.name)  # as --json '' is
            raise EthicLensInputError("must not be empty", value=value, fix=fix, **_named(param))
        return super().convert(value, param, ctx)


FILE = _Path(dir_okay=False)
FOLDER = _Path(file_okay=False)


class _Strict:
    """A click number read by every face's rule (``_checks.number_problem``, as ``0_8``, ``٣``)."""

    def convert(self, value, param, ctx):
        if problem := number_problem(value, whole=(whole := self.name == "integer")):
            from ..spec import refuse_field_text  # abc: the setting's words, with its range

            text = refuse_field_text(value, param.opts, whole, ctx.command_path)  # else as typed
            return self.fail(problem, param, ctx) if not whole and is_number_text(value) else text
        return super().convert(value, param, ctx)


STRICT_INT = type("StrictInt", (_Strict, click.types.IntParamType), {})()
STRICT_INT._number_class = typed_whole  # past int()'s digits, or 50.0: the check's words
STRICT_FLOAT = type("StrictFloat", (_Strict, click.types.FloatParamType), {})()
STRICT_FLOAT._number_class = _number_as_typed  # 1e400: refused as typed, not as inf
_STRICT = {int: STRICT_INT, float: STRICT_FLOAT, click.INT: STRICT_INT, click.FLOAT: STRICT_FLOAT}


def option(*decls, **settings):
    """One row of an options table: click's option, its number (``type`` int or float, or a
    default click types it by) read by the one rule (``STRICT_INT``, ``STRICT_FLOAT``)."""
    kind = settings.get("type", type(settings.get("default")))
    settings["type"] = _STRICT.get(kind, settings.get("type"))
    return click.option(*decls, **settings)


def shown(*decls, **settings):
    """An option whose default ``--help`` shows."""
    return option(*decls, show_default=True, **settings)


JSON = option("--json", "json_out", type=FILE)


def check_stdout_open(json_out) -> None:
    """Refuse ``--json -`` before any work when standard output was closed at start (``>&-``):
    the report would be lost, while every other output of a closed stream is only dropped."""
    if json_out == "-" and getattr(sys.stdout, "closed_at_start", False):
        problem = "standard output is closed: the JSON report would be lost"
        fix = "give --json a file name, or run with standard output open"
        raise EthicLensInputError(problem, column="--json", value="-", fix=fix)


def options(*rows):
    """Click options declared as a table (rows of :func:`option`), in ``--help`` order."""

    def apply(command):
        for row in reversed(rows):
            command = row(command)
        return command

    return apply


def writable(outputs: dict, inputs=(), protected_dirs=()) -> None:
    """Before any work: no output overwrites an input (or a protected folder), and each
    output given can be written."""
    from ..io import check_outputs
    from ..report import check_writable

    check_outputs(outputs, inputs=inputs, protected_dirs=protected_dirs)
    for flag, path in outputs.items():
        if path:
            check_writable(path, flag=flag)


def json_outputs(json_out, inputs=()) -> bool:
    """``--json`` checked before any work; True for ``-`` (standard output: the rest on stderr)."""
    from ..p2nia import check_command_outputs

    suffix = {"--json": (".json", "the JSON report")}
    return check_command_outputs({"--json": json_out}, inputs=inputs, suffixes=suffix)


def show(blocks, err: bool = False) -> None:
    """Print a result's terminal view (rich renderables, user text already escaped)."""
    console = safe_console(stderr=err)
    for block in blocks:
        console.print(block)


class PositiveChoice(click.Choice):
    """``--positive favorable|harmful``, the one sign vocabulary of every command; the old
    spelling ``beneficial`` is a deprecated alias of ``favorable`` (a notice on stderr)."""

    def __init__(self):
        super().__init__(["favorable", "harmful"], case_sensitive=False)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and value.lower() == "beneficial":
            click.echo(
                "warning: --positive beneficial is deprecated; use --positive favorable", err=True
            )
            return "favorable"
        return super().convert(value, param, ctx)


def positive_option(help_text: str):
    """The shared ``--positive`` option (default None: the dataset's or command's default)."""
    return click.option("--positive", type=PositiveChoice(), default=None, help=help_text)


# The probes' old spelling of the label direction, kept hidden for scripts that still pass it.
deprecated_favorable_option = option(
    "--favorable", type=int, hidden=True, help="Deprecated: the favourable prediction (0 or 1)."
)


def favorable_label(positive: str | None, favorable: int | None, default: int) -> int:
    """The favourable prediction (0 or 1) from ``--positive`` or the deprecated ``--favorable``."""
    if favorable is not None:
        fix = "use --positive favorable|harmful instead"
        check_member(favorable, (0, 1), column="--favorable", problem="must be 0 or 1", fix=fix)
        click.echo(
            "warning: --favorable is deprecated; use --positive favorable (prediction 1 "
            "is favourable) or --positive harmful (prediction 0 is)",
            err=True,
        )
        if positive is not None and (positive == "favorable") != (favorable == 1):
            problem = f"--favorable {favorable} contradicts --positive {positive}"
            raise EthicLensInputError(problem, column="--positive", fix="give only --positive")
        return favorable
    if positive is None:
        return default
    return 1 if positive == "favorable" else 0
