"""The files a ``p2nia`` or ``pcer`` command writes, checked before any work and written after
it: a JSON option may be ``-`` (standard output, as ``ethiclens audit --json -``: the JSON alone
there, everything else on standard error); any other option given ``-`` is refused, naming it;
an output with a fixed format must carry its suffix; none may replace an input."""

from __future__ import annotations

import json
import sys

from .._checks import check_output_arguments
from .._text import write_whole
from ..errors import EthicLensInputError

STDOUT = "-"


def check_command_outputs(
    outputs: dict, inputs=(), protected_dirs=(), *, suffixes=None, stdout_flag="--json"
) -> bool:
    """Refuse, before any work, outputs the command could not write; True when
    ``outputs[stdout_flag]`` is standard output.

    Parameters
    ----------
    outputs : dict
        Flag -> path (None: not asked).
    inputs, protected_dirs
        What the command reads (:func:`ethiclens.io.check_outputs`).
    suffixes : dict, optional
        Flag -> (suffix, what) of an output with a fixed format, e.g.
        ``{"--json": (".json", "the JSON report")}``; ``.html`` also takes ``.htm``, as the
        audit's HTML report does.
    stdout_flag : str, optional
        The one flag that may be ``-``.
    """
    from ..io import check_outputs, check_suffix, check_writable  # pandas: not for --help

    check_output_arguments(outputs, inputs)
    for flag, path in outputs.items():
        if path == STDOUT:
            _check_stdout(flag, stdout_flag)
    files = {flag: None if path == STDOUT else path for flag, path in outputs.items()}
    # first what would destroy an input or another output, then each file's name and folder
    check_outputs(files, inputs=[i for i in inputs if i], protected_dirs=protected_dirs)
    for flag, path in files.items():
        suffix, what = (suffixes or {}).get(flag, (None, None))
        if path and suffix:
            check_suffix(path, flag, suffix, what)
        if path:
            check_writable(path, flag=flag)
    return outputs.get(stdout_flag) == STDOUT


def refuse_stdout(path, flag: str, kind: str = "file") -> None:
    """Refuse ``-`` for ``flag``, an output (a folder, a store, a table) that only a file
    or folder (``kind``) can receive."""
    if path == STDOUT:
        _check_stdout(flag, None, kind)


def _check_stdout(flag, stdout_flag, kind: str = "file") -> None:
    if flag != stdout_flag:
        raise EthicLensInputError(
            f"only {stdout_flag} can go to standard output ('-')"
            if stdout_flag
            else "cannot go to standard output ('-'): it is written as files",
            column=flag,
            value=STDOUT,
            fix=f"give {flag} a {kind} name",
        )
    if getattr(sys.stdout, "closed_at_start", False):  # the CLI's stream, closed by `>&-`
        raise EthicLensInputError(
            "standard output is closed: the JSON would be lost",
            column=flag,
            value=STDOUT,
            fix=f"give {flag} a file name, or run with standard output open",
        )


def write_json_output(path, document) -> str | None:
    """Write ``document`` as JSON to ``path`` (whole, atomically) or to standard output
    (``-``); the line saying where, or None for standard output."""
    from ..io import _check_writable_argument, write_atomic

    if not (isinstance(path, str) and path == STDOUT):  # '', 3, Path(''), an array: named
        _check_writable_argument(path, "path", "pass the file to write, e.g. 'report.json'")
    text = json.dumps(document, indent=2) if not isinstance(document, str) else document
    if path == STDOUT:
        write_whole(sys.stdout, text + "\n")  # every byte, or a reader gone is found
        return None
    write_atomic(path, text)
    return f"wrote {path}"
