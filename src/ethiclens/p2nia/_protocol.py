"""The P2NIA protocol as files: the auditor's request, the platform's release, the estimate.

1. Auditor: :func:`make_request` (n′, protected attribute, metrics, mechanism, ε, δ).
2.–5. Platform: :func:`release` labels nothing new (it passes its data with labels Y and its
   model's predictions Ŷ), applies the mechanism, and :func:`write_release` writes the table
   and a manifest (mechanism, ε, δ, per-column domains and parameters, row count, library
   version, SHA-256 of the table and of the manifest).
6. Auditor: :func:`read_release` verifies both hashes; :func:`estimate` computes DP, EO, EOpp
   with bootstrap intervals and says which mechanism and budget they rest on.

The hashes detect a table or manifest changed after release (integrity, not authentication:
anyone can recompute a SHA-256; signing would need keys the protocol does not assume).
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import csv
import errno
import hashlib
import io
import json
import math
import os
import re
import secrets
import shutil
import tempfile
import warnings
import weakref
from collections.abc import Hashable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from .._checks import (
    bytes_like_as_bytes,
    check_argument_type,
    check_label_lengths,
    check_labels_print_apart,
    choice_error,
    choice_words,
    delta_fix,
    did_you_mean,
    first_row,
    is_number_text,
    is_zero_one,
    label_fix,
    names_words,
    plain,
    refuse_missing,
    refuse_whole_decimal,
    refuse_written_underflow,
    split_list,
    split_names,
    use_one_of,
)
from .._checks import check_seed as _check_seed
from .._keywords import refusing_unknown_keywords
from .._text import CSV_FORMULA_START, as_seen, brought_here, plural, prints_blank
from .._version import __version__
from ..errors import CommandText, EthicLensInputError, FaceFix, plain_repr, plain_text
from ..fairness import encode_groups, look_alike_clash, refuse_unknown
from ..io import (
    CONFIG_SUFFIXES,
    _as_written_fix,
    _first_not_one_value,
    _headerless_fix,
    _not_one_value_error,
    _refuse_no_path,
    _shown_type,
    as_written,
    column_not_found,
    ensure_output_folder,
    read_config_file,
    refuse_password_names,
)
from ._common import (
    DELTA_MAX,
    EPSILON_MAX,
    INVALID_FIX,
    LACKING_FIX,
    MANIFEST,
    TABLE,
    _bad,
    _close,
    _is_number,
    budget_note,
    check_delta,
    check_epsilon,
    manifest_number,
    no_rows_held,
    number_text,
    quiet_nans,
    same_budget,
    sum_text,
)
from ._mechanisms import ACCOUNTINGS, PHANTOM_GROUP_P, get_mechanism, mechanism_names, release_with
from ._metrics import METRICS, NEEDS_Y
from ._roles import LABEL, PREDICTION
from ._synth import AuditColumns, bin_labels, column_domains

REQUEST_FORMAT = "ethiclens-p2nia-request/1"


def _mechanism(name):
    """A request's mechanism, an unknown one named as ``--mechanism`` (a request file's key
    when read from one): ``get_mechanism``'s own default names its argument."""
    return get_mechanism(name, "--mechanism")


class SeededReleaseWarning(UserWarning):
    """A release drawn from a seed (``--seed``, ``random_state``): its rows and noise follow
    from the seed alone, so anyone who knows it can undo the randomisation and recover the
    true rows. It is differentially private only while the seed stays secret."""


SEEDED_RELEASE = (
    "a seeded release (--seed, random_state) is NOT differentially private unless the seed "
    "stays secret: anyone who knows it can redraw the rows and undo the mechanism's noise, "
    "recovering the true rows (the seed is not written into the release); keep it private, "
    "or leave it out for fresh OS randomness"
)
RELEASE_FORMAT = "ethiclens-p2nia-release/1"


@refusing_unknown_keywords(init=True)  # AuditRequest(typo=...): audit()'s refusal
@dataclass
class AuditRequest:
    n: int
    protected: str
    metrics: list = field(default_factory=lambda: list(METRICS))
    mechanism: str = "grr"
    epsilon: float | None = None  # required: the auditor chooses the budget (no default)
    delta: float | None = None
    protected_domain: list | None = None  # the auditor's public knowledge of the groups
    track_budget: bool = False  # ask the platform to record the cumulative budget spent
    accounting: str = "record"  # "record" (ε for the whole record) or "per-column" (GRR)

    def __post_init__(self):
        fields = {k: v for k, v in self.to_dict().items() if k != "format"}
        try:
            checked = validate_request(fields)
        except EthicLensInputError as exc:  # Python's face: the argument, not its option
            raise _as_argument(exc) from None
        for key, value in checked.items():
            setattr(self, key, value)

    @property
    def needs_label(self) -> bool:
        return any(NEEDS_Y[m] for m in self.metrics)

    def to_dict(self) -> dict:  # a copy: a caller's edit of its lists leaves the request as it is
        fields = {key: copy.deepcopy(getattr(self, key)) for key in REQUEST_FLAGS}
        return {"format": REQUEST_FORMAT, **fields}

    @classmethod
    def from_dict(cls, d: dict, source: str | None = None) -> AuditRequest:
        """The request of a dict; a problem with a key names it as the key of the file
        ``source`` when given (``epsilon in req.json``), else as its option (``--epsilon``)."""
        return cls(**validate_request(d, "--request", source))


ARROW = (pa.Array, pa.ChunkedArray)  # pyarrow's table.column("sex").unique()
ARRAYS = (np.ndarray, pd.Series, pd.Index, pd.api.extensions.ExtensionArray, *ARROW)


def as_list(value):
    """A 1-D array, Series, Index or pyarrow array as the list of its values; else ``value``."""
    if isinstance(value, ARRAYS) and np.ndim(value) == 1:
        return value.to_pylist() if isinstance(value, ARROW) else value.tolist()
    return value


def listed(text, flag: str, split=split_names) -> list:
    """A flag's comma-separated names (``--groups``, ``--metrics``); blank text as the empty
    list a request file's ``[]`` is, so that both get the one refusal of an empty list
    ("needs two or more groups", "must be a non-empty list"), not "empty item". A list or
    tuple (a Python caller's) is its items, as :func:`make_request` takes it; other values
    that are no text are refused naming ``flag``."""
    if isinstance(text, (list, tuple)):
        return list(text)
    return [] if isinstance(text, str) and not text.strip() else split(text, flag)


def make_request(n, protected, **options) -> AuditRequest:
    """The auditor's request.

    Parameters
    ----------
    n : int
        Rows n′ to release.
    protected : str
        The protected attribute.
    **options
        ``epsilon`` (required, as ``p2nia request --epsilon``: the budget has no default) and
        the request's other fields, as in :class:`AuditRequest` (same defaults): ``metrics``
        (a list, or a string of one or more comma-separated metrics, as ``--metrics``),
        ``mechanism``, ``delta``, ``protected_domain`` (group names as strings, as in a request
        file), ``track_budget`` and
        ``accounting``. ``accounting="record"`` spends ``epsilon`` on the whole record (GRR
        splits it over the released columns); ``"per-column"`` (GRR only, the P2NIA paper's
        setup) flips each released column at the full ``epsilon``, so the record-level ε is
        k·ε for k columns (stated in the manifest and the estimate). Only the columns the
        metrics need are released: A and Ŷ for DP alone, A, Y and Ŷ with EO or EOpp.
    """
    keywords = [k for k in REQUEST_FLAGS if k not in ("n", "protected")]
    refuse_unknown("make_request", options, keywords)  # a TypeError too, as audit's
    for key in {"metrics", "protected_domain"} & set(options):  # df[c].unique(), a Series: a list
        options[key] = as_list(options[key])
    if isinstance(options.get("metrics"), (list, tuple)):
        options["metrics"] = list(options["metrics"])
    elif isinstance(options.get("metrics"), str):  # "dp" or "dp,eo", as --metrics takes them
        try:
            options["metrics"] = listed(options["metrics"], "--metrics", split_list)
        except EthicLensInputError as exc:
            raise _as_argument(exc) from None
    return refuse_unused_delta(AuditRequest(n, protected, **options), "delta")


@refusing_unknown_keywords
def read_request(path) -> AuditRequest:
    """The auditor's request file (``p2nia request``: JSON; a ``.yaml``/``.yml`` file is read
    as YAML), checked as a whole."""
    check_argument_type(  # None or a dict: refused by the argument, as read_release does
        path,
        (str, os.PathLike),
        column="path",
        problem="must be the path of a request file, not",
        fix="give the file ethiclens p2nia request wrote (request.json); a dict: "
        "AuditRequest.from_dict(d)",
    )
    return _read_request(path, "path")


def _read_request(path, where: str) -> AuditRequest:
    """:func:`read_request`, the file's own problems named ``where`` (``--request`` on the
    command line, else the Python argument)."""
    what = "request written by ethiclens p2nia request"
    yaml = Path(path).suffix.lower() in (".yaml", ".yml")
    try:
        data = read_config_file(path, "--request", what, suffixes=CONFIG_SUFFIXES if yaml else None)
        request = AuditRequest(**validate_request(data, "--request", str(path), in_file=True))
    except EthicLensInputError as exc:
        if where == "--request" or exc.column != "--request":
            raise
        raise exc.renamed({"--request": where}, "argument") from None
    request._file = str(path)  # the file its values refused later (n′, --protected) are named in
    return refuse_unused_delta(request, "delta", kind="key", file=path)


def as_request(request, where: str = "request") -> AuditRequest:
    """The request a Python caller passes: an :class:`AuditRequest`, its ``to_dict()`` (a
    problem named as a key of ``where``), or the path of a request file."""
    if isinstance(request, AuditRequest):
        return request
    if isinstance(request, dict):
        try:
            read = AuditRequest.from_dict(request, source=where)
        except EthicLensInputError as exc:  # the whole dict's problem: the argument, no option
            if exc.column != "--request" or where == "--request":
                raise
            raise exc.renamed({"--request": where}, "argument") from None
        return refuse_unused_delta(read, f"delta in {where}", kind="key")
    if isinstance(request, (str, os.PathLike)):
        return _read_request(request, where)
    raise EthicLensInputError(
        f"must be an AuditRequest, its to_dict() or a request file's path, not "
        f"{type(request).__name__}",
        column=where,
        fix="create it with make_request(...) or read_request(path)",
        kind="argument",
    )


# What a release's request and the auditor's own may differ in, as the estimate names it.
_REQUEST_TERMS = {
    "n": "n′",
    "epsilon": "ε",
    "delta": "δ",
    "mechanism": "mechanism",
    "accounting": "accounting",
    "protected": "protected attribute",
    "protected_domain": "groups",
    "metrics": "metrics",
}


def check_release_for(rel: Release, request, where: str = "request") -> None:
    """Refuse a release made for another request than the auditor's ``request`` (as
    :func:`as_request` takes it): one line naming every field that differs, the release's
    value first. No ``request`` (None): nothing to check."""
    if request is None:
        return
    mine = as_request(request, where).to_dict()
    theirs = {"accounting": "record", "delta": None, **rel.manifest["request"]}

    def same(key):
        a, b = theirs.get(key), mine[key]
        if key in ("epsilon", "delta"):
            return same_budget(a, b)
        if key in ("metrics", "protected_domain") and a is not None and b is not None:
            return sorted(map(str, a)) == sorted(map(str, b))
        return a == b

    def shown(value, text=str):
        if isinstance(value, list):
            return ",".join(map(text, value))
        if isinstance(value, float):
            return number_text(value)  # 5.1000002, not the 5.1 of a release made for 5.1
        return "none" if value is None else text(value)

    def both(key):  # escaped when they print alike ('1' and '1' + a zero-width space)
        a, b = theirs.get(key), mine[key]
        text = str if _looks(shown(a)) != _looks(shown(b)) else ascii
        return shown(a, text), shown(b, text)

    differ = [
        "{} {} (yours: {})".format(term, *both(key))
        for key, term in _REQUEST_TERMS.items()
        if not same(key)
    ]
    if differ:
        raise EthicLensInputError(
            f"the release was made for another request: its {'; '.join(differ)}",
            column=where,
            fix="ask the platform to release for your request (p2nia release --request), or "
            "estimate without it",
            kind=None if where.startswith("--") else "argument",
        )


