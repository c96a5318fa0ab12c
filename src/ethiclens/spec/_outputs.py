"""The files a spec asks for: checked before any work, written after it (the PDF last).

Every face (the CLI, the web app, a pipeline calling ``ethiclens.run``) writes outputs the
same way; ``--json -`` goes to standard output, whole or said to be cut short.
"""

from __future__ import annotations

import os
import sys
from dataclasses import fields

from .._checks import argument_kinds, instance_kind
from .._secrets import masked_cut
from ..errors import EthicLensInputError, plain_text
from ._spec import AuditSpec, _refused, method_named, refuse_not_spec


def _output_paths(spec: AuditSpec, save_config: str | None = None) -> dict:
    """Flag -> file each output of the spec goes to (None: not asked; ``--json -`` is None)."""
    o = spec.outputs
    paths = {f"--{f.name.replace('_', '-')}": getattr(o, f.name) for f in fields(o)}
    return {**paths, "--json": None if o.json == "-" else o.json, "--save-config": save_config}


def input_files(spec: AuditSpec, config=None) -> list[str]:
    """Every file the spec reads, which no output may replace: the data (a SQLite database
    too), a counts table and its metadata file, the model-card fields, the baseline, the
    config file. A folder given where one file is read (a baseline, ``--card-info .``) is left
    out: it is refused as a folder when read, not as the folder an output would replace."""
    refuse_not_spec(spec)
    t = spec.target
    one_file = [t.counts, spec.model.card_info, spec.gate.baseline, config]
    files = [t.file, *(f for f in one_file if f and not os.path.isdir(f))]
    if t.counts and not os.path.isdir(t.counts):
        from ..sources import metadata_path

        files.append(metadata_path(t.counts))
    if t.db or t.db_env:  # an unset variable or a malformed URL is refused when it is read
        files.extend(sqlite_file_paths(t.db or os.environ.get(t.db_env or "")))
    return [str(f) for f in files if f]


def sqlite_file_paths(url: str | None) -> list[str]:
    """The files of a SQLite URL, whether it names a path or a SQLite URI
    (``sqlite:///file:x.db?uri=true``): the database and its ``-wal`` journal; [] for another
    database, an in-memory one, or a URL refused when it is read."""
    if not url or not str(url).strip().lower().startswith("sqlite"):
        return []
    from ..sources import sqlite_files

    try:
        return sqlite_files(str(url).strip())
    except Exception:  # noqa: BLE001 - a malformed URL is refused, named, when it is read
        return []


def check_output_paths(spec: AuditSpec, save_config=None, config=None) -> None:
    """Refuse, before any work, an output that cannot be written: '-' other than for the JSON,
    one that would overwrite an input, an unknown report format, a folder that is not
    writable, a config file that cannot be saved."""
    from ..io import check_outputs, check_writable

    refuse_not_spec(spec)  # None, a dict: one line, not an AttributeError
    outputs = _output_paths(spec, save_config)
    for flag, path in outputs.items():
        if path == "-":
            problem = "only --json can go to standard output ('-')"
            raise _refused(problem, flag, f"give {flag} a file name")
        if path is not None and not str(path).strip():  # no file: pathlib reads '' as '.'
            fix = "give a value, or leave it out for its default"  # as --config '' is told
            raise _refused("must not be empty", flag, fix, str(path))
    check_outputs(outputs, inputs=input_files(spec, config))
    _check_report_formats(spec.outputs)
    for flag, out in outputs.items():
        if out:
            check_writable(out, flag=flag)
    if save_config:
        spec.check_savable(save_config, "--save-config")


def _check_report_formats(o) -> None:
    """Refuse a report whose extension names another format than the one it is written in
    (model card: .md or .html; PDF; HTML: .html or .htm; the threshold plot: PNG), before any
    work is done."""

    from ..io import check_suffix
    from ..report import card_format

    if o.model_card:
        card_format(o.model_card)
    check_suffix(None if o.json == "-" else o.json, "--json", ".json", "the JSON report")
    check_suffix(o.pdf, "--pdf", ".pdf", "the PDF report")
    check_suffix(o.html, "--html", ".html", "the HTML report")
    check_suffix(o.csv, "--csv", ".csv", "the threshold table (CSV)")
    check_suffix(o.plot, "--plot", ".png", "the threshold plot (PNG)")


