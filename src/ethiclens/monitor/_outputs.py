"""The files a monitor run writes, checked before the store is touched.

A run commits its windows to the store before the reports are written, so an output that
cannot be written must be refused first: otherwise the windows are stored, the command fails,
and the gate (``--fail-on``) never runs.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from .._checks import INPUTS_FIX, TEXT_LIKE, type_refusal
from .._keywords import refusing_unknown_keywords
from ..errors import EthicLensInputError


def check_monitor_outputs(json_out=None, html_out=None, store=None, inputs=(), spec=None) -> None:
    """Refuse, before any work, outputs the run could not write.

    Parameters
    ----------
    json_out : str, optional
        The JSON report's path; ``-`` is standard output.
    html_out : str, optional
        The dashboard's path (a file: ``-`` is refused).
    store : str, optional
        The store's SQLite file (a PostgreSQL URL is no file and is not checked).
    inputs : iterable of paths
        Files the run reads (the target, the config): no output may replace one.
    spec : AuditSpec, optional
        The run's spec: its outputs are first checked as the audit's are
        (:func:`ethiclens.spec.check_output_paths`: the dashboard's name must end in .html or
        .htm, as ``audit --html``'s).
    """
    from ..io import check_outputs, check_writable
    from ..spec import check_output_paths
    from ._store import check_new_store, checked_store, is_store_url

    if spec is not None:
        check_output_paths(spec)
    if store is not None:
        checked_store(store)  # None, a set, 10**5000: named, never os's TypeError
    if (
        isinstance(inputs, TEXT_LIKE)
        or not isinstance(inputs, Iterable)
        or getattr(inputs, "ndim", None) == 0
    ):
        problem = "must be a list of the paths the run reads, not"
        raise type_refusal(inputs, problem, column="inputs", fix=INPUTS_FIX)

    if html_out == "-":
        raise EthicLensInputError(
            "only --json can go to standard output ('-')",
            column="--html",
            fix="give --html a file name",
        )
    outputs = {"--json": None if json_out == "-" else json_out, "--html": html_out}
    if store is not None and not is_store_url(store):
        outputs["--store"] = str(store)
    check_outputs(outputs, inputs=[x for x in inputs if x])
    for flag in ("--json", "--html"):
        if outputs[flag]:
            check_writable(outputs[flag], flag=flag)
    check_new_store(store)


def refuse_store_in_inputs(request, store_path) -> None:
    """Refuse, as :func:`check_monitor_outputs` refuses ``--store``, a SQLite store that is a
    file the run reads, lies in its folder or matches its glob (the target, the baseline): a
    Python run's too, whose store in ``exports/`` the command line then refused. A store that
    is no file's path is left to ``Store.open``'s refusal."""
    from ..io import check_outputs
    from ._store import checked_store, is_store_url

    path = checked_store(store_path)
    if is_store_url(path) or (os.path.exists(path) and not os.path.isfile(path)):
        return
    read = [] if request.db else [request.target]
    read = [p for p in (*read, request.baseline_target) if isinstance(p, str | os.PathLike)]
    try:
        check_outputs({"--store": str(path)}, inputs=read)
    except EthicLensInputError:
        raise
    except (OSError, ValueError, RuntimeError):  # a path no file system holds (a NUL, a loop):
        return  # its reader refuses it below, in its words


@refusing_unknown_keywords
def write_monitor_outputs(result, json_out=None, html_out=None) -> tuple[list, Exception | None]:
    """Write the JSON report (``-``: standard output, the caller's to print) and then the
    dashboard, each whole, as the audit writes its outputs
    (:func:`ethiclens.spec.write_outputs`): a dashboard that fails to render or write leaves
    the JSON written, a JSON not written (a full disk) the dashboard. Returns the paths
    written and the one-line refusal of those that were not (None when every one was), for
    the caller to raise once it has said the rest."""
    from .._checks import check_argument_type
    from ..fairness import in_python_words
    from ..io import check_outputs, write_atomic
    from ._render import render_html
    from ._report import MonitorResult
    from ._store import is_store_url

    problem = "must be a MonitorResult (what run_monitor or read_store_report returns), not a"
    fix = "pass the result of ethiclens.monitor.run_monitor(...)"
    check_argument_type(result, MonitorResult, column="result", problem=problem, fix=fix)
    # neither output replaces the run's store, its target file or the other (a Python caller's
    # paths: the command line checked its own with check_monitor_outputs first); a path that
    # is no file's (a NUL, a number, a folder) is refused by its writer below
    doc = result.to_dict()  # a store's report (read_store_report) has no run, no target
    kept, target = doc.get("store"), doc.get("run", {}).get("target")
    outputs = {"the store": None if is_store_url(kept) else kept}
    outputs |= {"json_out": None if json_out == "-" else json_out, "html_out": html_out}
    outputs = {k: p for k, p in outputs.items() if isinstance(p, str | os.PathLike)}
    outputs = {k: p for k, p in outputs.items() if "\x00" not in str(p) and not os.path.isdir(p)}
    read = [target] if os.path.isfile(str(target)) else []
    in_python_words(lambda: check_outputs(outputs, inputs=read), {k: k for k in outputs})
    written, failed = [], []  # a path refused as write_atomic's 'path' is this function's argument
    if json_out and json_out != "-":
        try:
            in_python_words(lambda: write_atomic(json_out, result.to_json()), {"path": "json_out"})
            written.append(str(json_out))
        except EthicLensInputError as exc:
            if exc.kind == "argument":  # the caller's argument (a NUL, a number): nothing written
                raise
            failed.append((json_out, "--json", exc))  # a full disk: the dashboard still written
    if html_out:
        try:
            html = render_html(result.to_dict())
            in_python_words(lambda: write_atomic(html_out, html), {"path": "html_out"})
            written.append(str(html_out))
        except Exception as exc:  # noqa: BLE001 - one line once the rest is said, no traceback
            failed.append((html_out, "--html", exc))
    return written, _not_written(failed)


def _not_written(failed) -> EthicLensInputError | None:
    """The spec's refusal of the first output not written (naming the store kept too), and
    of any other not written; None when every one was written."""
    from ..spec import output_not_written

    if not failed:
        return None
    kept, report = "the store and every other output were", " (--json)"
    (path, flag, exc), others = failed[0], failed[1:]
    first = output_not_written(path, exc, flag, kept=kept, report=report)
    if not others:
        return first
    problem = f"{first.problem}; also not written: {others[0][0]} ({others[0][1]})"
    return EthicLensInputError(
        problem, column=first.column, value=first.value, fix=first.fix, kind=first.kind
    )