def refuse_unused_delta(request: AuditRequest, where: str, kind=None, file=None) -> AuditRequest:
    """Refuse, when a request is made or released, a δ for a mechanism with a pure ε
    guarantee (GRR): the release would state a δ it never uses. ``where`` names it
    (``--delta``, ``delta``, ``delta in request``), as a ``kind`` (default: an option, or
    the argument ``delta``); ``file``: the request file whose key it is, named as a config
    file's key is (``key 'delta': req.json: ...``)."""
    if request.delta is not None and not _mechanism(request.mechanism).needs_delta:
        raise EthicLensInputError(
            _file_words(
                file, f"{request.mechanism.upper()} is pure ε-differential privacy: it uses no δ"
            ),
            column=where,
            value=request.delta,
            fix=f"{request.mechanism.upper()} needs none: leave it out (or request a mechanism "
            "with an (ε, δ) guarantee: mst, aim)",
            kind=kind or ("argument" if where == "delta" else None),
        )
    return request


@dataclass
class Release:
    table: pd.DataFrame
    manifest: dict

    def __post_init__(self):
        # a copy (dataclasses.replace) of a release read from its folder keeps what was read
        read = _read_record(self)
        if read is not None:
            self._read = read

    def summary(self, out_dir) -> str:
        """What was written into ``out_dir``: rows, mechanism, ε (and the record-level ε under
        per-column accounting), and the cumulative budget when the folder tracks it."""
        m, note = self.manifest, budget_note(self.manifest)
        per_column = m.get("accounting", "record") != "record"
        accounting = f" per column, record-level ε = {sum_text(m['record_epsilon'])}" * per_column
        note = f"; {note}" if note else ""
        # every digit, as the estimate states them (1.2345678, not 1.23457; 1e-320)
        delta = f", δ = {number_text(m['delta'])}" if m.get("delta") is not None else ""
        return (
            f"wrote {Path(out_dir) / TABLE} ({plural(m['rows'], 'row', grouped=False)}, "
            f"{m['mechanism'].upper()}, "
            f"ε = {number_text(m['epsilon'])}{delta}{accounting}) and manifest.json{note}"
        )


def _binary_column(values: pd.Series, name: str) -> np.ndarray:
    """A label or prediction column of the whole audit data as 0/1, refused as ``audit``
    refuses it: how many rows are missing or hold values other than 0/1 (named over the whole
    column) and the first of them, so a bad row is found whichever rows a seed draws."""
    values = values.reset_index(drop=True)
    if (as_bytes := bytes_like_as_bytes(values)) is not None:  # a BLOB: the bytes it holds
        values = as_bytes
    refuse_missing(values.isna().to_numpy(), name, "drop or impute those rows before the release")
    uniq = pd.unique(values).tolist()
    if set(uniq) <= {0, 1}:
        return values.astype(int).to_numpy()
    check_labels_print_apart(uniq, name)  # 1 and '1', 10**5000: as audit refuses them
    odd = [v for v in uniq if not is_zero_one(v)]
    shown = sorted(map(str, uniq))[:10]
    more = f" (the first 10 of {len(uniq)} distinct values)" if len(uniq) > 10 else ""
    bad = values.isin(odd).to_numpy()
    # No --pos-label here: the release carries 0/1 only, so the platform recodes first, by
    # the rule audit and pcer audit give (ethiclens._checks.label_fix), a stray row included.
    said = label_fix(name, uniq, rows=(int(bad.sum()), len(values)))
    # pandas code for Python, the file's words for the command line (errors.in_cli_words)
    fix = FaceFix(
        f"{said} (before the release)", f"{getattr(said, 'cli', said)} (before the release)"
    )
    if not odd:  # text '0'/'1' (a string column): stored as numbers, nothing recoded
        raise EthicLensInputError(
            f"must be 0/1, found the text values {names_words(shown)}, not the numbers 0/1 "
            "(a string column)",
            column=name,
            fix=fix,
        )
    first = int(bad.argmax())
    raise EthicLensInputError(
        f"must be 0/1, found values {names_words(shown)}{more}: {int(bad.sum())} row(s) hold "
        f"{names_words(sorted(map(str, odd))[:10])}{first_row(first)}",
        column=name,
        value=plain(values.iloc[first]),
        fix=fix,
    )


def _sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _manifest_digest(manifest: dict) -> str:
    body = {k: v for k, v in manifest.items() if k != "manifest_sha256"}
    return _sha256_bytes(json.dumps(body, sort_keys=True).encode())


@refusing_unknown_keywords
def release(
    request: AuditRequest,
    data: pd.DataFrame,
    y_true: str,
    y_pred: str,
    *,
    columns=None,
    discretization=None,
    random_state=None,
    open_bins: bool = False,
) -> Release:
    """The platform's side: draw n′ rows (without replacement), apply the mechanism.

    Parameters
    ----------
    request : AuditRequest, dict or path
        The auditor's request (:func:`make_request`), its ``to_dict()`` or the path of a
        request file (``ethiclens p2nia request``); checked as a whole (mechanism, ε, δ,
        domain) before any row is read.
    data : DataFrame
        The platform's audit data: features, the protected column, labels and predictions.
    y_true, y_pred : str
        Label and prediction columns (0/1).
    columns : list of str, optional
        Extra feature columns to release (synthetic mechanisms only; GRR releases only what
        the request needs, and refuses extra columns rather than ignoring them).
    discretization : dict, optional
        Bin edges for numeric extra columns (required for each numeric column released).
        Edges must be strictly increasing and cover the data.
    random_state : int, optional
        Seed of the rows drawn and of the mechanism's noise (a non-negative integer below
        2**32; ``--seed`` of ``ethiclens p2nia release``): the same seed, request and data give
        the same release. None (the default): fresh OS randomness each call. The seed is not
        written into the release. A seeded release is differentially private only while the
        seed stays secret (whoever knows it can undo the noise and recover the true rows): it
        warns with a :class:`SeededReleaseWarning`.
    open_bins : bool
        Add open-ended bins below the first and above the last edge instead of refusing data
        outside the edges (recorded in the manifest as ``open_ended``).

    Returns
    -------
    Release
        The released ``table`` and its ``manifest`` (mechanism, ε, rows, columns); write it
        with :func:`write_release`.
    """
    request = as_request(request)
    refuse_unused_delta(request, "delta")  # a request made by hand, not by make_request
    try:
        rel = release_rows(
            request, data, y_true, y_pred, columns, discretization, random_state, open_bins
        )
    except EthicLensInputError as exc:
        raise _as_release_argument(exc) from None
    warn_if_seeded(random_state, stacklevel=3)
    return rel


def warn_if_seeded(seed, stacklevel: int = 2) -> None:
    """Warn (:class:`SeededReleaseWarning`) that a release made from ``seed`` is differentially
    private only while the seed stays secret; nothing when no seed was given. Said once the
    release is made (and written), never before a refusal."""
    if seed is not None:
        warnings.warn(SEEDED_RELEASE, SeededReleaseWarning, stacklevel=stacklevel + 1)


# The options of ``ethiclens p2nia release`` -> the arguments of :func:`release`.
RELEASE_FLAGS = {
    "--data": "data",
    "--y-true": "y_true",
    "--y-pred": "y_pred",
    "--columns": "columns",
    "--bins": "discretization",
    "--seed": "random_state",
    "--open-bins": "open_bins",
}


def _as_release_argument(exc: EthicLensInputError) -> EthicLensInputError:
    """A release refusal naming an option (``--bins age``), named as :func:`release`'s
    argument (``discretization['age']``), in its fix too."""
    column = str(exc.column or "")
    flag, _, rest = column.partition(" ")
    if flag not in RELEASE_FLAGS:  # a data column's: the flags its fix names, as arguments
        # ('--bins age=<edges>' is said beside Python's discretization={...} where it is named)
        return exc.renamed({}, exc.kind, words={**RELEASE_FLAGS, "--bins": "--bins"})
    argument = RELEASE_FLAGS[flag] + (f"[{rest!r}]" if rest else "")
    return exc.renamed({column: argument, **RELEASE_FLAGS}, "argument")


def release_rows(request, data, y_true, y_pred, columns, discretization, random_state, open_bins):
    """:func:`release`, its refusals naming the command's options (``ethiclens p2nia
    release``; ``request`` is an :class:`AuditRequest`, as both callers make it)."""
    random_state = check_seed(random_state, "random_state")  # the CLI checked --seed
    roles = _check_roles(request, data, y_true, y_pred)
    data = quiet_nans(data)  # a Decimal('sNaN') is the missing value it reads as, refused so
    _refuse_n_past_rows(request, len(data))
    _refuse_not_one_value(data, request, y_true, y_pred)
    check_label_lengths(data[request.protected], request.protected)  # as the audit refuses
    columns = _check_extra_columns(request, columns, discretization, roles)
    if not isinstance(open_bins, bool) or (open_bins and not discretization):
        raise EthicLensInputError(
            "open-ended bins apply to the columns binned by --bins, and none is"
            if isinstance(open_bins, bool)
            else "must be true or false",
            column="--open-bins",
            value=open_bins,
            fix="bin a released column with --bins, or drop --open-bins"
            if isinstance(open_bins, bool)
            else "pass True or False",
        )
    for col in columns:  # over the whole data, as Y and Ŷ: a missing value whatever the seed
        if col in data.columns:
            missing = data[col].reset_index(drop=True).isna().to_numpy()
            refuse_missing(missing, col, "drop or impute those rows before the release")
    # each extra column checked and its categories read over the whole data, whatever the seed
    domains = column_domains(data, columns, discretization or {}, open_bins)
    # the whole data is checked before any row is drawn: a bad row is refused whatever the seed
    domain, a = _group_codes(request, data)
    yhat = _binary_column(data[y_pred], y_pred)
    y = _binary_column(data[y_true], y_true) if request.needs_label else None
    rng = np.random.default_rng(random_state)
    at = np.sort(rng.choice(len(data), size=request.n, replace=False))  # in the data's order
    rows = data.iloc[at]
    mech = _mechanism(request.mechanism)
    drawn = AuditColumns(
        rows,
        request.protected,
        domain,
        a[at],
        None if y is None else y[at],
        yhat[at],
        columns,
        discretization or {},
        domains,
    )
    table, cols = release_with(mech, request, drawn, rng, open_bins)
    return Release(table, _release_manifest(request, mech, len(table), cols))


def _refuse_n_past_rows(request: AuditRequest, rows: int) -> None:
    """n′ rows are drawn without replacement: a request of more than the data's ``rows`` is
    refused, a request file's n named as its key (``key 'n': req.json: ...``)."""
    file = getattr(request, "_file", None)
    if request.n > rows:  # n′ rows are drawn without replacement; first: no data, no bins
        raise EthicLensInputError(
            _file_words(
                file,
                f"n′ = {request.n} exceeds the {rows} audit rows; rows are drawn without "
                "replacement and never duplicated",
            ),
            column="n" if file else "n in the request",
            value=request.n,
            fix=f"ask for a request of at most {rows} rows (p2nia request --n)"
            if rows >= 10
            else "add audit rows to --data: a request draws at least 10",
            kind="key",
        )


# How a release's refusals name the audit data: the file of ``--data`` on the command line
DATA_SOURCE: contextvars.ContextVar[str] = contextvars.ContextVar(
    "DATA_SOURCE", default="the audit data"
)


