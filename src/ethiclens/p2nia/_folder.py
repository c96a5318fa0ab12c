"""The platform's and the auditor's steps on files, as every face runs them: read a request
file, release data into a folder (``p2nia release``), and the flags' text forms (bins)."""

from __future__ import annotations

import contextlib
import json
import math
import warnings
from dataclasses import dataclass
from pathlib import Path

from .._checks import (
    budget_text,
    delta_fix,
    epsilon_fix,
    epsilon_text,
    is_number_text,
    naming_file,
    split_list,
)
from .._keywords import refuse_unknown, refusing_unknown_keywords
from ..errors import EthicLensInputError, flag_texts, in_cli_words
from ..io import _check_writable_argument, check_outputs, read_table
from ._common import MANIFEST, TABLE
from ._outputs import STDOUT, refuse_stdout, write_json_output
from ._protocol import (
    DATA_SOURCE,
    REQUEST_KEYS,
    AuditRequest,
    Release,
    as_request,
    check_seed,
    listed,
    refuse_unused_delta,
    release_rows,
    warn_if_seeded,
    write_release,
)
from ._synth import check_edges

# the request's keys request_from_options takes as they are (accounting, track_budget), beside
# those its own parameters give (groups: protected_domain)
_OPTION_KEYS = REQUEST_KEYS - {"n", "protected", "protected_domain", "metrics", "epsilon"}
_OPTION_KEYS -= {"delta", "mechanism"}


def request_from_options(
    n,
    protected,
    epsilon,
    *,
    groups=None,
    metrics="dp,eo,eopp",
    delta=None,
    mechanism="grr",
    **fields,
) -> AuditRequest:
    """``p2nia request``'s flags as typed (``epsilon``, ``delta``, ``groups`` and ``metrics``
    as text) -> the checked request, its refusals naming the flags. A number too small for a
    double is refused as typed (``1e-400`` underflows to 0), a δ for a mechanism that uses
    none (GRR) is refused, and a request without ``groups`` warns that the release will
    disclose the data's group values."""
    # a keyword it does not take, refused in a Python caller's words (the command line's are
    # all taken), not as a request file's unknown key
    taken = ["n", "protected", "epsilon", "groups", "metrics", "delta", "mechanism"]
    meant = {"protected_domain": "groups"}
    refuse_unknown(
        "request_from_options", fields, _OPTION_KEYS, taken + sorted(_OPTION_KEYS), meant
    )
    typed = {"--epsilon": epsilon, "--delta": delta, "--metrics": metrics, "--groups": groups}
    with _numbers_as_typed(typed):  # '-1', not -1.0; '' not []
        req = AuditRequest.from_dict(
            {
                "n": n,
                # spaces around it stripped, as audit --protected reads a name no column holds
                "protected": protected.strip() if isinstance(protected, str) else protected,
                "metrics": listed(metrics, "--metrics", split_list),
                # an empty --groups is refused as a file's [] is, not read as "no groups"
                "protected_domain": None if groups is None else listed(groups, "--groups"),
                "epsilon": _typed_epsilon(epsilon),
                "delta": _typed_number(delta, "--delta", "δ", delta_fix("--delta")),
                "mechanism": mechanism,
                **fields,
            }
        )
        refuse_unused_delta(req, "--delta")
    if req.protected_domain is None:
        warnings.warn(
            f"no --groups: the release's manifest will list every value of {protected!r} in the "
            "platform's data, disclosing them; to keep them undisclosed, list the groups (public "
            "knowledge) with --groups, e.g. --groups A,B",
            stacklevel=2,
        )
    return req


@contextlib.contextmanager
def _numbers_as_typed(typed: dict):
    """A refusal of a number read from a flag's text (``typed``: flag -> text) quoting the
    text (``'-1'``, ``'0.50'``), not the number read (``-1.0``, ``0.5``): as the command line
    quotes it, and as ``'1e400'`` (:func:`errors._number_as_typed`) is."""
    try:
        yield
    except EthicLensInputError as exc:
        text = typed.get(str(exc.column))
        read = exc.value
        if isinstance(read, list) and not read and isinstance(text, str):  # a blank list flag
            raise EthicLensInputError(
                exc.problem, column=exc.column, value=text, fix=exc.fix, kind=exc.kind
            ) from None
        if not isinstance(text, str) or type(read) is not float or not is_number_text(text):
            raise
        if not (read == float(text) or math.isnan(read) and math.isnan(float(text))):
            raise  # another value: a '0' read as 0.0 or 'inf' as inf is shown as typed
        own = type(exc).__init__ is EthicLensInputError.__init__
        cls = type(exc) if own else EthicLensInputError
        raise cls(exc.problem, column=exc.column, value=text, fix=exc.fix, kind=exc.kind) from None


def _typed_epsilon(text):
    """``--epsilon``'s number, read as every ε's text is (:func:`epsilon_text`, its refusal
    the same on every face); a Python caller's number as it is."""
    if not isinstance(text, str):
        return text
    return epsilon_text(text, "--epsilon", fix=epsilon_fix("--epsilon"))