@argument_kinds(spec=lambda value, name: refuse_not_spec(value))
def write_outputs(result, spec: AuditSpec, purpose: str, save_config=None):
    """Write the spec's report files for ``result`` (of ``purpose``: audit, compare,
    thresholds), and the spec itself to ``save_config`` when given, yielding each path once
    written. The JSON file first, the PDF last (after the saved spec): an output that fails
    or hangs (the JSON's and the saved spec's too) leaves every other output written, then
    the first one not written is refused, naming any other that was not."""
    from .._text import write_whole

    o = spec.outputs
    if o.json == "-":
        write_whole(sys.stdout, result.to_json() + "\n")  # every byte, or said cut short
    failed = []  # (path, flag, exc) of each output not written, said once the rest is written
    for key, path, write in _writers(result, spec, purpose, save_config):
        try:
            write(path)
        except Exception as exc:  # noqa: BLE001 - reported once the rest is written
            failed.append((path, "--" + key.replace("_", "-"), exc))
            continue
        yield path
    if failed:
        raise _not_written(failed)


def _writers(result, spec: AuditSpec, purpose: str, save_config):
    """(key, path, writer) of each output to write, in the order written: the JSON first,
    the saved spec before the PDF (kept if the renderer fails), else last."""
    from ..io import write_atomic

    o = spec.outputs
    save = (
        "save_config",
        save_config,
        lambda p: method_named(spec)._save(p, "--save-config", purpose),
    )
    writers = (
        [("json", o.json, lambda p: write_atomic(p, result.to_json()))] if o.json != "-" else []
    )
    for key, render in _renderers(result, purpose):
        if key == "pdf" and save_config:
            writers.append(save)
            save_config = None
        writers.append((key, getattr(o, key), render))
    if save_config:
        writers.append(save)
    return [(key, path, write) for key, path, write in writers if path]


def _not_written(failed) -> EthicLensInputError:
    """The refusal of the first output not written, naming the others not written too."""
    path, flag, exc = failed[0]
    first = output_not_written(path, exc, flag)
    if len(failed) == 1:
        return first
    others = ", ".join(f"{p} ({f})" for p, f, _ in failed[1:])
    problem = f"{first.problem}; also not written: {others}"
    return EthicLensInputError(
        problem, column=first.column, value=first.value, fix=first.fix, kind=first.kind
    )


# ``path`` is not checked: it is whatever the caller gave as the output (a number a writer
# refused, write_monitor_outputs(html_out=5)), said in the refusal as text
@argument_kinds(
    exc=instance_kind(BaseException, "the error the writer raised", "e.g. the OSError caught"),
    flag=instance_kind(str, "the output's option", "e.g. '--html'"),
)
def output_not_written(
    path, exc: Exception, flag: str, *, kept: str = "every other output was", report: str = ""
) -> EthicLensInputError:
    """The refusal of an output (``flag``) that could not be written, for a face to raise once
    it has written and said the rest: the writer's own (a PDF renderer that failed), or one
    line naming the file and what went wrong, never a traceback. ``kept``: what was written
    all the same (a monitor run: ``the store and every other output were``); ``report``: how
    the fix names the JSON report (`` (--json)``)."""
    if isinstance(exc, EthicLensInputError) and exc.kind == "argument" and exc.column == "path":
        # the writer's own check of its argument 'path' (the folder removed while the audit
        # ran): no Python argument here. One that names the file is said as before the run
        # ("output o/t.png: folder o does not exist"), any other names the output's flag
        column = None if str(exc.problem).startswith("output ") else flag
        return EthicLensInputError(exc.problem, column=column, value=exc.value, fix=exc.fix)
    if isinstance(exc, EthicLensInputError):
        return exc
    said = masked_cut(exc, 300)  # masked, then cut: cut first, a URL's password was shown
    shown = plain_text(path)  # a number past Python's int-to-text limit shortened, not a crash
    problem = f"{shown} could not be written ({type(exc).__name__}: {said}); {kept}"
    fix = f"report this with the input that caused it; the JSON report{report} holds every number"
    return _refused(problem, flag, fix, shown)


def _renderers(result, purpose):
    """(the outputs' key, its writer) for ``purpose``, in the order they are written."""
    from ..io import write_atomic

    if purpose == "audit":
        from ..report import html_to_pdf, render_card, render_html

        pairs = [
            ("html", lambda p: write_atomic(p, render_html(result))),
            ("model_card", lambda p: write_atomic(p, render_card(result, p))),
            ("pdf", lambda p: html_to_pdf(render_html(result), p)),
        ]
    elif purpose == "compare":
        from ..report import write_comparison_html

        pairs = [("html", lambda p: write_comparison_html(result, p))]
    else:
        from ..report import write_threshold_html, write_threshold_png

        pairs = [
            ("csv", lambda p: write_atomic(p, result.to_csv())),
            ("plot", lambda p: write_threshold_png(result, p)),
            ("html", lambda p: write_threshold_html(result, p)),
        ]
    return pairs