def _check_roles(request: AuditRequest, data, y_true, y_pred) -> list:
    """The protected, prediction (and label) columns: present, distinct, in a DataFrame whose
    column names are unique."""
    if not isinstance(data, pd.DataFrame):
        here = brought_here(data, "data")  # a Dask, Spark, Arrow or Polars frame
        fix = f"bring its rows here as a pandas DataFrame first ({here})" if here else None
        raise EthicLensInputError(
            "the audit data must be a pandas DataFrame", column="--data", fix=fix
        )
    dupes = sorted({plain_text(c) for c in data.columns[data.columns.duplicated()]})
    if dupes:
        raise EthicLensInputError(
            "columns repeated in the audit data",
            column=dupes[0],
            fix="give every column a unique name",
        )
    if request.needs_label and y_true is None:
        raise EthicLensInputError(
            f"metrics {request.metrics} need the label Y, which is not released",
            column="--y-true",
            fix="pass --y-true, or request only dp",
        )
    given = request.needs_label or y_true is not None  # one not needed still names a column
    named = {"--y-pred": y_pred, **({"--y-true": y_true} if given else {})}
    for flag, col in named.items():  # None, a list: no column's name (nor a set's member)
        if col is None or not isinstance(col, Hashable):
            raise EthicLensInputError(
                "must name a column of the audit data",
                column=flag,
                value=col,
                fix=use_one_of(col, data.columns, 15),
            )
    roles = [request.protected, y_pred] + ([y_true] if request.needs_label else [])
    if len(set(roles)) != len(roles):
        # the option that repeats a column named before it (the protected one is the request's)
        clash = "--y-pred" if y_pred in (request.protected, y_true) else "--y-true"
        raise EthicLensInputError(
            "the protected, label and prediction columns must differ",
            column=clash,
            value=roles,
            fix="name three different columns",
        )
    for flag, col in sorted(named.items(), key=lambda item: item[0] != "--y-true"):
        if col not in data.columns:  # the audit's order and words: the label, the prediction
            exc = column_not_found(col, data.columns, DATA_SOURCE.get())
            problem = f"column {plain_text(col)!r} {exc.problem}"
            raise EthicLensInputError(problem, column=flag, fix=exc.fix)
    if request.protected not in data.columns:
        raise _not_in_data(request, request.protected, data.columns)
    return roles


def _not_in_data(request: AuditRequest, col, columns) -> EthicLensInputError:
    """The refusal of the request's protected column the audit data lacks; a request file's
    attribute named as its key (``key 'protected': req.json: ...``). A label or prediction
    column is refused as the audit refuses it (:func:`io.column_not_found`, the option named)."""
    file = getattr(request, "_file", None) if col == request.protected else None
    fix = use_one_of(col, columns, 15)
    if col == request.protected and col.strip() in columns:  # a request of old
        fix = f"ask the auditor to request again with --protected {col.strip()!r}"
    elif col == request.protected and col in map(plain_text, columns):  # 0, not '0'
        fix = "name the data's columns as text, as a request names them: "
        fix += "data.columns = data.columns.astype(str)"
    else:  # a file without a header row: its first row read as the names
        fix = _headerless_fix(
            list(columns), "the audit data", col, _protected_fix(col, columns) if file else fix
        )
    if file:
        problem = _file_words(file, f"names the column {col!r}, not in the audit data")
        return EthicLensInputError(problem, column="protected", value=col, fix=fix, kind="key")
    return EthicLensInputError("not in the audit data", column=col, fix=fix)


def _protected_fix(col, columns) -> str:
    """The fix of a request file's protected attribute the audit data lacks: the request to
    ask for, ``--protected`` naming one of the data's columns (the first 15, and how many
    more)."""
    more = len(columns) - 15
    pick = use_one_of(col, columns, 15) + (f" and {more} more" if more > 0 else "")
    return f"ask the auditor to request again with --protected naming a column of the data: {pick}"


def _refuse_not_one_value(data, request: AuditRequest, y_true, y_pred) -> None:
    """No protected, prediction (or label) cell that is not one value (a list, a Series, an
    object whose hash or == raises): refused by ``io``'s one rule, in the audit's words."""
    roles = {request.protected: True, y_pred: False}
    roles.update({y_true: False} if request.needs_label else {})
    for col, group in roles.items():
        values = data[col].reset_index(drop=True)
        if (i := _first_not_one_value(values)) is not None:
            raise _not_one_value_error(values.iloc[i], col, first_row(i), group)


def _group_codes(request: AuditRequest, data) -> tuple[list[str], np.ndarray]:
    """The protected attribute's domain (the request's, else the data's values) and every
    row's group code in it, the whole column checked as ``audit`` checks it (missing groups,
    the first named) and against the requested domain."""
    prot = request.protected
    column = data[prot].reset_index(drop=True)
    if request.protected_domain is not None and isinstance(column.dtype, pd.CategoricalDtype):
        # the request's groups are the domain, not the dtype's categories: one no row has is
        # outside it (a filtered frame's) or a requested group with no rows, refused below
        column = column.cat.remove_unused_categories()
    labels, codes = encode_groups({prot: column}, len(data))[prot]
    domain = [str(v) for v in (request.protected_domain or labels)]
    if len(domain) < 2:
        raise _single_group(domain, prot)
    outside = [g for g in labels if g not in domain]
    if outside:
        _refuse_outside(prot, outside, domain, labels, codes)
    empty = [g for g in domain if g not in labels]
    if empty:  # released, the mechanism's noise alone would pose as these groups' rows
        raise EthicLensInputError(
            f"requested group(s) {names_words(empty[:10])} have no rows in the audit data: "
            "their released rows would be the mechanism's noise alone, estimated as if they "
            "were data",
            column=prot,
            value=empty[0],
            fix="add those groups' rows to --data, or ask the auditor for a request without "
            "them (p2nia request --groups)",
        )
    return domain, pd.Categorical(np.asarray(labels, dtype=object)[codes], categories=domain).codes


def _refuse_outside(prot: str, outside: list, domain: list, labels: list, codes) -> None:
    """The refusal of the data's groups ``outside`` the requested ``domain``: a requested
    group the data spells in other code points ('café' decomposed, 'a ' for 'a': the audit's
    own message and fix) or as the same number otherwise written ('1' asked, '1.0' in a
    column of whole floats: the audit's 'did you mean' of a reference group) is named as
    that group, never as a group no one requested."""
    bad = np.isin(codes, [labels.index(g) for g in outside])
    first = int(bad.argmax())
    found = look_alike_clash(outside, domain, prot)
    if found is not None:
        label, requested, exc = found
        rows = codes == labels.index(label)
        raise EthicLensInputError(
            f"the data writes the requested group {ascii(requested)} as {ascii(label)} "
            f"({int(rows.sum())} row(s){first_row(int(rows.argmax()))}): {exc.problem}",
            column=prot,
            fix=f"{exc.fix} before the release",
        )
    same = {g: o for g in domain if g not in labels for o in outside if _same_number(g, o)}
    if same:
        requested, label = next(iter(same.items()))
        rows = codes == labels.index(label)
        asked = ",".join(same.get(g, g) for g in domain)
        raise EthicLensInputError(
            f"the data writes the requested group {requested!r} as {label!r} "
            f"({int(rows.sum())} row(s){first_row(int(rows.argmax()))}): a group is its name "
            f"as written, and {label!r} is not {requested!r}",
            column=prot,
            value=label,
            fix=f"{did_you_mean(requested, [label])}ask the auditor for a request naming the "
            f"groups as the data writes them (p2nia request --groups {asked}), or recode the "
            "column to the requested names before the release",
        )
    raise EthicLensInputError(
        f"values {names_words(outside[:10])} are outside the requested domain "
        f"{names_words(domain[:10])}: "
        f"{int(bad.sum())} row(s) hold them{first_row(first)}",
        column=prot,
        value=labels[codes[first]],
        fix="request every group of the attribute (p2nia request --groups), or drop those "
        "rows before the release",
    )


def _same_number(requested: str, label: str) -> bool:
    """Whether ``label`` is the requested group as the same number otherwise written
    ('1.0' for '1'): the audit's own 'did you mean' rule (:func:`did_you_mean`)."""
    return "(the same number, as written there)" in did_you_mean(requested, [label])


def _release_manifest(request: AuditRequest, mech, rows: int, cols: dict) -> dict:
    """The manifest of a release before writing (hashes and budget are added when written)."""
    released = _released_roles(request.protected, request.needs_label)
    delta = mech.delta_used({"delta": request.delta, "columns": cols})  # the default: stated
    manifest = {
        "format": RELEASE_FORMAT,
        "mechanism": request.mechanism,
        "epsilon": request.epsilon,
        "accounting": request.accounting,
        "record_epsilon": mech.record_epsilon(request.to_dict(), released),
        "delta": delta,
        "rows": rows,
        "columns": cols,
        "roles": _expected_roles(request.protected, request.needs_label),
        "request": request.to_dict(),
        "library": f"ethiclens {__version__}",
        "domain_source": _domain_source(request.protected_domain),
    }
    open_cols = [c for c, m in cols.items() if isinstance(m, dict) and m.get("open_ended")]
    if open_cols:
        manifest["open_ended_bins"] = open_cols
    return manifest


def _domain_source(protected_domain) -> str:
    """The manifest's ``domain_source``: where the protected attribute's groups came from."""
    return (
        "request" if protected_domain else "audit data (the group values themselves are disclosed)"
    )


def _refused(problem: str, fix: str, value=None, *, column) -> EthicLensInputError:
    """A refusal of ``column`` (an option, ``--out``; a request ``where``), bound to one by a
    check's ``refused = partial(_refused, column=...)``."""
    return EthicLensInputError(problem, column=column, value=value, fix=fix)


def _single_group(groups, column) -> EthicLensInputError:
    """A protected attribute of fewer than two groups, refused by a release and the black-box
    audit alike (a gap needs two)."""
    fix = "audit an attribute with two or more groups"
    return _refused("the protected attribute has a single value", fix, groups, column=column)


def _check_extra_columns(request, columns, discretization, roles) -> list:
    refused = partial(_refused, column="--columns")
    columns = [] if columns is None else columns
    if not isinstance(columns, (list, tuple)):  # the command splits its flag into a list
        raise refused(
            "columns must be a list of column names", 'e.g. ["age", "education"]', columns
        )
    columns = list(columns)
    if discretization is not None and not isinstance(discretization, dict):
        raise refused(  # the command parses its flag into one
            "bins must map a column to its edges",
            'e.g. {"age": [0, 25, 45, 65, 120]}',
            discretization,
            column="--bins",
        )
    if not _mechanism(request.mechanism).extra_columns and (columns or discretization):
        with_extra = [n for n in mechanism_names() if _mechanism(n).extra_columns]
        raise refused(
            f"{request.mechanism.upper()} releases only the request's columns; extra columns "
            f"and bins apply to {'/'.join(with_extra)}",
            f"drop --columns/--bins, or request mechanism {' or '.join(with_extra)}",
            column="--columns" if columns else "--bins",
        )
    if len(set(columns)) != len(columns):
        raise refused("columns repeated", "list each column once", columns)
    refuse_password_names(columns)  # the release's header and manifest name each
    private = [c for c in columns if str(c).startswith("_")]
    if private:  # the manifest's own records ('_privacy') are named so
        raise refused(
            "a release keeps column names starting with '_' for its own records",
            f"rename {private[0]!r} in the data before the release (e.g. without the '_')",
            private,
        )
    clash = [c for c in columns if c in roles or c in (LABEL, PREDICTION)]
    if clash:
        raise refused(
            "a protected attribute, label or prediction column is released by its role, not as "
            "an extra feature",
            "list feature columns only",
            clash,
        )
    unused = sorted(set(discretization or {}) - set(columns))
    if unused:
        raise refused(
            "bins given for a column that is not released",
            f"add {unused[0]} to --columns or drop its bins",
            column=f"--bins {unused[0]}",
        )
    return columns