def _typed_number(text, flag: str, symbol: str, fix: str):
    """The number a flag's text writes (None stays None), read as ε's is (:func:`budget_text`:
    refused as typed when it is no number, ' 1e-6' naming its blanks, or so small that it
    underflows to 0, ``1e-400``, rather than shown as 0.0; 1e400 as typed, not as inf)."""
    if text is None or not isinstance(text, str):
        return text
    return budget_text(text, flag, symbol, fix=fix)


@refusing_unknown_keywords
def write_request(req: AuditRequest, out) -> str | None:
    """Write the request to ``out`` (``-``: standard output); the line saying where. A file
    already there is replaced, as every output is, with a warning naming it."""
    if not (isinstance(out, str) and out == STDOUT):  # '', 3, Path(''), an array: 'out'
        _check_writable_argument(out, "out", "pass the file to write, e.g. 'request.json'")
    existed = out != STDOUT and Path(out).is_file()
    wrote = write_json_output(out, req.to_dict())
    if existed:
        warnings.warn(f"{out} already existed: replaced by this request", stacklevel=2)
    return wrote


def parse_bins(specs) -> dict:
    """``COLUMN=E0,E1,...`` items (``--bins``, repeatable) -> ``{column: [edges]}``, checked."""
    out = {}
    for spec in flag_texts(specs, "--bins", "age=0,25,45,65,120"):
        col, eq, edges = spec.partition("=")
        col = col.strip()
        if not eq or not col or not edges.strip():
            raise EthicLensInputError(
                "expected COLUMN=E0,E1,...",
                column="--bins",
                value=spec,
                fix="e.g. --bins age=0,25,45,65,120",
            )
        if col in out:
            raise EthicLensInputError(
                "bins given twice for one column",
                column=f"--bins {col}",
                fix="give each column's edges once",
            )
        # the text as Python's discretization text is read (no float(): '5_0', '1e-400')
        out[col] = check_edges(col, edges).tolist()
    return out


@refusing_unknown_keywords(init=True)  # ReleaseSettings(typo=...): audit()'s refusal
@dataclass(frozen=True)
class ReleaseSettings:
    """How the platform releases: its label and prediction columns, the extra columns
    (comma-separated) and their ``COLUMN=E0,E1,...`` bins, the seed, and how the folder is
    written (``replace``, ``track_budget``); the ``p2nia release`` flags."""

    y_pred: str
    y_true: str | None = None
    columns: str | None = None
    bins: tuple = ()
    open_bins: bool = False
    seed: int | None = None
    replace: bool = False
    track_budget: bool = False


def _release_columns(columns) -> list | None:
    """``ReleaseSettings.columns``: comma-separated text (``--columns a,b``) or, from Python,
    a list or tuple of names (as the request's groups and metrics take one), each a column
    as named; anything else (a set, a number, an item that is no text) refused naming it."""
    if columns is None or isinstance(columns, str):
        return None if columns is None else split_list(columns, "--columns")
    names = flag_texts(columns, "--columns", "a,b")
    if not names:
        raise EthicLensInputError(
            "must name at least one column", column="--columns", value=columns, fix="e.g. a,b"
        )
    return names


def release_to_folder(
    request_path, data_path, out_dir, settings: ReleaseSettings, *, name_rows=None
) -> Release:
    """Read the request and the platform's data, release, and write the release into
    ``out_dir`` (:func:`write_release`); returns the release with the manifest as written.
    ``name_rows(exc, data_path)``, when given, names a refused row by its file line."""
    refuse_stdout(out_dir, "--out", "folder")
    out = Path(out_dir)
    check_outputs(
        {f"--out ({TABLE})": out / TABLE, f"--out ({MANIFEST})": out / MANIFEST},
        inputs=[request_path, data_path],
    )
    for flag, path in (("--request", request_path), ("--data", data_path)):
        if out.resolve() in Path(path).resolve().parents:
            raise EthicLensInputError(
                f"{path} is inside the release folder {out_dir}, which a release replaces as a "
                "whole",
                column=flag,
                fix="keep inputs outside the --out folder",
            )
    check_seed(settings.seed)
    request = as_request(request_path, "--request")
    # a CSV's groups as ``audit`` reads them, text as written: 01, 1 and 1.0 stay three groups
    # (pandas' guessed types would merge them into the number 1)
    with naming_file("--data"):
        rows = read_table(data_path, csv_dtype={request.protected: str})
    source = DATA_SOURCE.set(str(data_path))  # the file named as the audit names it
    try:
        rel = release_rows(
            request,
            rows,
            settings.y_true,
            settings.y_pred,
            _release_columns(settings.columns),
            parse_bins(settings.bins) or None,
            settings.seed,
            settings.open_bins,
        )
    except EthicLensInputError as exc:
        raise in_cli_words(name_rows(exc, data_path) if name_rows else exc) from None
    finally:
        DATA_SOURCE.reset(source)
    write_release(rel, out, replace=settings.replace, track_budget=settings.track_budget)
    if request.protected_domain is None:  # said of a release written, not before a refusal
        warnings.warn(
            f"the request lists no groups: the manifest discloses every value of "
            f"{request.protected!r} in --data; to avoid it, ask the auditor for a request that "
            "lists them (p2nia request --groups)",
            stacklevel=2,
        )
    warn_if_seeded(settings.seed, stacklevel=2)
    return Release(rel.table, json.loads((out / MANIFEST).read_text("utf-8-sig")))