def _released_roles(protected: str, needs_label: bool) -> list[str]:
    """The columns every release carries: A, Y (only when a metric needs it) and Ŷ."""
    return [protected] + ([LABEL] if needs_label else []) + [PREDICTION]


def _expected_roles(protected: str, needs_label: bool) -> dict:
    """The manifest's ``roles``: the protected column's name, the label's and prediction's."""
    return {
        "protected": protected,
        "label": LABEL if needs_label else None,
        "prediction": PREDICTION,
    }


def _write_file(path: Path, data: bytes) -> None:
    """Write one file of a release (inside its temporary folder) and flush it to disk."""
    with open(path, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


CUMULATIVE_DELTA = "cumulative_delta_on_this_data"  # where a release in the folder had a δ
BUDGET_COMPOSITION = (
    "basic sequential composition over the releases written to this folder (the platform "
    "states they use the same data)"
)


def _previous_budget(out: Path) -> tuple[float, int, float]:
    """Cumulative ε, release count and cumulative δ (0.0 for none) of the release being
    replaced."""
    try:
        # as an estimate reads it: its own SHA-256 and its fields' consistency (a hand-edited
        # cumulative ε of 0.001 was added to as if spent)
        old = _read_manifest(out / MANIFEST)
        validate_manifest(old)
        rec = old.get("budget") or {}  # checked: a number of releases, a cumulative ε
        cumulative = float(rec.get("cumulative_on_this_data", old["record_epsilon"]))
        own = get_mechanism(old["mechanism"], "--out").delta_used(old)  # a default δ too
        spent_delta = rec.get(CUMULATIVE_DELTA, own)  # a record written before: its own δ
        return cumulative, rec.get("releases", 1), float(spent_delta or 0.0)
    except (OSError, ValueError, AttributeError) as exc:
        said = exc.problem if isinstance(exc, EthicLensInputError) else exc
        raise EthicLensInputError(
            f"cannot read the budget of the release being replaced ({said}); the cumulative "
            "budget would be wrong",
            column="--out",
            fix="move the old release aside (it records budget already spent) and release "
            "into a new folder",
        ) from exc


@refusing_unknown_keywords
def write_release(
    rel: Release, out_dir: str | Path, *, replace: bool = False, track_budget: bool | None = None
) -> Path:
    """Write the table and its manifest into ``out_dir``, all or nothing.

    Both files are written into a temporary folder beside ``out_dir`` and renamed into place
    once complete: a crash or a full disk leaves the previous state (no folder, or the
    previous release), never a table without its manifest. A folder that already holds a
    release is replaced only with ``replace=True``; with budget tracking (asked by the request
    or ``track_budget=True``, and kept once a folder's releases track it) the manifest records
    ``budget = {"this_release": ε, "cumulative_on_this_data": ε + previous, ...}`` by basic
    sequential composition.
    """
    check_release_parts(rel)
    for name, flag in (("replace", replace), ("track_budget", track_budget)):
        if not isinstance(flag, bool | np.bool_) and not (name == "track_budget" and flag is None):
            # 'no' is truthy: replace='no' replaced a release and discarded its budget record
            raise EthicLensInputError(
                "must be True or False",
                column=name,
                value=flag,
                fix="pass True or False",
                kind="argument",
            )
    fix = "give the folder to write the release into, e.g. 'release/'"
    problem = "must be the path of a folder, not a"
    check_argument_type(out_dir, (str, os.PathLike), column="out_dir", problem=problem, fix=fix)
    _refuse_no_path(out_dir, "out_dir", fix, "argument", folder=True)  # '', '   ', a NUL
    out = Path(out_dir)
    is_release = _check_out_folder(out, replace)
    manifest = _with_budget(dict(rel.manifest), out, is_release, track_budget)
    validate_manifest({**manifest, "table": TABLE, "sha256": "", "manifest_sha256": ""}, rel.table)
    ensure_output_folder(out.parent, "--out")
    data = _table_bytes(rel.table)
    manifest.pop(CSV_QUOTED, None)  # a read release's: this table's own is said below
    if _formula_cells(rel.table):
        manifest[CSV_QUOTED] = True
    manifest.update({"table": TABLE, "sha256": _sha256_bytes(data)})
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    _swap_into_place(out, data, json.dumps(manifest, indent=2).encode(), is_release)
    return out


def _table_bytes(table: pd.DataFrame) -> bytes:
    """The release file's bytes: its values as an estimate reads them (a label of 1.0 or True
    written as 1, which read_release reads back; not '1.0', which it refused), each name and
    group a spreadsheet would run as a formula (``=cmd|' /C calc'!A0``) written with a ``'``
    in front (:func:`_quoted_text`; the manifest then says :data:`CSV_QUOTED`)."""
    text = _as_estimated(table).apply(_quoted_text)
    table = text.set_axis([_quoted_text(c) for c in table.columns], axis=1)
    text = table.to_csv(index=False)
    if "\r" in text:  # pandas quotes no lone '\r' (its line end is '\n'): readers split there
        text = table.to_csv(index=False, quoting=csv.QUOTE_ALL)
    return text.encode()


# A release whose table holds a name or a group starting with a spreadsheet formula's first
# character (OWASP's CSV-injection rule, ``_text.CSV_FORMULA_START``) or with ``'``: release.csv
# holds each with one more ``'`` in front (the counts table's rule), and its manifest says so
# with this key (true), so read_release takes it off again. A release without it is read as
# written (one written before the rule).
CSV_QUOTED = "csv_quoted"


def _quoted_text(values):
    """A name (or a column of text cells) with a ``'`` in front of each text that starts
    with a formula's first character or with ``'`` (so taking one off is exact)."""
    if not isinstance(values, pd.Series):
        return "'" + values if isinstance(values, str) and _quotes(values) else values
    odd = [v for v in values.unique() if isinstance(v, str) and _quotes(v)]
    return values.where(~values.isin(odd), "'" + values.astype(str)) if odd else values


def _quotes(text: str) -> bool:
    return text.startswith((*CSV_FORMULA_START, "'"))


def _formula_cells(table: pd.DataFrame) -> bool:
    """Whether release.csv quotes a name or a cell of ``table`` (:func:`_quoted_text`)."""
    if any(isinstance(c, str) and _quotes(c) for c in table.columns):
        return True
    text = _as_estimated(table)
    return any(_quotes(v) for i in text.columns for v in text[i].unique() if isinstance(v, str))


def _unquoted_text(values: pd.Series) -> pd.Series:
    """Text cells as :func:`_quoted_text` wrote them, back as they were."""
    quoted = values.str.startswith("'")
    return values.where(~quoted, values.str[1:]) if quoted.any() else values


def _check_out_folder(out: Path, replace: bool) -> bool:
    """Whether ``out`` holds a release to replace; refuses a file, a folder of other files,
    and a release without ``replace``."""
    refused = partial(_refused, column="--out")
    if out.exists() and not out.is_dir():
        raise refused(f"{out} exists and is not a folder", "choose a new folder for the release")
    existing = out.is_dir() and any(out.iterdir())
    is_release = existing and (out / MANIFEST).exists()
    if existing and not is_release:
        raise refused(
            f"folder {out} is not empty and holds no release; writing "
            "a release there could replace other files",
            "choose an empty or new folder",
        )
    extra = is_release and sorted(p.name for p in out.iterdir() if p.name not in (TABLE, MANIFEST))
    if extra:  # a swap replaces the whole folder: these would be deleted with the old release
        shown = names_words(extra[:5]) + (f" and {len(extra) - 5} more" if len(extra) > 5 else "")
        raise refused(
            f"release folder {out} also holds files that are not the release's ({shown}); "
            "writing a release there replaces the whole folder and would delete them",
            f"move {shown} out of {out}, or release into a new folder",
            extra[0],
        )
    if is_release and not replace:
        raise refused(
            f"{out} already holds a release; replacing it would discard the record of the "
            "privacy budget it spent",
            "release into a new folder, or pass --replace (with --track-budget the new "
            "manifest records the cumulative budget)",
        )
    return is_release


def _with_budget(manifest: dict, out: Path, is_release: bool, track_budget) -> dict:
    """``manifest`` with its budget record when tracking is asked for or the release being
    replaced tracked it."""
    eps = float(manifest.get("record_epsilon", manifest["epsilon"]))
    prev_tracked = False
    with contextlib.suppress(OSError, ValueError):
        prev_tracked = is_release and "budget" in json.loads(
            (out / MANIFEST).read_text("utf-8-sig")
        )
    if not (track_budget or manifest.get("request", {}).get("track_budget") or prev_tracked):
        return manifest
    previous, count, delta_before = _previous_budget(out) if is_release else (0.0, 0, 0.0)
    budget = {
        "this_release": eps,
        "cumulative_on_this_data": eps + previous,
        "releases": count + 1,
        "composition": BUDGET_COMPOSITION,
    }
    if manifest.get("delta") is not None:
        budget["this_release_delta"] = manifest["delta"]
    delta = _mechanism(manifest["mechanism"]).delta_used(manifest)  # MST's default too
    if delta_before or delta is not None:  # δs add up as the ε do
        budget[CUMULATIVE_DELTA] = delta_before + float(delta or 0.0)
    _refuse_spent(budget)
    manifest["budget"] = budget
    return manifest


def _refuse_spent(budget: dict) -> None:
    """A release whose cumulative ε would pass :data:`EPSILON_MAX` or cumulative δ reach 1:
    this data's budget is spent (no manifest could record it), refused naming ``--out``."""
    eps, delta = budget["cumulative_on_this_data"], budget.get(CUMULATIVE_DELTA, 0.0)
    if eps <= EPSILON_MAX and delta < 1:
        return
    count = budget["releases"]  # sums of that many releases: without their float noise
    what = f"ε to {sum_text(eps, count)}" if eps > EPSILON_MAX else f"δ to {sum_text(delta, count)}"
    limit = f"above {EPSILON_MAX:g}" if eps > EPSILON_MAX else "at least 1"
    raise EthicLensInputError(
        f"this release would bring the cumulative {what} on this data over "
        f"{plural(budget['releases'], 'release', grouped=False)}, {limit}: its privacy budget is "
        "spent",
        column="--out",
        fix="release no more of this data (a release into a new folder would not record the "
        "budget already spent)",
    )


def _swap_into_place(out: Path, table: bytes, manifest: bytes, is_release: bool) -> None:
    """Write both files into a temporary folder and rename it to ``out`` (the previous release
    is moved aside first and put back when anything fails); a link's folder, the link kept."""
    given, out = out, Path(os.path.realpath(out))  # renaming a link left its folder as it was
    tmp = old = None
    try:
        tmp = _new_folder_beside(out)
        _write_file(tmp / TABLE, table)
        _write_file(tmp / MANIFEST, manifest)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=out.parent))
            os.rename(out, old / "release")
        os.rename(tmp, out)
        tmp = None
    except BaseException as exc:  # Ctrl-C/SIGTERM between the renames too: never both lost
        if old is not None and not out.exists() and (old / "release").exists():
            os.rename(old / "release", out)  # put the previous release back
        if not isinstance(exc, OSError):
            raise
        reason = "the disk is full" if exc.errno == errno.ENOSPC else (exc.strerror or str(exc))
        raise EthicLensInputError(
            f"could not write the release to {given} ({reason}); nothing was written"
            + (" and the previous release is unchanged" if is_release else ""),
            column="--out",
            fix="free disk space (or choose a writable folder) and rerun",
        ) from exc
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def _new_folder_beside(out: Path) -> Path:
    """A new empty folder beside ``out`` with the mode ``os.mkdir`` gives (0o777 less the
    umask, applied by the system): not ``mkdtemp``'s 0o700 widened after by reading the umask,
    which sets it to 0 for the whole process a moment (a file or folder another thread created
    then, a web request's or a monitor's, was world-writable)."""
    for _ in range(100):
        tmp = out.parent / f".{out.name}.{secrets.token_hex(4)}.tmp"
        try:
            os.mkdir(tmp, 0o777)
            return tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(out.parent))


def _altered(problem: str, column: str, value=None) -> EthicLensInputError:
    """A release file (``column`` is the table's or the manifest's file name) or a released
    column that is not what the platform wrote: ask for the original."""
    return EthicLensInputError(
        problem,
        column=column,
        value=value,
        fix="ask the platform for the original release",
        kind="file" if column in (TABLE, MANIFEST) else None,
    )


@refusing_unknown_keywords
def read_release(release_dir: str | Path) -> Release:
    """Load a release, verify the table's and the manifest's SHA-256, and check that the
    manifest's fields agree with each other and with the table."""
    fix = "give the folder the platform wrote with ethiclens p2nia release"
    problem = "must be the path of a release folder, not"
    check_argument_type(
        release_dir, (str, os.PathLike), column="release_dir", problem=problem, fix=fix
    )
    d = Path(release_dir)
    if not (d / MANIFEST).is_file() or not (d / TABLE).is_file():
        problem = f"{d} is not a P2NIA release (needs {TABLE} and {MANIFEST})"
        if not d.exists():  # a typo: said, as every command says a missing path
            problem = f"{d} is not a P2NIA release: the folder does not exist"
        elif not d.is_dir():
            problem = f"{d} is not a P2NIA release: it is a file, not a folder"
        raise EthicLensInputError(
            problem,
            column="release_dir",
            fix=_as_written_fix(release_dir, fix),
            kind="argument",
        )
    manifest = _read_manifest(d / MANIFEST)
    table_bytes = (d / TABLE).read_bytes()
    if _sha256_bytes(table_bytes) != manifest.get("sha256"):
        raise _altered(_table_change(table_bytes, manifest.get("sha256")), TABLE)
    validate_manifest(manifest)
    quoted = _check_quoted(manifest)
    table = _read_table(table_bytes, quoted)  # the bytes verified, not the file read again
    validate_manifest(manifest, table)
    rel = Release(table, manifest)
    rel._read = _Read(manifest, table)
    return rel


def _table_change(data: bytes, digest) -> str:
    """Why the table's bytes miss the manifest's SHA-256: changed or truncated, or only a
    byte-order mark or CRLF line ends were added (a copy in text mode, git's autocrlf, an
    editor's save), which the digest of the bytes as released still refuses."""
    problem = "the released table does not match the SHA-256 in the manifest"
    plain = data.removeprefix(b"\xef\xbb\xbf")
    added = ["a byte-order mark"] * (plain != data) + ["CRLF line ends"] * (b"\r\n" in plain)
    if added and _sha256_bytes(plain.replace(b"\r\n", b"\n")) == digest:
        verb = "was" if added == ["a byte-order mark"] else "were"
        return (
            f"{problem}: {' and '.join(added)} {verb} added since the release (a copy in text "
            "mode, git's autocrlf, an editor's save); its rows are unchanged, but only the "
            "bytes as released are verified: copy the folder as binary"
        )
    return f"{problem}: it was changed or truncated"


def check_release_parts(rel) -> Release:
    """``rel`` when it is a :class:`Release` of a table (a DataFrame) and a manifest (a dict);
    else one line naming the argument."""
    fix = "pass read_release(folder)'s or release(...)'s result"
    check_argument_type(rel, Release, column="rel", problem="must be a Release, not", fix=fix)
    for part, types, what in (("table", pd.DataFrame, "a DataFrame"), ("manifest", dict, "a dict")):
        problem = f"must be {what} (the release's {part}), not"
        check_argument_type(
            getattr(rel, part), types, column=f"rel.{part}", problem=problem, fix=fix
        )
    return rel


def _from_typed(digests: tuple, table: pd.DataFrame) -> tuple:
    """Digests pickled before round 42 (of the values in their dtypes, not as text) as this
    version's: of the table unpickled with them, column by column, where it still matches
    them (it was not changed after it was read); kept where not, so a change stays refused."""
    manifest, columns, rows = digests
    try:
        typed = {c: pd.util.hash_pandas_object(table[c], index=False).sum() for c in columns}
        ordered = table[sorted(table.columns, key=str)]
        now = pd.util.hash_pandas_object(ordered, index=False).to_numpy()
        now = _sha256_bytes(np.sort(now).tobytes())
    except (TypeError, KeyError, ValueError):  # a list cell, a column gone: changed
        return digests
    text = _column_digests(table)
    columns = {c: text[c] if typed[c] == d else d for c, d in columns.items()}
    return manifest, columns, _rows_digest(table) if now == rows else rows


class _Read:
    """What a release's digests were verified on, to name what a change in memory touched:
    the manifest as read and the table's rows, not the file's text (a file written on Windows
    has CRLF line ends: not pandas' text); and the objects read, by which a copy finds it."""

    def __init__(self, manifest: dict, table: pd.DataFrame):
        self.digests = (
            json.loads(json.dumps(manifest)),
            _column_digests(table),
            _rows_digest(table),
        )
        self._register(manifest, table)

    def __getstate__(self):
        return {"digests": self.digests, "objects": (self.manifest, self.table()), "of": "text"}

    def __setstate__(self, state):  # a deep copy's or unpickled release's: its copies keep it
        self.digests = state["digests"]
        if "of" not in state and state["objects"][1] is not None:  # pickled before round 42
            self.digests = _from_typed(self.digests, state["objects"][1])
        self._register(*state["objects"])

    def _register(self, manifest, table):
        # the table only weakly: a copy holding this record does not keep the read table alive
        self.manifest = manifest
        self.table = weakref.ref(table) if table is not None else lambda: None  # gone
        for read in (manifest, table)[: 1 + (table is not None)]:
            _READ[id(read)] = self


def _read_record(rel: Release) -> _Read | None:
    """The record of the read release whose manifest ``rel`` holds (edited or not), or whose
    table it holds while its manifest names the same file; None for a release made in memory."""
    for read in (_READ.get(id(rel.manifest)), _READ.get(id(rel.table))):  # a dead table's id
        if read is not None and (  # may be another object's now
            read.manifest is rel.manifest
            or read.table() is rel.table
            and isinstance(rel.manifest, dict)
            and rel.manifest.get("sha256") == read.manifest["sha256"]
        ):
            return read
    return None


# id(manifest or table read) -> its _Read, while a release holds it (it holds the manifest)
_READ: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


def _rows_digest(table: pd.DataFrame) -> str:
    """The digest of the table's rows, whatever their order and its columns' (an estimate
    counts rows by column name), of their values as the estimate reads them."""
    text = _as_estimated(table)
    order = sorted(range(text.shape[1]), key=lambda i: str(table.columns[i]))
    rows = pd.util.hash_pandas_object(text.iloc[:, order], index=False)
    return _sha256_bytes(np.sort(rows.to_numpy()).tobytes())


def _column_digests(table: pd.DataFrame) -> dict:
    text, digests = _as_estimated(table), {}
    for i, c in enumerate(table.columns):  # a repeated name: both its columns
        column = pd.util.hash_pandas_object(text.iloc[:, i], index=False).sum()
        digests[c] = digests.get(c, 0) ^ int(column)
    return digests


_BITS = np.array(["0", "1"], dtype=object)


def _as_estimated(table: pd.DataFrame) -> pd.DataFrame:
    """The table's columns (by position) as text of the values an estimate reads: a label or
    a prediction's 0/1 as a number of any dtype ('1' for 1, 1.0, True, Decimal('1')), other
    columns as text ('F' for a str, an object or a category's). A release changed only in
    its dtypes (read back as float or category) is the release read; a list cell is text too
    (not a hash's TypeError), as no group or bit is."""
    out = {}
    for i, c in enumerate(table.columns):
        values = quiet_nans(table.iloc[:, i])
        if c in (LABEL, PREDICTION) and pd.api.types.is_numeric_dtype(values.dtype):
            arr = values.to_numpy(dtype="float64", na_value=np.nan)
            text = _BITS[(arr == 1).view(np.int8)]  # not np.where's str arrays: 1M rows 4 s
            odd = (arr != 0) & (arr != 1)
            text[odd] = arr[odd].astype(str)
        elif c in (LABEL, PREDICTION):  # objects: Decimal('1'), True, '1' (text: not a bit)
            text = [str(int(plain(v))) if _released_bit(v) else repr(v) for v in values]
        else:
            text = values.astype(str).to_numpy(dtype=object, na_value=None)
        out[i] = pd.Series(text, dtype=object)
    return pd.DataFrame(out, index=range(len(table)))


def _changed(old, new, at: str = "") -> list[str]:
    """The keys (``columns.sex.domain``) whose values differ between two manifests."""
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return [] if (type(old), repr(old)) == (type(new), repr(new)) else [at]
    keys = sorted(old.keys() | new.keys(), key=str)
    return [p for k in keys for p in _changed(old.get(k), new.get(k), f"{at}.{k}".lstrip("."))]


def check_digests(rel: Release) -> None:
    """Refuse a release read from its folder that was changed in memory since: its estimate
    would record the SHA-256 of a release (groups, request, rows) it did not estimate. A read
    release is estimated with a manifest and rows read together, exactly (another
    self-consistent manifest names another table). The refusal names the manifest's keys or
    the table's columns that changed."""
    m, read = rel.manifest, _read_record(rel) or getattr(rel, "_read", None)
    if read is None and "manifest_sha256" not in m:
        return  # made in memory: no digests yet
    manifest, columns, rows = read.digests if read else (None, {}, None)
    table = _rows_digest(rel.table) if rows else _sha256_bytes(_table_bytes(rel.table))
    keys, same = [], read is not None
    if read:
        keys = _changed(manifest, m)
    else:
        with contextlib.suppress(TypeError, ValueError):  # a value JSON cannot hold
            same = _manifest_digest(m) == m["manifest_sha256"]
    if keys or not same:
        what, file, digest = names_words(keys[:8]) or "its fields", MANIFEST, "manifest_sha256"
    elif table != (rows or m.get("sha256")):
        now = _column_digests(rel.table)
        cols = sorted(
            plain_text(c) for c in now.keys() | columns.keys() if now.get(c) != columns.get(c)
        )
        what = f"its column(s) {names_words(cols)}" if manifest and cols else "its table"
        file, digest = TABLE, "sha256"
    else:
        return
    raise EthicLensInputError(
        f"the release was changed after it was read ({what}): it no longer matches its "
        f"{digest}, so its estimate would record the digest of a release it did not estimate",
        column=file,
        kind="file",
        fix="estimate the release as the platform wrote it (read_release(folder) again)",
    )


def _read_manifest(path: Path) -> dict:
    """The manifest's JSON, of the release format, matching its own SHA-256."""
    try:
        manifest = json.loads(path.read_text("utf-8-sig"))
    except (ValueError, OSError, RecursionError) as exc:  # JSONDecodeError, 5,000-digit ints
        raise _altered(f"manifest is not valid JSON ({str(exc)[:120]})", MANIFEST) from exc
    if not isinstance(manifest, dict):
        raise _bad("the manifest must be a JSON object", None, _shown_type(manifest))
    if manifest.get("format") != RELEASE_FORMAT:
        newer = _newer_format(manifest.get("format"), RELEASE_FORMAT)
        raise EthicLensInputError(
            f"written by a newer EthicLens: this build reads {RELEASE_FORMAT} releases"
            if newer
            else "unknown release format",
            column=MANIFEST,
            kind="file",
            value=manifest.get("format"),
            fix="upgrade EthicLens (pip install -U ethiclens) to estimate from it"
            if newer
            else "ask the platform for an EthicLens P2NIA release",
        )
    try:
        digest = _manifest_digest(manifest)
    except (TypeError, ValueError) as exc:
        raise _bad(f"the manifest cannot be hashed ({exc})") from exc
    if manifest.get("manifest_sha256") != digest:
        raise _altered(
            "the manifest has no manifest_sha256 (its own SHA-256): it was edited after release"
            if "manifest_sha256" not in manifest
            else "the manifest does not match its SHA-256: it was changed after release",
            MANIFEST,
        )
    return manifest


def _check_quoted(manifest: dict) -> bool:
    """The manifest's :data:`CSV_QUOTED`: true, or absent (False)."""
    quoted = manifest.get(CSV_QUOTED, False)
    if quoted is not True and quoted is not False:
        raise _bad(
            "must be true (the table's formula-like texts carry a ' in front)", CSV_QUOTED, quoted
        )
    return quoted


def _read_table(data: bytes, quoted: bool = False) -> pd.DataFrame:
    """The released table (its file's bytes, as hashed: a release replaced in the folder
    meanwhile is not read in their place) as text, its label and prediction columns as 0/1
    integers; ``quoted`` (the manifest's :data:`CSV_QUOTED`): names and cells as written
    before :func:`_quoted_text` put a ``'`` in front."""
    try:
        table = pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False)
        header = pd.read_csv(
            io.BytesIO(data), dtype=str, header=None, nrows=1, keep_default_na=False
        )
    except (ValueError, pd.errors.ParserError) as exc:
        raise _altered(f"cannot parse the table ({exc})", TABLE) from exc
    written = header.iloc[0].tolist() if len(header) else []
    if quoted:
        written = [c[1:] if c.startswith("'") else c for c in written]
        table = table.apply(_unquoted_text).set_axis(written, axis=1)
    repeated = sorted({c for c in written if written.count(c) > 1})
    if repeated:  # named as the file writes them, not as pandas renames them ('Y.1')
        raise _altered(
            f"the table's header repeats the column(s) {names_words(repeated)}: its columns are "
            f"{names_words(written)}",
            TABLE,
        )
    for col in [c for c in (LABEL, PREDICTION) if c in table.columns]:
        if not table[col].isin(["0", "1"]).all():
            bad = sorted(set(table[col]) - {"0", "1"})[:5]
            raise _altered(f"values {names_words(bad)} are not 0/1", col)
        table[col] = table[col].astype(int)
    return table


# ---------------------------------------------------------------------------------------------
# Validation: every request and manifest is checked as a whole before it is used. The hashes
# only say a file was not changed after release; these checks say its fields make sense
# together, so a tampered file whose hashes were recomputed is still refused when it is
# inconsistent.

N_MAX = 100_000_000
# A request's key -> the ``p2nia request`` option that sets it: what the checks name (in the
# order of a request file's keys)
REQUEST_FLAGS = {
    "n": "--n",
    "protected": "--protected",
    "protected_domain": "--groups",
    "metrics": "--metrics",
    "mechanism": "--mechanism",
    "epsilon": "--epsilon",
    "delta": "--delta",
    "track_budget": "--track-budget",
    "accounting": "--accounting",
}
REQUEST_KEYS = set(REQUEST_FLAGS)
REQUEST_REQUIRED = {"n", "protected", "mechanism", "epsilon"}
MANIFEST_REQUIRED = (
    "format",
    "mechanism",
    "epsilon",
    "accounting",
    "record_epsilon",
    "delta",
    "rows",
    "columns",
    "roles",
    "request",
    "table",
    "sha256",
    "manifest_sha256",
    "domain_source",
    "library",
)


def check_seed(value, where: str = "--seed"):
    """A non-negative integer seed, or None (drawn)."""
    return _check_seed(value, where, allow_none=True)


def _looks(text: str) -> str:
    """``text`` as a reader sees it (:func:`as_seen`), spaces and fillers left out too."""
    return "".join(c for c in as_seen(text) if not prints_blank(c))


def _domain_fix(domain) -> str:
    """The fix for groups that are not all text: numbers or booleans (an integer column's 0
    and 1) are named as the text the data's values read as (['0', '1'], a float column's
    ['0.0', '1.0']), else an example."""
    as_text = [g if isinstance(g, str) and g else _number_as_group(g) for g in domain]
    if None in as_text:  # None, '', NaN, a list: no text to suggest
        return 'e.g. ["Female", "Male"]'
    return f"give the groups as text, as the data's values read: {as_text}"


def _number_as_group(value) -> str | None:
    """A finite number's or a boolean's text as a column of them reads it (0 -> '0'), else
    None."""
    if not isinstance(value, bool | int | float | np.integer | np.floating | np.bool_):
        return None
    value = value.item() if isinstance(value, np.generic) else value
    try:
        return str(value) if not isinstance(value, float) or math.isfinite(value) else None
    except ValueError:  # an int past str()'s digit limit
        return None


def _check_domain(domain, prot: str) -> list[str]:
    """The groups of the protected attribute ``prot`` (``--groups``): two or more distinct
    non-empty names, checked as the audit checks a column's groups."""
    where = "--groups"
    refused = partial(_refused, column=where, value=domain)
    if isinstance(domain, str) or not isinstance(domain, (list, tuple)):
        raise refused(
            f"the group domain must be a list of group names, not {_shown_type(domain)}",
            'e.g. ["Female", "Male"] (--groups Female,Male on the command line)',
        )
    if any(not isinstance(g, str) or not g for g in domain):
        raise refused("every group must be a non-empty string", _domain_fix(domain))
    check_label_lengths(domain, where, lambda i: "")  # the audit's limit, named as --groups
    if len(set(domain)) != len(domain):
        raise refused("groups repeated in the domain", "list each group once")
    # the audit's rules for group names, named as --groups: none blank (' ', a zero-width
    # space), no two printing the same ('A' and 'A' + a zero-width joiner)
    try:
        encode_groups({where: pd.Series(domain, dtype=object)}, len(domain))
    except EthicLensInputError as exc:  # the groups typed: an option, no data column
        raise exc.renamed({}, "option") from None
    if len(domain) < 2:
        raise refused(
            f"the protected attribute {prot!r} needs two or more groups",
            f"list every group of {prot!r}, comma-separated",
        )
    return list(domain)


def validate_request(
    d, where: str = "request", source: str | None = None, *, in_file: bool = False
) -> dict:
    """A request dict (file or to_dict()) checked as a whole; returns the normalised fields.

    ``where`` names the whole request in messages; a problem with one key names the option
    that sets it, or, with ``source`` (where it was read from), the key in it (``epsilon in
    request``); ``in_file``: ``source`` is a request file, its key named as the audit's config
    file names one (``key 'epsilon': req.json: ...``)."""
    body = _request_body(d, where, source if in_file else None)
    try:
        return _checked_fields(body)
    except EthicLensInputError as exc:
        raise (exc if source is None else _as_key(exc, source, in_file)) from None


def _file_words(file, problem: str) -> str:
    """``problem`` of a key of the request ``file`` (None: no file), as the audit's config
    file says one (``req.json: must be ...``)."""
    return problem if file is None else f"{file}: {problem}"


def _key_named(exc: EthicLensInputError) -> str | None:
    """The request key whose option the error names (``"--epsilon"``, ``"sex (--groups)"``)."""
    flag = re.search(r"--[a-z-]+", str(exc.column or ""))
    return next((k for k, f in REQUEST_FLAGS.items() if flag and f == flag.group()), None)


def _as_key(exc: EthicLensInputError, where: str, file: bool = False) -> EthicLensInputError:
    """An error naming the option behind a key, named as that key of the dict ``where``
    (``epsilon in request``), or, a ``file``, as the audit's config file names a key (``key
    'epsilon': req.json: ...``); an example in the fix written as the key in the file's own
    syntax (``e.g. "epsilon": 1.0``; a YAML file's ``e.g. epsilon: 1.0``): the file's user
    typed no flag."""
    key = _key_named(exc)
    if key is None:
        return exc
    yaml = str(where).lower().endswith((".yaml", ".yml"))
    said = f"{key}: " if yaml else f'"{key}": '  # a text quoted alike: "sex" is YAML too
    fix = _example_as(exc.fix, REQUEST_FLAGS[key], said, json.dumps)
    column, problem = (
        (key, _file_words(where, exc.problem)) if file else (f"{key} in {where}", exc.problem)
    )
    return EthicLensInputError(problem, column=column, value=exc.value, fix=fix, kind="key")


def _as_argument(exc: EthicLensInputError) -> EthicLensInputError:
    """An error naming the option behind a key, named as the Python argument
    (:func:`make_request`, :class:`AuditRequest`); an example in the fix written as one."""
    key = _key_named(exc)
    if key is None:
        return exc
    fix = _example_as(exc.fix, REQUEST_FLAGS[key], f"{key}=", repr)
    return EthicLensInputError(exc.problem, column=key, value=exc.value, fix=fix, kind="argument")


def _example_as(fix: str | None, flag: str, said: str, quote) -> str | None:
    """``fix`` with its example of ``flag`` (``e.g. --protected sex``) written as ``said``
    takes it: a number as is, text by ``quote`` (``"protected": "sex"``, ``protected='sex'``).
    A fix that names each face's spelling ("on the command line") is kept."""
    if not fix or "on the command line" in fix:
        return fix

    def one(match) -> str:
        value = match.group(1)
        try:
            number = math.isfinite(float(value))
        except ValueError:
            number = False
        return said + (value if number else quote(value))

    return re.sub(rf"{re.escape(flag)} ([^\s,;()]+)", one, fix)


def _plain_text(value):
    """``value`` with NumPy's strings (``np.str_``), alone or in a list or tuple, as ``str``;
    a command line's text (:class:`CommandText`, ``--n abc``) kept, for its check's words."""
    if isinstance(value, list | tuple):
        return type(value)(str(v) if isinstance(v, str) else v for v in value)
    return str(value) if isinstance(value, str) and type(value) is not CommandText else value


def _check_protected(prot) -> str:
    """The protected column's name: a string that prints as something, not one of the names a
    release keeps for its own columns."""
    refused = partial(_refused, column="--protected", value=prot)
    if not isinstance(prot, str) or not prot:
        problem = "the protected attribute must be a column name (string)"
        raise refused(problem, "e.g. --protected sex")
    if prints_blank(prot):  # ' ', a zero-width space: the audit's and the counts' words
        raise refused("must not be empty", "give the column's name, e.g. --protected sex")
    refuse_password_names([prot])  # the request, the release and the estimate name it
    if prot in (LABEL, PREDICTION) or prot.startswith("_"):
        raise refused(
            f"a release names its label and prediction columns {LABEL} and {PREDICTION} and "
            "keeps names starting with '_' for its own records: the protected column would be "
            "lost or misread",
            "rename the protected column (in the request and the platform's data), e.g. "
            "--protected group",
        )
    return prot


def _checked_fields(body: dict) -> dict:
    body = {k: _plain_text(v) for k, v in body.items()}  # np.str_('sex') as the 'sex' it prints
    n = check_n(body["n"])
    prot = _check_protected(body["protected"])
    mech = body["mechanism"]
    accounting = _check_accounting(body.get("accounting", "record"), mech)
    metrics = _check_metrics(body.get("metrics", list(METRICS)))
    if body["epsilon"] is None:
        raise EthicLensInputError(
            "the budget ε is required: a request states the ε the auditor chose (no default)",
            column="--epsilon",
            fix="give it, e.g. --epsilon 1.0",
        )
    eps = _mechanism(mech).checked_epsilon(body["epsilon"])  # the ceiling in its terms
    # δ below 1/n′ (no record in the clear): one at or below 0 where 1/n′ is the tighter bound
    # is refused naming the range that holds, (0, 1/n′), not (0, DELTA_MAX]
    delta, bound = body.get("delta"), 1 / n
    refuse_written_underflow(delta, "--delta", delta_fix("--delta"), "δ")  # 1e-400, not 0.0
    if _is_number(delta) and delta <= 0 and bound <= DELTA_MAX:  # no float(): -10**400
        raise EthicLensInputError(
            f"δ must be in (0, {bound:.3g}) for n′ = {n:,}: above 0 and below both 1/n′ and "
            f"{DELTA_MAX:g}",
            column="--delta",
            value=delta,
            fix=f"e.g. δ = {10 ** -math.ceil(math.log10(n) + 1):g} (GRR needs none: leave it out)",
        )
    delta = check_delta(delta, n=n)  # an int past a float's range too (10**400)
    domain = body.get("protected_domain")
    if domain is not None:
        domain = _check_domain(domain, prot)
    track = body.get("track_budget", False)
    if not isinstance(track, bool):
        raise EthicLensInputError(
            "track_budget must be true or false",
            column="--track-budget",
            value=track,
            fix="write true or false (JSON booleans)",
        )
    fields = {
        "n": int(n),
        "protected": prot,
        "metrics": list(metrics),
        "mechanism": mech,
        "epsilon": eps,
        "delta": delta,
        "protected_domain": domain,
        "track_budget": track,
        "accounting": accounting,
    }
    _mechanism(mech).check_request(fields)
    return fields


def _request_body(d, where: str, file=None) -> dict:
    """The request's fields without ``format``: a JSON object of the request format, with
    known keys only and every required one (``file``: the request file read, whose one
    unknown key is named as the audit's config file names one)."""
    create = "create it with ethiclens p2nia request"
    refused = partial(_refused, column=where)
    if not isinstance(d, dict):
        raise refused(f"must be a JSON object, not {_shown_type(d)}", create)
    written = d.get("format", REQUEST_FORMAT)
    if written != REQUEST_FORMAT:
        newer = _newer_format(written, REQUEST_FORMAT)
        raise refused(
            f"written by a newer EthicLens: this build reads {REQUEST_FORMAT} requests"
            if newer
            else "not an EthicLens P2NIA request",
            "upgrade EthicLens (pip install -U ethiclens), or ask the auditor for a request "
            f"in {REQUEST_FORMAT}"
            if newer
            else "create one with ethiclens p2nia request",
            written,
        )
    body = {k: v for k, v in d.items() if k != "format"}
    unknown = sorted(set(body) - REQUEST_KEYS, key=plain_text)  # 1 and "epsilom"; 10**5000
    if unknown:
        raise _unknown_keys(unknown, where, file)
    missing = sorted(REQUEST_REQUIRED - set(body))
    if missing:
        raise refused(f"required keys are missing: {names_words(missing)}", create)
    return body


_ALLOWED_KEYS = f"allowed keys: {names_words(sorted(REQUEST_KEYS))}"


def _unknown_keys(unknown: list, where: str, file) -> EthicLensInputError:
    """The refusal of a request's unknown keys, listed as every refusal lists names (never a
    Python list); a request file's one unknown key named as the audit's config file names one
    (``key 'epsilom': req.json: unknown key``, as its other keys are: ``_as_key``)."""
    fix = _near_keys(unknown) + _ALLOWED_KEYS
    if file is not None and len(unknown) == 1:
        problem = _file_words(file, "unknown key")
        return EthicLensInputError(problem, column=plain_text(unknown[0]), kind="key", fix=fix)
    return _refused(f"unknown keys {names_words(unknown)}", fix, column=where)


def _near_keys(unknown: list) -> str:
    """Each unknown key's near miss among the request's keys (``did you mean 'epsilon'? ``,
    the audit config's and the grid file's words), each named where several are unknown."""
    near = {k: did_you_mean(plain_text(k), sorted(REQUEST_KEYS)) for k in unknown}
    near = {k: hint for k, hint in near.items() if hint}
    if len(unknown) == 1 or not near:
        return "".join(near.values())
    return "".join(f"{plain_repr(k)}: {hint}" for k, hint in near.items())


def _newer_format(written, known: str) -> bool:
    """Whether ``written`` is ``known``'s format at a later version (``.../2`` for ``.../1``)."""
    name, _, version = known.rpartition("/")
    match = re.fullmatch(re.escape(name) + r"/(\d+)", str(written))
    return bool(match) and int(match.group(1)) > int(version)


def check_n(n, where: str = "--n"):
    """n′, the rows a release draws: an integer in [10, N_MAX] (a quoted number is told to
    lose its quotes); ``where`` names it (``--n``, the experiment's ``--sizes``)."""
    refuse_whole_decimal(n, where, lambda whole: check_n(whole, where))  # 2000.0: give 2000
    integer = isinstance(n, (int, np.integer)) and not isinstance(n, bool)
    if integer and 10 <= n <= N_MAX:
        return n
    # "2000" quoted, not "NaN", "1.5" or "abc": unquoted they are no integer either
    whole = isinstance(n, str) and is_number_text(n.strip(), whole=True)
    quoted = " (write the number without quotes)" * whole
    typed = integer or isinstance(n, CommandText)  # a command line's: no type, no quotes
    kind = "" if typed else f", not a {_shown_type(n)}{quoted}"
    huge = isinstance(n, float) and not (np.isfinite(n) and abs(n) < 1e30)
    raise EthicLensInputError(
        f"n′ must be an integer in [10, {N_MAX:,}]{kind}",
        column=where,
        value=as_written(n) if huge else n,  # a file's 1e400 as written, not 'inf'
        fix=f"e.g. {where} 2000",
    )


def _check_accounting(accounting, mech: str) -> str:
    """A known accounting that the registered mechanism ``mech`` supports."""
    mechanism = _mechanism(mech)
    known = isinstance(accounting, str) and accounting in ACCOUNTINGS
    if not known:  # the one wording of every choice
        raise choice_error(accounting, ACCOUNTINGS, column="--accounting", what="accounting")
    if accounting not in mechanism.accountings:
        raise EthicLensInputError(
            f"{mech.upper()} supports only {choice_words(mechanism.accountings)} accounting",
            column="--accounting",
            value=accounting,
            fix="use --accounting record (per-column applies to grr)",
        )
    return accounting


def _metrics_error(problem: str, value=None, fix: str | None = None) -> EthicLensInputError:
    """A refusal of the metrics asked (``--metrics``); the fix lists :data:`METRICS` unless
    ``fix`` is given."""
    fix = fix or f"use one of {choice_words(METRICS)}"
    return EthicLensInputError(problem, column="--metrics", value=value, fix=fix)


def _check_metrics(metrics):
    """A non-empty list of known metrics, each once."""
    if isinstance(metrics, str) or not isinstance(metrics, (list, tuple)) or not metrics:
        raise _metrics_error("metrics must be a non-empty list", metrics)
    known_metrics(metrics)
    if len(set(metrics)) != len(metrics):
        raise _metrics_error("metrics repeated", list(metrics), "list each metric once")
    return metrics


def known_metrics(metrics) -> list:
    """``metrics`` as a list, each one of :data:`METRICS`."""
    unknown = [m for m in metrics if m not in METRICS]
    if unknown:  # the one wording of every choice, a near miss first ('EO' -> 'eo')
        given = unknown[0] if len(unknown) == 1 else unknown
        raise choice_error(given, METRICS, column="--metrics", what="metric")
    return list(metrics)


def _check_column_meta(name, meta, expected_domain=None, binned: bool = False) -> list:
    """A column's description as a release writes it: a domain of two or more distinct values
    (``expected_domain``, value for value and type for type, where the request or the role
    fixes it: Y and Ŷ are the numbers 0 and 1, never the text '0'/'1'), ``k`` its size (an
    integer), and bins only where ``binned`` (an extra column): edges whose labels are its
    domain, ``open_ended`` true or absent."""
    if not isinstance(meta, dict):
        raise _bad("a column's description must be an object", f"columns.{name}", _shown_type(meta))
    domain, where = meta.get("domain"), f"columns.{name}.domain"
    if isinstance(domain, str) or not isinstance(domain, list) or len(domain) < 2:
        raise _bad("a column's domain must be a list of two or more values", where, domain)
    if len({str(v) for v in domain}) != len(domain):
        raise _bad("repeated values in a column's domain", where, domain)
    if type(meta.get("k")) is not int or meta.get("k") != len(domain):
        problem = f"k must equal the domain's size {len(domain)} (an integer)"
        raise _bad(problem, f"columns.{name}.k", meta.get("k"))
    if expected_domain is not None and [(type(v), v) for v in domain] != [
        (type(v), v) for v in expected_domain
    ]:
        text = " (numbers, not text: a release writes them so)" if expected_domain == [0, 1] else ""
        raise _bad(f"domain must be {expected_domain}{text}", where, domain)
    _check_bins(name, meta, domain, binned)
    return domain


def _check_bins(name: str, meta: dict, domain: list, binned: bool) -> None:
    """A column's ``bins`` and ``open_ended`` as a release writes them (:func:`bin_labels`):
    only on an extra column, ``open_ended`` only with bins and then ``true``, and the domain
    the labels its edges give."""
    bins, open_ended, at = meta.get("bins"), meta.get("open_ended"), f"columns.{name}."
    for key, value in (("bins", bins), ("open_ended", open_ended)):
        if value is not None and not binned:
            problem = f"{key} describes a binned extra column, not a released role"
            raise _bad(problem, at + key, value)
    if open_ended is not None and (open_ended is not True or bins is None):
        problem = "open_ended is written as true, and only beside a column's bins"
        raise _bad(problem, at + "open_ended", open_ended)
    if bins is None:
        return
    if (
        not isinstance(bins, list)
        or any(not _is_number(b) for b in bins)
        or len(bins) != len(domain) + (-1 if open_ended else 1)
        or any(not math.isfinite(b) for b in bins)
        or any(b2 <= b1 for b1, b2 in zip(bins, bins[1:], strict=False))
    ):
        problem = "bin edges must be finite, strictly increasing and match the domain"
        raise _bad(problem, at + "bins", bins)
    labels = bin_labels(bins, bool(open_ended))
    if domain != labels:
        problem = f"the domain of a column binned at {bins} must be its bins' labels {labels}"
        raise _bad(problem, at + "domain", domain)


def validate_manifest(manifest, table: pd.DataFrame | None = None) -> None:
    """Check a release manifest as a whole (and against its table when given).

    Mechanism registered and equal to the request's; ε and δ valid and equal to the request's;
    the registered mechanism's own checks (GRR: per-column ε summing to ε under record
    accounting or each equal to ε under per-column accounting, with matching keep
    probabilities; MST/AIM: the zCDP budget derived from (ε, δ) and not overspent); accounting
    equal to the request's and the stated record-level ε equal to what it implies; roles,
    domains and bins consistent; the table's columns and values inside the manifest's domains.
    """
    if not isinstance(manifest, dict):
        raise _bad("the manifest must be a JSON object", None, _shown_type(manifest))
    missing = [k for k in MANIFEST_REQUIRED if k not in manifest]
    if missing:
        raise _bad(f"required keys are missing: {names_words(missing)}", fix=LACKING_FIX)
    if manifest["format"] != RELEASE_FORMAT:
        raise _bad("unknown release format", "format", manifest["format"])
    _check_quoted(manifest)
    try:
        req = validate_request(manifest["request"], f"{MANIFEST}:request", f"{MANIFEST}:request")
    except EthicLensInputError as exc:  # the auditor cannot change a released ε or δ
        budget = str(exc.column).startswith(("epsilon in", "delta in"))
        whole = exc.column == f"{MANIFEST}:request"  # its fix said "create it", as for a file
        if not budget and not whole:
            raise
        raise EthicLensInputError(  # the platform's to fix, never "create a request"
            f"invalid manifest: {exc.problem}" if budget else exc.problem,
            column=exc.column,
            value=exc.value,
            fix=INVALID_FIX if budget else _bad("").fix,
            kind="key",
        ) from None
    lacking = sorted((REQUEST_KEYS | {"format"}) - set(manifest["request"]))
    if lacking:  # a release writes the whole request: a key deleted is no default to assume
        raise _bad(
            f"the release's request lacks the key(s) {names_words(lacking)}, which every "
            "release writes",
            "request",
            lacking[0],
            LACKING_FIX,
        )
    # the request's (registered): a manifest's other mechanism is refused as differing from it
    mechanism = get_mechanism(req["mechanism"], f"{MANIFEST}:mechanism")
    _check_against_request(manifest, req, mechanism.needs_delta)
    released, data_cols = _check_columns(manifest, req, mechanism.extra_columns)
    mechanism.validate_columns(manifest, req, released, data_cols)
    _check_budget(manifest, req, mechanism.record_epsilon(req, released), len(released))
    if isinstance(budget := manifest.get("budget"), dict):  # the δ the guarantee uses
        _check_cumulative_delta(budget, budget["releases"], mechanism.delta_used(manifest))
    if table is not None:
        _check_table(manifest, table, data_cols)
        _check_groups_held(manifest, table, mechanism)
        mechanism.validate_table(manifest, table)


def _check_groups_held(manifest: dict, table: pd.DataFrame, mechanism) -> None:
    """Refuse, whatever the mechanism, a group that no released row holds where the mechanism
    makes that all but impossible (:meth:`Mechanism.group_floor`: each of n′ rows holds it
    with probability at least q, so a release holds none with probability at most
    (1 − q)^n′, below ``PHANTOM_GROUP_P``): it was added to the manifest after the release
    (a digest could not tell: whoever edits the manifest recomputes it)."""
    floor, prot, rows = mechanism.group_floor(manifest), manifest["roles"]["protected"], len(table)
    chance = rows * math.log1p(-floor[0]) / math.log(10) if floor else 0  # log10 (1 − q)^n′
    held = set(table[prot].astype(str))
    for group in manifest["columns"][prot]["domain"]:
        if str(group) not in held and chance < math.log10(PHANTOM_GROUP_P):
            raise _bad(
                f"{no_rows_held([group])}: {manifest['mechanism'].upper()} reports each of the "
                f"{rows} rows as it with probability at least {floor[0]:.3g} ({floor[1]}), so "
                f"a release holds none of its rows with probability below "
                f"1e{math.floor(chance) + 1}: the group was added to the manifest after the "
                "release",
                f"columns.{prot}.domain",
                group,
            )


def _check_against_request(manifest: dict, req: dict, needs_delta: bool) -> None:
    """Mechanism, ε, δ (the request's, or the default δ an (ε, δ) mechanism used where the
    request gave none), rows, table name and roles as the request implies."""
    mech = manifest["mechanism"]
    if mech != req["mechanism"]:
        raise _bad(f"mechanism differs from the request's {req['mechanism']!r}", "mechanism", mech)
    eps = manifest_number(check_epsilon, manifest["epsilon"], "epsilon")
    if not _close(eps, req["epsilon"]):
        raise _bad(f"ε differs from the request's {number_text(req['epsilon'])}", "epsilon", eps)
    delta = manifest_number(check_delta, manifest["delta"], "delta")
    if delta != req["delta"] and not (needs_delta and req["delta"] is None):
        raise _bad(f"δ differs from the request's {req['delta']}", "delta", delta)
    rows = manifest["rows"]
    if not isinstance(rows, int) or isinstance(rows, bool) or rows != req["n"]:
        raise _bad(f"rows must equal the requested n′ = {req['n']}", "rows", rows)
    if manifest["table"] != TABLE:
        raise _bad(f"the table must be {TABLE}", "table", manifest["table"])
    library = manifest["library"]
    if not isinstance(library, str) or not re.fullmatch(r"ethiclens \d[\w.+!-]*", library):
        raise _bad("the library is 'ethiclens' and its version", "library", library)
    expected = _expected_roles(req["protected"], any(NEEDS_Y[m] for m in req["metrics"]))
    if manifest["roles"] != expected:
        raise _bad(f"roles must be {expected} for this request", "roles", manifest["roles"])


def _check_columns(manifest: dict, req: dict, extra_columns: bool) -> tuple[list, list]:
    """Every released column described, with consistent domains; returns the released roles
    and the table's columns."""
    cols = manifest["columns"]
    if not isinstance(cols, dict):
        raise _bad("columns must be an object", "columns", _shown_type(cols))
    prot = req["protected"]
    released = _released_roles(prot, any(NEEDS_Y[m] for m in req["metrics"]))
    for name in released:
        if name not in cols:
            raise _bad("a released column is not described", f"columns.{name}")
    domain = _check_column_meta(prot, cols[prot], req["protected_domain"])
    if any(not isinstance(g, str) for g in domain):
        raise _bad("group names must be strings", f"columns.{prot}.domain", domain)
    source = _domain_source(req["protected_domain"])
    if manifest["domain_source"] != source:
        raise _bad(
            f"the groups came from the {source.partition(' (')[0]}: domain_source must be "
            f"{source!r}",
            "domain_source",
            manifest["domain_source"],
        )
    for name in released[1:]:
        _check_column_meta(name, cols[name], [0, 1])
    data_cols = [c for c in cols if not c.startswith("_")]
    if data_cols[: len(released)] != released:  # a release writes its roles first, in order
        raise _bad(f"the released columns must begin with {released}", "columns", data_cols)
    if extra_columns:
        for name in data_cols[len(released) :]:
            _check_column_meta(name, cols[name], binned=True)
    opened = [c for c in data_cols if isinstance(cols[c], dict) and cols[c].get("open_ended")]
    if manifest.get("open_ended_bins", []) != opened or manifest.get("open_ended_bins") == []:
        raise _bad(
            f"open_ended_bins must list the open-ended columns {opened}"
            if opened
            else "no column has open-ended bins: a release writes no open_ended_bins",
            "open_ended_bins",
            manifest.get("open_ended_bins"),
        )
    return released, data_cols


def _check_budget(manifest: dict, req: dict, record_eps: float, n_released: int) -> None:
    """Accounting as requested, the stated record-level ε as it implies, and a budget record
    (when present) that agrees with both."""
    accounting = manifest["accounting"]
    if accounting != req["accounting"]:
        raise _bad(
            f"accounting differs from the request's {req['accounting']!r}", "accounting", accounting
        )
    stated = manifest["record_epsilon"]
    if not _is_number(stated) or not _close(stated, record_eps):
        raise _bad(
            f"the record-level ε must be {sum_text(record_eps)} ({accounting} accounting over "
            f"{n_released} released columns)",
            "record_epsilon",
            stated,
        )
    budget = manifest.get("budget")
    if budget is None and req["track_budget"]:  # a release for such a request writes one
        raise _bad(
            "the request asked to track the budget, and the budget record is missing", "budget"
        )

    def spent(key):  # the record's ε, refused as an invalid manifest (budget.<key>)
        return manifest_number(check_epsilon, budget.get(key), f"budget.{key}")

    if budget is not None and (
        not isinstance(budget, dict)
        or not _close(spent("this_release"), record_eps)
        or spent("cumulative_on_this_data") < record_eps * (1 - 1e-9)
    ):
        raise _bad("the budget record contradicts the release's ε", "budget", budget)
    if budget is not None:
        _check_budget_count(budget, manifest["delta"])


def _check_budget_count(budget: dict, delta) -> None:
    """A budget record's release count (an integer from 1; at 1 the cumulative ε is this
    release's) and δ (the release's, stated where it has one), as a release writes them."""
    count = budget.get("releases")
    if type(count) is not int or count < 1:
        raise _bad(
            "the number of releases must be an integer of at least 1", "budget.releases", count
        )
    this, total = budget["this_release"], budget["cumulative_on_this_data"]
    if _close(total, this) != (count == 1):  # each earlier release spent some ε
        raise _bad(
            f"after one release the cumulative ε is this release's {number_text(this)}"
            if count == 1
            else f"after {count} releases the cumulative ε exceeds this release's "
            f"{number_text(this)}",
            "budget.cumulative_on_this_data",
            budget["cumulative_on_this_data"],
        )
    for key, want, said in (
        ("composition", BUDGET_COMPOSITION, f"the composition is {BUDGET_COMPOSITION!r}"),
        ("this_release_delta", delta, f"this release's δ is the release's {delta}"),
    ):
        if budget.get(key) != want:
            raise _bad(said, f"budget.{key}", budget.get(key))


def _check_cumulative_delta(budget: dict, count: int, delta) -> None:
    """A budget record's cumulative δ (written since round 39; absent from an older record):
    a number above 0 (many releases' δ may add up past one's ceiling) at least this release's,
    and this release's after one release."""
    if CUMULATIVE_DELTA not in budget:
        return
    total, this = budget[CUMULATIVE_DELTA], 0.0 if delta is None else float(delta)
    if (
        not _is_number(total)
        or not 0 < float(total) < 1
        or total < this * (1 - 1e-9)
        or (count == 1 and not _close(total, this))
    ):
        if delta is None:  # not 'this release's δ None'
            said = (
                "after one pure-ε release there is no cumulative δ"
                if count == 1
                else (
                    "the cumulative δ must be the earlier releases' (this pure-ε release adds none)"
                )
            )
        else:
            said = f"the cumulative δ must be this release's δ {number_text(delta)}" + (
                " plus the earlier releases'" if count > 1 else ""
            )
        raise _bad(said, f"budget.{CUMULATIVE_DELTA}", total)


def _check_table(manifest, table: pd.DataFrame, data_cols) -> None:
    cols = manifest["columns"]
    if len(table) != manifest["rows"]:
        raise _altered(
            f"the table has {len(table)} rows, the manifest says {manifest['rows']}", TABLE
        )
    if list(map(str, table.columns)) != data_cols:
        raise _altered(
            f"the table's columns {names_words(table.columns)} differ from the manifest's "
            f"{names_words(data_cols)}"
            + (" (in its order)" if sorted(map(str, table.columns)) == sorted(data_cols) else ""),
            TABLE,
        )
    for name in data_cols:
        values = quiet_nans(table[name])  # a Decimal('sNaN'): missing, not a traceback
        domain = cols[name]["domain"]
        cells = values if values.dtype == object else ()  # one value each, not unique()'s
        cell = next((v for v in cells if unhashable(v)), None)  # TypeError
        if cell is not None:
            problem = f"a released cell holds a {_shown_type(cell)}, not one value"
            raise _altered(problem, name, cell)
        if values.isna().any():
            raise _altered("missing values in the released table", name)
        if name in (LABEL, PREDICTION):  # 0 and 1 as numbers: 1.0, Decimal('1'), True too
            odd = sorted({repr(plain(v)) for v in values.unique() if not _released_bit(v)})
            bad = ", ".join(odd[:5])  # '1' (text) apart from 1
        else:
            ok = values.astype(str).isin([str(v) for v in domain]).all()
            odd = [] if ok else sorted(set(map(str, values.unique())) - {str(v) for v in domain})
            bad = names_words(odd[:5])
        if odd:
            raise _altered(
                f"released values {bad} are outside the manifest's domain "
                f"{names_words(domain[:10])}",
                name,
            )


def unhashable(value) -> bool:
    """Whether ``value`` is no one value pandas can count: a list, dict or set, or a tuple
    holding one (``([1],)`` is a Hashable whose hash raises pandas' TypeError)."""
    if not isinstance(value, Hashable):
        return True
    return isinstance(value, tuple) and any(unhashable(v) for v in value)


def _released_bit(value) -> bool:
    """A released label's or prediction's value: 0 or 1 as a real number or a boolean of any
    type (1, 1.0, np.int8(1), Decimal('1'), True), never text or a complex number."""
    value = plain(value)
    return isinstance(value, int | float | Decimal) and value in (0, 1)
