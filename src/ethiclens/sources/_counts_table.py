"""The counts table: build it from rows, from SQL, suppress small cells, write and read it.

A counts table has one row per cell of (protected attribute values..., y_true, y_pred
[, score_bin]) with ``count`` and, when weighted, ``weight_sum`` and ``weight_sq_sum``; with scores,
``score_sum`` (the weighted score sum of the cell). ``ethiclens.audit_counts`` audits it.
"""

from __future__ import annotations

import datetime
import functools
import inspect
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from .._checks import (
    ROLE_NAMES,
    argument_kinds,
    bytes_like_as_bytes,
    check_argument_type,
    check_count,
    check_label_lengths,
    decoded_bytes,
    each_kind,
    has_negative_zero,
    instance_kind,
    iterable_kind,
    names_words,
    plain,
    refuse_bool_beside_number,
    type_refusal,
    unsigned_zero,
    use_one_of,
)
from .._keywords import refusing_unknown_keywords, unknown_keyword
from .._text import CSV_FORMULA_START, one_line, plural, printed_floats
from ..errors import EthicLensInputError, plain_text
from ..fairness import (
    PARTLY_SUPPRESSED,
    SUPPRESSED_CROSSINGS,
    SUPPRESSED_GROUPS,
    as_scores,
    as_weights,
    check_score_bins,
    suppressed_groups,
)
from ..io import (
    NUMBER_PATTERN,
    SERIES_KIND,
    WRITE_PATH_FIX,
    _first_not_one_value,
    _not_one_value_error,
    _refuse_nul_path,
    check_writable,
    path_kind,
    read_table,
    refuse_password_names,
    type_groups,
    write_atomic,
    write_atomic_together,
)
from ._names import (  # noqa: F401 - re-exported: the counts table's vocabulary
    ATTRIBUTES_ATTR,
    BINS_ATTR,
    COUNT,
    FORMATS,
    META_SUFFIX,
    N_BINS_ATTR,
    NAMES_ATTR,
    RESERVED,
    SCORE_BIN,
    SCORE_SUM,
    SUPPRESSION_ATTR,
    TEXT_ATTR,
    WEIGHT_SQ_SUM,
    WEIGHT_SUM,
    Y_PRED,
    Y_TRUE,
    roles_type_error,
)
from ._rules import (
    MISSING,
    NOT_A_NUMBER,
    NOT_NUMBER,
    NUMBER,
    WEIGHT_BAD,
    WEIGHT_MAX,
    WEIGHT_TEXT,
    _label,
    _uniques,
    check_counts,
    csv_header,
    record_engine,
    refuse_blank_groups,
    refuse_repeated_roles,
    register_pandas_types,
    score_bins,
    table_place,
)


@argument_kinds(protected=iterable_kind("a list of protected columns", "e.g. ['race']"))
def refuse_reserved(protected) -> None:
    """A protected attribute named like a counts-table column (``count``) is refused on every
    engine: the counting ones key their cells by those names. So is one whose name holds a URL
    with a password (``postgresql://u:pw@h/db``, a pasted connection string): the HTML masks
    it, but the JSON report, a counts table and a saved config must name the column as the data
    does (a rerun reads it), and EthicLens never writes a password."""
    refuse_password_names(protected)
    for col in protected:
        if col in RESERVED:
            raise EthicLensInputError(
                "a protected attribute may not use a reserved counts-table name",
                column=col,
                fix=f"rename the column (reserved: {', '.join(RESERVED)})",
            )


@refusing_unknown_keywords(init=True)  # Roles(typo=...): audit()'s refusal
@dataclass(frozen=True)
class Roles:
    """Which source column plays which part; ``protected`` lists the attribute columns.

    ``y_pred_role`` is the part the ``y_pred`` column plays in messages: ``"y_true"`` where the
    labels are counted in its place (``thresholds`` rebuilds its rows from such counts), so a
    refusal names ``'label (y_true)'`` as the pandas path does. ``key_roles`` maps a protected
    column that holds another role to it: ``{"score": "y_score"}`` where ``thresholds`` counts
    its scores as keys, ``{"pred2": "pred_b"}`` for ``compare``'s second model; such a column is
    checked and named as that role (a missing score is a missing score, not a missing group).
    ``binary_labels``: labels and predictions must read as 0/1 where no ``pos_label`` is given
    (``ethiclens counts``, which has none): 0/1 mixed with another value, or numbers other than
    0/1, are refused at source with the first row, never written for the audit to refuse;
    ``"audit"``: so too in the audit's words (an audit given no ``--pos-label``). ``pos_label``:
    the audit's, refused where the audit refuses it, before any score, weight or group.
    ``n_bins``: the score bins, with ``y_score`` (None: 10); given without one it would change
    nothing and is refused as ``audit_counts`` refuses it (10, the default, let through).
    """

    y_pred: str
    protected: list = field(default_factory=list)
    y_true: str | None = None
    y_score: str | None = None
    weight: str | None = None
    n_bins: int | None = None
    y_pred_role: str = Y_PRED
    key_roles: dict = field(default_factory=dict)
    binary_labels: bool | str = False
    pos_label: object = None

    def __post_init__(self):
        object.__setattr__(self, "protected", _protected_columns(self.protected))
        refuse_reserved(self.protected)
        refuse_password_names([self.y_true, self.y_pred, self.y_score, self.weight])
        named = {Y_TRUE: self.y_true, Y_PRED: self.y_pred, "y_score": self.y_score}
        for role, name in {**named, "sample_weight": self.weight}.items():
            if isinstance(name, int | float | np.number) and not name:  # column 0 of a frame
                raise EthicLensInputError(
                    f"names the column {name!r}, which reads as no column here",
                    column=role,
                    kind="argument",
                    fix="rename the frame's columns to text (e.g. df.columns = "
                    "[f'c{i}' for i in range(df.shape[1])])",
                )
        # the audit's own check: never a table of bin -1 or a crash; without a score, bins
        # would change nothing (a table recorded as of 5 bins, of none), as audit_counts says
        n_bins = check_score_bins(self.n_bins, bool(self.y_score), idle_default=True)
        object.__setattr__(self, "n_bins", n_bins)
        if self.y_score and not self.y_true:
            raise EthicLensInputError(
                "calibration needs ground truth",
                column="y_score",
                fix="pass y_true too, or drop y_score",
            )

    @property
    def columns(self) -> list[str]:
        """The source columns an audit reads (and nothing else), each once (a prediction may
        be its own score)."""
        cols = [c for c in (self.y_true, self.y_pred, self.y_score, self.weight) if c]
        return list(dict.fromkeys(cols + list(self.protected)))

    def _keys(self) -> list[tuple[str, str]]:
        """(source column, the counts table's name) of each key: attributes, label, prediction."""
        label = [(self.y_true, Y_TRUE)] if self.y_true else []
        return [(c, c) for c in self.protected] + label + [(self.y_pred, Y_PRED)]

    def names(self) -> dict:
        named = {Y_TRUE: self.y_true, Y_PRED: self.y_pred, SCORE_BIN: self.y_score}
        named[WEIGHT_SUM] = self.weight
        return {k: v for k, v in named.items() if v}


def refusing_roles_keywords(function):
    """``function`` (a count taking ``roles``) refusing a role given as its own keyword
    (``counts_of(df, y_true='y')``, ``label=``: the role it means) by where it goes,
    ``roles=Roles(y_true='y', ...)``, and any other keyword it does not take as
    :func:`refusing_unknown_keywords` refuses it (the nearest it takes). Signature unchanged."""
    checked = refusing_unknown_keywords(function)
    taken = set(inspect.signature(function).parameters)
    roles = [f.name for f in fields(Roles)]

    @functools.wraps(function)
    def refusing(*args, **kwargs):
        for key, value in kwargs.items():
            role = ROLE_NAMES.get(key, key)
            if key not in taken and role in roles:
                given = repr(value) if isinstance(value, str | list | tuple) else "..."
                given = given if len(given) < 40 else "..."
                fix = f"give it in roles: roles=Roles({role}={given}, ...)"
                raise unknown_keyword(function.__name__, key, (), fix=fix)
        return checked(*args, **kwargs)

    refusing.__refuses_keywords__ = True  # exported as it is (_keywords.refusing_exports)
    return refusing


def _protected_columns(value) -> list:
    """``Roles.protected`` as a list of column names: one name (``'sex'``, never read letter by
    letter as the columns s, e, x), a list, tuple, 1-d array or Index of them, or a set (sorted:
    the same table on every run, as the audit's ``protected`` takes one), or any other
    iterable of them, read once (``d.keys()``, a generator: refuse_reserved's pass used one
    up, so its columns were silently not counted). What else is given (None, a number, bytes,
    a bytearray or memoryview, a mapping, a 0-d or 2-d array, a frame) is refused naming the
    argument, never a TypeError from iterating it nor bytes read as their ints."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (set, frozenset)):  # 10**5000 sorted by its text, never a ValueError
        return sorted(value, key=plain_text)
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, (np.ndarray, pd.Index, pd.Series)) and np.ndim(value) == 1:
        return list(value.tolist())
    arrayish = isinstance(value, (np.ndarray, pd.Index, pd.Series, pd.DataFrame))
    # bytes of any kind (a bytearray, a memoryview too) are refused, never read as their ints
    unread = (bytes, bytearray, memoryview, Mapping)
    if isinstance(value, Iterable) and not isinstance(value, unread) and not arrayish:
        return list(value)
    fix = "e.g. Roles(y_pred='pred', protected=['sex', 'race'])"
    raise type_refusal(
        value, "must be a column name or a list of them, not", column="protected", fix=fix
    )


def _refuse_not_one_value(keys: pd.DataFrame, roles: Roles, rows: bool = True) -> None:
    """Refuse the first key cell that is not one value (``io._not_one_value``: a list or
    mapping, a Series, a slice, an object whose ``__hash__`` or ``__eq__`` raises), by its
    row and value in the audit's words: no engine can count it. ``rows=False``: ``keys`` are
    a GROUP BY's cells (a database's array or JSON column), whose index is no source row."""
    source = {Y_TRUE: (roles.y_true, Y_TRUE), Y_PRED: (roles.y_pred, roles.y_pred_role)}
    source |= {c: (c, role) for c, role in roles.key_roles.items()}
    for col in keys.columns:
        if (i := _first_not_one_value(keys[col])) is None:
            continue
        where = f", first at row {int(keys.index[i])}" if rows else ""
        name, role = source.get(col, (col, None))
        label = _label(name, role) if role else name
        raise _not_one_value_error(keys[col].iloc[i], label, where, group=role is None)


def _cell_codes(keys: pd.DataFrame) -> np.ndarray:
    """Each row's cell (the distinct key rows, in order); a ``bytearray`` (a database's BLOB,
    which cannot be hashed) as the bytes it holds, as the audit reads it."""
    by = list(keys.columns)
    try:
        return keys.groupby(by, sort=False, dropna=False).ngroup().to_numpy()
    except TypeError:  # only here: a scan of every cell costs 0.14 s a million rows
        return bytes_not_bytearrays(keys).groupby(by, sort=False, dropna=False).ngroup().to_numpy()


def bytes_not_bytearrays(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` (changed in place) with each column holding a ``bytearray`` or ``memoryview``
    (a BLOB of DuckDB's, a database's or a Parquet binary label), which cannot be counted or
    compared (unhashable), as the ``bytes`` pandas reads, whose UTF-8 text the audit then
    labels (:func:`ethiclens._checks.bytes_like_as_bytes`)."""
    for col in list(frame.columns):
        if (as_bytes := bytes_like_as_bytes(frame[col])) is not None:
            frame[col] = as_bytes
    return frame


def _numbers(values: pd.Series, check=as_scores) -> pd.Series:
    """A score (or weight, ``check=as_weights``) column as numbers; one holding a value that
    is not a number read as the audit reads it (a ``Fraction``) or refused in its words
    (``check``: the row and value)."""
    try:
        numbers = pd.to_numeric(values, errors="coerce" if check is as_weights else "raise")
        if numbers.dtype.kind != "c":  # complex numbers: refused as the audit refuses them
            return numbers
    except Exception:
        pass
    return pd.Series(check(values, len(values)), index=values.index, dtype=float)


_NOT_FRAME = "must be a pandas DataFrame, not a"
_FRAME_FIX = "pass the rows as a DataFrame (e.g. pd.read_csv(path))"


def _check_table(table) -> None:
    """A counts table given as something else is refused naming ``table``."""
    fix = "pass the table counts_of, sql_counts or read_counts gave"
    check_argument_type(table, pd.DataFrame, column="table", problem=_NOT_FRAME, fix=fix)


@refusing_roles_keywords
def counts_of(frame: pd.DataFrame, roles: Roles) -> pd.DataFrame:
    """The counts table of a pandas DataFrame (sums in row order, as ``audit`` sums them)."""
    check_argument_type(frame, pd.DataFrame, column="frame", problem=_NOT_FRAME, fix=_FRAME_FIX)
    _check_roles(roles)
    if missing := [c for c in roles.columns if c not in frame.columns]:
        raise EthicLensInputError(
            "not found", column=missing[0], fix=use_one_of(missing[0], frame.columns, 20)
        )
    refuse_repeated_roles(list(frame.columns), roles)  # frame[c] would be a frame
    for col in roles.protected:  # True beside 1: one hash, so one cell, as audit refuses it
        refuse_bool_beside_number(frame[col], col)
    keys = pd.DataFrame({c: canonical_zero(frame[c]).to_numpy() for c in roles.protected})
    if roles.y_true:
        keys[Y_TRUE] = frame[roles.y_true].to_numpy()
    keys[Y_PRED] = frame[roles.y_pred].to_numpy()
    if roles.y_score:
        # NaN when missing, -1 outside [0, 1] (refused later); a float32 as the decimal it prints
        keys[SCORE_BIN] = score_bins(_numbers(frame[roles.y_score]), roles.n_bins, False)
    try:
        codes = _cell_codes(keys)
    except Exception:
        _refuse_not_one_value(keys, roles)
        raise
    first = np.unique(codes, return_index=True)[1]  # each cell's first row
    n_cells = len(first)
    _refuse_not_one_value(keys.iloc[first], roles)  # hashed, but its __eq__ raises
    # a memoryview (hashed as its bytes) is the bytes it holds
    table = bytes_not_bytearrays(keys.iloc[first].reset_index(drop=True))
    table[COUNT] = np.bincount(codes, minlength=n_cells).astype(np.int64)
    w = None
    if roles.weight:
        w = _numbers(frame[roles.weight], as_weights).to_numpy(dtype=float)
        if bad := int((~np.isfinite(w) | (w < 0)).sum()):
            # the rows path's words: the first such row, its value as given (<NA>, -3)
            as_weights(frame[roles.weight], len(frame))
            raise EthicLensInputError(
                f"weights must be finite and >= 0; {bad} are not",
                column=f"{roles.weight} (sample_weight)",
                fix="drop those rows or give them a valid weight",
            )
        table[WEIGHT_SUM] = np.bincount(codes, weights=w, minlength=n_cells)
        table[WEIGHT_SQ_SUM] = np.bincount(codes, weights=w**2, minlength=n_cells)
    if roles.y_score:
        # a float32 score summed as the decimal it prints as
        s = np.nan_to_num(np.asarray(printed_floats(_numbers(frame[roles.y_score]))))
        table[SCORE_SUM] = np.bincount(codes, weights=s if w is None else w * s, minlength=n_cells)
    return _finish(table, roles)


def _check_roles(roles, taker: str = "counts_of") -> None:
    """``roles`` is this module's :class:`Roles` (else :func:`roles_type_error`)."""
    if not isinstance(roles, Roles):
        raise roles_type_error(roles, taker)


def _finish(table: pd.DataFrame, roles: Roles) -> pd.DataFrame:
    if SCORE_BIN in table.columns:
        # -1 (outside [0, 1]) and NaN stay for audit_counts to refuse with its messages.
        table[SCORE_BIN] = pd.to_numeric(table[SCORE_BIN]).astype("Int64")
    # a sum of -0.0 alone (Dask's) is written 0.0, as pandas and DuckDB sum it
    if SCORE_SUM in table.columns:
        table[SCORE_SUM] = pd.to_numeric(table[SCORE_SUM]).astype(float).fillna(0.0) + 0.0
    for col in (WEIGHT_SUM, WEIGHT_SQ_SUM):
        if col in table.columns:
            table[col] = pd.to_numeric(table[col]).astype(float) + 0.0
    table[COUNT] = pd.to_numeric(table[COUNT]).astype(np.int64)
    table.attrs[N_BINS_ATTR] = int(roles.n_bins)
    table.attrs[NAMES_ATTR] = roles.names()
    table.attrs[ATTRIBUTES_ATTR] = [str(c) for c in roles.protected]
    return table


@argument_kinds(values=SERIES_KIND)
def canonical_zero(values: pd.Series) -> pd.Series:
    """``values`` with every float -0.0 made 0.0: the two are one group on every engine, and
    whichever an engine met first would otherwise name it (``-0.0`` or ``0.0`` by row order
    and engine); the one label is ``0.0`` everywhere. A float16 column is read as float32
    (pandas cannot group or index float16; every engine labels its values alike)."""
    if values.dtype == np.float16:
        values = values.astype(np.float32)
    if pd.api.types.is_float_dtype(values.dtype):
        return values + 0.0  # IEEE: -0.0 + 0.0 is 0.0, every other value (NaN too) unchanged
    if values.dtype != object:
        return values
    if not has_negative_zero(_uniques(values)):
        return values
    return values.map(unsigned_zero)


@argument_kinds(
    files=each_kind(path_kind(), "a list of file paths", "e.g. ['a.parquet']", empty=True)
)
def parquet_key_types(files, columns) -> dict:
    """Each of ``columns`` stored in the Parquet ``files`` -> its Arrow type (a dictionary's
    value type), from the first file holding it: the type pandas reads the column's values
    as. A hive key (in no file) or a name stored twice is left out."""
    import pyarrow.parquet as pq

    register_pandas_types()
    types: dict = {}
    for f in files:
        schema = pq.read_schema(f)
        for col in columns:
            if col not in types and len(schema.get_all_field_indices(col)) == 1:
                t = schema.field(col).type
                types[col] = t.value_type if pa.types.is_dictionary(t) else t
        if len(types) == len(columns):
            break
    return types


@argument_kinds(
    values=iterable_kind("a column's values (an Arrow array or a list)", "e.g. table.column('g')"),
    file_type=instance_kind(pa.DataType, "an Arrow type", "e.g. pa.string()"),
)
def as_pandas_reads(values, file_type) -> pd.Series:
    """An engine's key values of a Parquet column of ``file_type`` as ``pandas.read_parquet``
    gives them, so every engine's group label is pandas' ``str(value)``: a date (not a
    midnight timestamp), a decimal with its scale (``1.50``), a time zone's own offset (not
    UTC wall time), bytes (not a bytearray). ``values``: an Arrow array or Python values
    (Spark's, where a time-zone-aware timestamp comes as the local time of this process).
    Values Arrow cannot convert to that type are given back as they are."""
    if not isinstance(values, pa.Array | pa.ChunkedArray):
        values = list(values)
        if pa.types.is_timestamp(file_type) and file_type.tz is not None:
            values = [_as_utc(v) for v in values]
        try:
            values = pa.array(values, from_pandas=True)
        except (pa.ArrowException, TypeError, ValueError):
            return pd.Series(values, dtype=object)
    try:
        values = values.cast(file_type)
    except (pa.ArrowException, TypeError, ValueError):
        pass  # a type DuckDB or Spark reads otherwise (a wide decimal): their values stay
    return canonical_zero(pd.Series(values.to_pandas()))


def _as_utc(value):
    """A naive datetime in this process's local time (how Spark hands over an instant) as the
    same instant in UTC; anything else as it is."""
    if isinstance(value, pd.Timestamp):  # a naive Timestamp has no local-time astimezone
        value = value.to_pydatetime()
    if isinstance(value, datetime.datetime) and value.tzinfo is None:
        return value.astimezone(datetime.UTC)
    return value


def suppress_small_cells(table: pd.DataFrame, min_cell: int) -> pd.DataFrame:
    """Drop cells with fewer than ``min_cell`` rows; what was dropped goes into ``attrs``.

    The audit then sees fewer rows: groups lose exactly the rows of their dropped cells, so a
    small group's rates can shift (a rare outcome in a small group is what gets dropped first).
    Every report made from the table states the suppression.
    """
    _check_table(table)
    check_count(min_cell, "--min-cell", fix="e.g. 10")
    small = table[COUNT].to_numpy() < min_cell
    if len(table) and small.all():  # an empty table would be handed over as if it were data
        raise EthicLensInputError(
            f"drops every cell: the largest holds {plural(int(table[COUNT].max()), 'row')}",
            column="--min-cell",
            value=min_cell,
            fix="give a --min-cell at most the rows of the cells you need to keep (e.g. 10)",
        )
    out = table.loc[~small].reset_index(drop=True)
    out.attrs = dict(table.attrs)
    attrs = table.attrs.get(ATTRIBUTES_ATTR) or [c for c in table.columns if c not in RESERVED]
    out.attrs[SUPPRESSION_ATTR] = {
        "min_cell": int(min_cell),
        "cells_dropped": int(small.sum()),
        "rows_dropped": int(table[COUNT].to_numpy()[small].sum()),
        "rows_kept": int(out[COUNT].sum()),
        "effect": "cells with fewer rows than min_cell were dropped before the audit: their "
        "rows are missing from every group they belong to",
        SUPPRESSED_GROUPS: _groups_gone(table, out, attrs),
        PARTLY_SUPPRESSED: _groups_partly_gone(table, small, attrs, out),
    }
    if crossings := _crossings_gone(table, out, attrs):
        out.attrs[SUPPRESSION_ATTR][SUPPRESSED_CROSSINGS] = crossings
    return out


def _crossings_gone(table: pd.DataFrame, kept: pd.DataFrame, attrs) -> dict | None:
    """With two attributes or more: the attributes' value tuples (names only, no counts) none
    of whose cells is kept, so an intersection audit reports each crossing it loses."""
    if len(attrs) < 2:
        return None
    counted = table.loc[table[COUNT].to_numpy() > 0, list(attrs)].dropna()
    left = set(kept[list(attrs)].dropna().itertuples(index=False, name=None))
    rows = set(counted.itertuples(index=False, name=None)) - left
    keys = sorted(([plain(v) for v in r] for r in rows), key=lambda r: list(map(str, r)))
    return {"attributes": [str(a) for a in attrs], "groups": keys}


def _groups_gone(table: pd.DataFrame, kept: pd.DataFrame, attrs) -> dict:
    """attribute -> the groups (names only: no counts) none of whose cells is kept, for every
    attribute of the table; the audit reports each as suppressed, never drops it unsaid."""
    counted = table.loc[table[COUNT].to_numpy() > 0]
    gone = {}
    for col in attrs:
        left = set(kept[col].dropna().tolist())
        names = {plain(v) for v in counted[col].dropna().tolist()} - left
        gone[str(col)] = sorted(names, key=str)
    return gone


def _groups_partly_gone(table: pd.DataFrame, small, attrs, kept: pd.DataFrame) -> dict:
    """attribute -> the groups (names only) that lost some of their cells, not all: the
    audit says in each of their comparisons that the rates leave out those rows."""
    lost = table.loc[small & (table[COUNT].to_numpy() > 0)]
    out = {}
    for col in attrs:
        left = {plain(v) for v in kept[col].dropna().tolist()}
        names = {plain(v) for v in lost[col].dropna().tolist()} & left
        out[str(col)] = sorted(names, key=str)
    return out


_META_KEY = b"ethiclens"


@argument_kinds(
    path=path_kind(),
    column=instance_kind(str, "the name its refusals give the path (text)", "e.g. '--counts'"),
)
def counts_format(path, column: str = "path") -> str:
    """``"parquet"`` or ``"csv"``, as the file's suffix says; any other suffix is refused, and
    a flag's ``-`` (standard output, as the command line's other outputs refuse it)."""
    kind = "option" if column.startswith("-") else "argument"
    if str(path) == "-" and kind == "option":
        problem = "cannot go to standard output ('-'): a counts table is written as a file"
        fix = f"give {column} a file name, e.g. counts.parquet or counts.csv"
        raise EthicLensInputError(problem, column=column, kind=kind, value="-", fix=fix)
    if (fmt := FORMATS.get(Path(path).suffix.lower())) is None:
        raise EthicLensInputError(
            f"cannot write a counts table as {Path(path).suffix or 'a file without a suffix'!r}",
            column=column,
            kind=kind,
            value=str(path),
            fix="name it .parquet (or .pq: the score bins, attribute list and any --min-cell "
            f"statement travel inside the file) or .csv (they go into NAME.csv{META_SUFFIX} "
            "beside it: hand over both)",
        )
    return fmt


@argument_kinds(path=path_kind())
def metadata_path(path):
    """Where a CSV counts table keeps its metadata: ``c.csv`` -> ``c.csv.ethiclens.json``."""
    return f"{path}{META_SUFFIX}"


@refusing_unknown_keywords
def write_counts(table: pd.DataFrame, path) -> None:
    """Write a counts table atomically in the format its suffix names.

    ``.parquet``/``.pq``: Parquet with the table's attrs in the file's metadata. ``.csv``: a CSV,
    its attrs in ``<path>.ethiclens.json`` beside it. Any other suffix is refused. Weight and
    score sums are written rounded to 15 significant digits (:data:`WRITTEN_DIGITS`), so every
    engine writes the same bytes.
    """
    _check_table(table)
    _refuse_nul_path(path)
    fmt = counts_format(path)
    try:  # its folder exists and takes files: not os's OSError mid-write
        check_writable(path)
    except EthicLensInputError as exc:  # named as the other refusals of path are
        raise EthicLensInputError(
            exc.problem, column="path", kind="argument", fix=exc.fix
        ) from None
    table = sorted_cells(_rounded_sums(_keys_as_labels(table)))
    attrs = dict(table.attrs)
    if fmt == "csv":
        table = _csv_labels(table)
        attrs[TEXT_ATTR] = [c for c in _key_columns(table) if _all_text(table[c])]
        table = _formula_safe(table)
        if table.attrs.get(CSV_QUOTED_ATTR):
            attrs[CSV_QUOTED_ATTR] = True
    meta = json.dumps(attrs, default=str)
    # each file made whole in memory, then written as every output is (write_atomic): a
    # failure (a full disk) leaves the file of before and no temporary beside it, and a
    # symbolic link is written through, never replaced by a file. A CSV and its metadata are
    # written as one: never a new metadata file beside the table of a run before
    if fmt == "csv":
        text = table.to_csv(index=False, lineterminator=_line_end(table))
        write_atomic_together([(metadata_path(path), meta), (path, text)])
        return
    import pyarrow.parquet as pq

    arrow = pa.Table.from_pandas(table, preserve_index=False)
    schema_meta = dict(arrow.schema.metadata or {})
    schema_meta[_META_KEY] = meta.encode()
    arrow = arrow.replace_schema_metadata(schema_meta)
    sink = pa.BufferOutputStream()
    pq.write_table(arrow, sink)
    write_atomic(path, sink.getvalue().to_pybytes())


# A CSV counts table one of whose names or key values starts with a spreadsheet formula's first
# character (OWASP's CSV-injection rule, ``_text.CSV_FORMULA_START``) or with ``'``: each such
# text was written with one more ``'`` in front, which reading the table takes off again.
CSV_QUOTED_ATTR = "ethiclens_csv_quoted"


def _quoted(value):
    """``value`` with a ``'`` in front when it is text a spreadsheet would evaluate
    (``=cmd|' /C calc'!A0``) or that starts with ``'`` (so taking one off is exact)."""
    if isinstance(value, str) and value.startswith((*CSV_FORMULA_START, "'")):
        return "'" + value
    return value


def _unquoted(value):
    """A text as :func:`_quoted` wrote it, back as it was."""
    return value[1:] if isinstance(value, str) and value.startswith("'") else value


def _formula_safe(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` with its column names and key values passed through :func:`_quoted`; its
    attrs say (:data:`CSV_QUOTED_ATTR`) when one was changed. A spreadsheet opening the counts
    CSV a data owner hands over shows a group ``=cmd|' /C calc'!A0`` instead of running it."""
    out = table.copy()
    changed = False
    for col in _key_columns(table):
        if table[col].dtype == object or isinstance(table[col].dtype, pd.StringDtype):
            values = table[col].astype(object).map(_quoted, na_action="ignore")
            if not values.equals(table[col].astype(object)):
                out[col], changed = values, True
    columns = [_quoted(c) for c in table.columns]
    out.columns = columns
    out.attrs = dict(table.attrs)
    if changed or columns != list(table.columns):
        out.attrs[CSV_QUOTED_ATTR] = True
    return out


# Significant digits of a written weight or score sum: DBL_DIG, the decimal digits a float64
# keeps through text and back. Engines add a cell's values in their own order (float addition
# is not associative): Dask wrote 1.4000000013999998 where pandas wrote 1.4000000014. Rounded
# to these digits, one input writes the same file on every engine, and the audit, which rounds
# each group's sums to 12 digits (``fairness.SUM_DIGITS``), reads from the file the numbers it
# reads from the rows: rounding the cells to 12 digits before it adds them would not.
WRITTEN_DIGITS = 15


def _rounded_sums(table: pd.DataFrame) -> pd.DataFrame:
    """The weight and score sums rounded to :data:`WRITTEN_DIGITS` significant digits
    (``fairness.round_significant``, the audit's rounding): the same bytes on every engine."""
    if not (sums := [c for c in (WEIGHT_SUM, WEIGHT_SQ_SUM, SCORE_SUM) if c in table.columns]):
        return table
    from ..fairness import round_significant

    out = table.copy()
    for col in sums:
        values = pd.to_numeric(table[col]).to_numpy(dtype=float)
        out[col] = round_significant(values, WRITTEN_DIGITS)
    out.attrs = dict(table.attrs)
    return out


def _key_columns(table: pd.DataFrame) -> list[str]:
    """The columns that name a cell: the attributes, the label and the prediction."""
    return [c for c in table.columns if c not in RESERVED or c in (Y_TRUE, Y_PRED)]


def sorted_cells(table: pd.DataFrame) -> pd.DataFrame:
    """The cells in the order of their keys: engines count in their own order (DuckDB's
    parallel GROUP BY varies run to run), and the file, and the group a refusal names as
    "first", should not."""
    keys = _key_columns(table) + [c for c in (SCORE_BIN,) if c in table.columns]
    try:
        out = table.sort_values(keys, kind="stable", na_position="last")
    except TypeError:  # a key column holding values that do not compare (True and 'x')
        out = table.sort_values(
            keys, kind="stable", na_position="last", key=lambda v: v.map(str, na_action="ignore")
        )
    out = out.reset_index(drop=True)
    out.attrs = dict(table.attrs)
    return out


def _line_end(table: pd.DataFrame) -> str:
    """``\\n``, or ``\\r\\n`` when a name or a key value holds a lone CR: Python's CSV writer
    quotes only the characters of its line ending, and a CR left unquoted would end the line
    for every reader, so that the table refused its own file."""
    texts = [str(c) for c in table.columns] + [
        v for c in _key_columns(table) for v in table[c].dropna() if isinstance(v, str)
    ]
    return "\r\n" if any("\r" in t for t in texts) else "\n"


def _all_text(values: pd.Series) -> bool:
    present = values.dropna()
    return len(present) > 0 and all(isinstance(v, str) for v in present)


def _csv_labels(table: pd.DataFrame) -> pd.DataFrame:
    """Key columns a CSV would not give back as the audit labels them, written as those labels
    (text): timestamps (a CSV drops a midnight's time: 2020-01-03, not 2020-01-03 00:00:00),
    dates, durations, bytes (their UTF-8 text) and any other objects. Text, integers, floats
    and true/false read back as they are labelled."""
    # a CSV gives integers, floats and true/false back as they are, also held as Python objects
    # (the labels an engine typed file by file from a CSV's text)
    plain = ("integer", "floating", "boolean")
    odd = [
        c
        for c in _key_columns(table)
        if not (
            _all_text(table[c])
            or pd.api.types.infer_dtype(table[c], skipna=True) in plain
            or table[c].isna().all()
        )
    ]
    return _as_labels(table, odd) if odd else table


def _keys_as_labels(table: pd.DataFrame) -> pd.DataFrame:
    """A key column whose values are of several types (a SQLite column holds 7 and 'x', or
    a BLOB among text) written as the labels the audit gives them (``str(value)``, a BLOB's
    UTF-8 text, equal values such as 1 and 1.0 one label): a file's column has one type, and
    Parquet would read every value as bytes or refuse the mix."""
    mixed = [
        c
        for c in _key_columns(table)
        if table[c].dtype == object and len({type(v) for v in table[c].dropna()}) > 1
    ]
    return _as_labels(table, mixed) if mixed else table


def _as_labels(table: pd.DataFrame, columns: list) -> pd.DataFrame:
    """``table`` with ``columns`` as the text labels the audit gives their values: values it
    takes for one (1 and 1.0: equal, one hash) are one label, the first one's text, as its
    factorize labels them; a BLOB is its UTF-8 text; missing stays missing (None)."""
    out = table.copy()
    for c in columns:
        codes, uniques = pd.factorize(table[c].to_numpy(dtype=object))
        texts = decoded_bytes(uniques, c)
        out[c] = np.array([str(u) for u in texts] + [None], dtype=object)[codes]  # -1: None
    out.attrs = dict(table.attrs)
    return out


@argument_kinds(
    path=path_kind(WRITE_PATH_FIX),
    flag=instance_kind(str, "the option that gave the path (text)", "e.g. '--out'"),
)
def counts_outputs(path, flag: str = "--out") -> dict:
    """The files writing a counts table to ``path`` makes, by the flag that names them: the
    table and, beside a CSV, its metadata file (for ``ethiclens.io.check_outputs``)."""
    outputs = {flag: path}
    if FORMATS.get(Path(path).suffix.lower()) == "csv":
        outputs[f"{flag} (its metadata file)"] = metadata_path(path)
    return outputs


def hand_over(table: pd.DataFrame, path, *, min_cell: int | None = None, source=None) -> str:
    """Write a counts table for hand-over and say, in one line, what was written.

    Parameters
    ----------
    table : pandas.DataFrame
        The counts table (``counts_of``, ``sql_counts``, ... or ``ethiclens.spec.count_target``).
    path : str or Path
        The file; its suffix names the format (see :func:`write_counts`).
    min_cell : int, optional
        Drop cells with fewer rows first (:func:`suppress_small_cells`); the line says how many.
    source : dict, optional
        Where the rows came from, kept in the table's metadata.

    Returns
    -------
    str
        ``wrote PATH: N cells, M rows`` with what was dropped and, for a CSV, its metadata file.
    """
    _check_table(table)
    if min_cell is not None:
        table = suppress_small_cells(table, min_cell)
    table.attrs["ethiclens_source"] = source
    write_counts(table, path)
    note = ""
    if min_cell is not None:
        info = table.attrs[SUPPRESSION_ATTR]
        dropped = f"{plural(info['cells_dropped'], 'cell')} ({plural(info['rows_dropped'], 'row')})"
        note = f"; --min-cell {min_cell} dropped {dropped}"
        if gone := suppressed_groups(info):
            named = "; ".join(f"{a} {', '.join(map(str, g))}" for a, g in gone.items())
            note += (
                f", every cell of {named} (the audit reports such a group as suppressed by "
                f"--min-cell {min_cell}: INSUFFICIENT_DATA)"
            )
        note += _crossings_note(info.get(SUPPRESSED_CROSSINGS))
    if counts_format(path) == "csv":
        note += f"; its metadata in {metadata_path(path)} (hand over both)"
    counted = f"{plural(len(table), 'cell')}, {plural(int(table[COUNT].sum()), 'row')}"
    return f"wrote {path}: {counted}{note}"


def _crossings_note(record) -> str:
    """How many crossings of the attributes lost every cell (an intersection audit reports
    each as suppressed); "" for none."""
    if not (groups := (record or {}).get("groups") or []):
        return ""
    crossing = "&".join(record["attributes"])
    return (
        f"; {len(groups)} crossing(s) of {crossing} lost every cell (an intersection audit "
        "reports each as suppressed: INSUFFICIENT_DATA)"
    )


@argument_kinds(path=path_kind())
@refusing_unknown_keywords
def read_counts(
    path, *, check_labels: bool = False, pos_label=None, attributes=None
) -> pd.DataFrame:
    """Read a counts table written by :func:`write_counts` (or any Parquet/CSV of cells).

    Its cells are checked as the audit checks them (``ethiclens.fairness.check_counts_cells``),
    before anything (``--bins``) adds them up: a duplicate cell, an impossible sum, a missing
    key, a score bin out of range or a blank group name is refused with the first such row
    named by its file and line (a Parquet file's row). ``check_labels``: labels and
    predictions too, as the audit reads them with ``pos_label`` (the audit's). A ``--min-cell``
    statement in its metadata must hold for its cells (none under ``min_cell``, ``rows_kept``
    rows in all): a report never repeats a false one. ``attributes``: those to be audited
    (default: all): a missing or blank group in another attribute is no reason to refuse.
    """
    from ..fairness import check_counts_cells

    path = Path(path)
    attrs, where = _read_metadata(path)
    quoted = attrs.pop(CSV_QUOTED_ATTR, False) and path.suffix.lower() == ".csv"
    table = _read_cells(path, list(attrs.pop(TEXT_ATTR, None) or []), quoted)
    table.attrs.update(attrs)

    # the file's place of a refused cell (its line or row, a JSON record's line as the row
    # audit names it; each found once, on a refusal only: a duplicate names its first row
    # twice), and its own score bins checked here, where that place is known
    @functools.cache
    def place(i: int) -> str:
        return table_place(path, i)

    check_counts_cells(
        table,
        names=table.attrs.get(NAMES_ATTR),
        n_bins=table.attrs.get(N_BINS_ATTR),
        where=place,
        check_labels=check_labels,
        pos_label=pos_label,
        attributes=attributes,
    )
    if where is not None:
        _check_recorded_roles(table, where)
        _check_recorded_bins_hold(table, where)
        _check_suppression_holds(table, where, path, place)
    _check_label_lengths(table, place)
    _check_blank_groups(table, place, attributes)
    return table


def _check_blank_groups(table: pd.DataFrame, place, attributes=None) -> None:
    """Group names of whitespace only in cells that count rows, refused in the audit's words
    with the first row holding one (``_rules.refuse_blank_groups``); only in ``attributes``
    when given (those audited)."""
    rows = np.flatnonzero(pd.to_numeric(table[COUNT], errors="coerce").to_numpy() > 0)
    for col in table.columns:
        if col in RESERVED or (attributes is not None and str(col) not in attributes):
            continue
        values = table[col].iloc[rows]

        def where_of(test, values=values):
            return f", first at {place(int(rows[np.argmax(test(values))]))}"

        refuse_blank_groups(values, col, where_of)


def _check_suppression_holds(table: pd.DataFrame, where: _Where, path: Path, place) -> None:
    """The ``--min-cell`` statement of the metadata holds for the cells: none has fewer rows
    than ``min_cell``, and they add up to ``rows_kept``. Otherwise the table was edited, or
    its metadata is another table's, and every report would repeat a false privacy claim."""
    record = table.attrs.get(SUPPRESSION_ATTR)
    if not isinstance(record, dict) or COUNT not in table.columns:
        return
    min_cell, kept = record["min_cell"], record["rows_kept"]
    count = pd.to_numeric(table[COUNT]).to_numpy(dtype=np.int64)
    fix = (
        "the table and its metadata are not each other's: write both again with "
        f"`ethiclens counts ... --min-cell {min_cell} --out {path.name}` (or restore the files)"
    )
    small = count < min_cell
    if small.any():
        i = int(small.argmax())
        raise where.error(
            f"{SUPPRESSION_ATTR}.min_cell",
            f"{SUPPRESSION_ATTR} says --min-cell {min_cell} dropped every cell of fewer rows, "
            f"but {int(small.sum())} cell(s) of {one_line(path.name)} hold fewer: the first, "
            f"{_cell_named(table, i)} at {place(i)}, holds {plural(int(count[i]), 'row')}",
            min_cell,
            fix,
        )
    _check_gone_groups_absent(table, record, where, fix)
    if int(count.sum()) != kept:
        raise where.error(
            f"{SUPPRESSION_ATTR}.rows_kept",
            f"{SUPPRESSION_ATTR} says {kept:,} rows were kept, but the cells of "
            f"{one_line(path.name)} add up to {int(count.sum()):,} rows",
            kept,
            fix,
        )


def _check_gone_groups_absent(table: pd.DataFrame, record: dict, where: _Where, fix) -> None:
    """A group the statement says lost every cell holds none of the table's cells."""
    for attr, names in suppressed_groups(record).items():
        if attr not in table.columns:
            raise where.error(
                f"{SUPPRESSION_ATTR}.{SUPPRESSED_GROUPS}",
                f"{SUPPRESSION_ATTR}.{SUPPRESSED_GROUPS} names the attribute {attr!r}, which "
                "the table does not have",
                attr,
                fix,
            )
        if held := sorted({str(v) for v in table[attr].dropna()} & {str(n) for n in names}):
            raise where.error(
                f"{SUPPRESSION_ATTR}.{SUPPRESSED_GROUPS}.{attr}",
                f"{SUPPRESSION_ATTR}.{SUPPRESSED_GROUPS} says --min-cell dropped every cell of "
                f"{attr} {held[0]!r}, but the table holds cells of it",
                held[0],
                fix,
            )


def _cell_named(table: pd.DataFrame, i: int) -> str:
    """The cell of row ``i`` by its key values: ``cell (race='C', y_true=1, y_pred=1)``."""
    keys = _key_columns(table) + [c for c in (SCORE_BIN,) if c in table.columns]
    inner = ", ".join(f"{c}={plain(table[c].iloc[i])!r}" for c in keys)
    return f"cell ({inner})"


# The fix for a counts table's metadata that ethiclens did not write.
_META_FIX = "write the table again with `ethiclens counts`, or restore the file"
_SOURCE_ATTR = "ethiclens_source"
_ENGINE_ATTR = "ethiclens_engine"
# The bin edges an attribute was binned by when counted (``ethiclens counts --bins``):
# attribute -> edges; its audit reports the groups as binned by them.
# What ``--min-cell`` records (``suppress_small_cells``): the least a statement holds.
_SUPPRESSION_COUNTS = {"min_cell": 1, "cells_dropped": 0, "rows_dropped": 0, "rows_kept": 0}
_ROLE_KEYS = (Y_TRUE, Y_PRED, SCORE_BIN, WEIGHT_SUM)


class _Where:
    """Where a counts table's metadata was read: its words in a refusal and the fix."""

    def __init__(self, place: str, fix: str):
        self.place, self.fix = place, fix

    def error(self, key, problem: str, value=None, fix=None) -> EthicLensInputError:
        """The refusal at ``key`` (None: the whole metadata); ``fix`` overrides this place's."""
        fix = self.fix if fix is None else fix
        if key is None:
            return EthicLensInputError(f"{self.place} {problem}", value=value, fix=fix)
        return EthicLensInputError(
            f"in {self.place}, {problem}", column=key, value=value, fix=fix, kind="key"
        )


def _no_duplicate_keys(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key {key!r} appears twice")
        seen[key] = value
    return seen


def _read_metadata(path: Path) -> tuple[dict, _Where | None]:
    """The metadata of the counts table at ``path`` (inside a Parquet file, beside a CSV in
    ``NAME.csv.ethiclens.json``), its structure and types checked, and where it was read
    (``None`` where the table has none)."""
    if path.suffix.lower() in (".parquet", ".pq") and path.is_file():
        import pyarrow.parquet as pq

        try:
            meta = pq.read_schema(path).metadata or {}
        except (ValueError, OSError):
            # not Parquet, or damaged: read_table below refuses it in the file audit's words
            meta = {}
        if _META_KEY not in meta:
            return {}, None
        where = _Where(
            f"the metadata inside the Parquet file {one_line(path)} "
            f"(its {_META_KEY.decode()!r} entry)",
            _META_FIX,
        )
        raw = meta[_META_KEY]
    else:
        side = Path(metadata_path(path))
        if not side.is_file():
            return {}, None
        where = _Where(f"the counts table's metadata file {side}", _META_FIX)
        try:
            raw = side.read_bytes()
        except OSError as exc:
            raise where.error(None, f"cannot be read ({exc.strerror or exc})") from None
    try:
        attrs = json.loads(raw, object_pairs_hook=_no_duplicate_keys)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise where.error(None, f"is not valid JSON ({exc})") from None
    check_metadata(attrs, where)
    return attrs, where


def check_metadata(attrs, where: _Where) -> None:
    """A counts table's metadata as ``write_counts`` writes it: a JSON object whose
    ``ethiclens_*`` keys are the ones ethiclens writes, each of its type. A key outside that
    namespace is the table's own (a DataFrame's ``attrs``) and kept as it is."""
    if not isinstance(attrs, dict):
        raise where.error(
            None,
            f"must hold a JSON object of ethiclens_* keys, not a {_json_kind(attrs)}",
            _shown(attrs),
        )
    known = (N_BINS_ATTR, NAMES_ATTR, ATTRIBUTES_ATTR, TEXT_ATTR, SUPPRESSION_ATTR)
    known += (_SOURCE_ATTR, _ENGINE_ATTR, BINS_ATTR, CSV_QUOTED_ATTR)
    for key, value in attrs.items():
        if key.startswith("ethiclens_") and key not in known:
            raise where.error(
                key, f"is not a key ethiclens writes (it writes {', '.join(known)})", _shown(value)
            )
    if N_BINS_ATTR in attrs:
        n_bins = attrs[N_BINS_ATTR]
        if not _whole(n_bins) or not 2 <= n_bins <= 1000:
            raise where.error(
                N_BINS_ATTR,
                "the number of score bins must be a whole number from 2 to 1000",
                _shown(n_bins),
            )
    if NAMES_ATTR in attrs:
        _check_names(attrs[NAMES_ATTR], where)
    for key in (ATTRIBUTES_ATTR, TEXT_ATTR):
        if key in attrs:
            _check_column_list(key, attrs[key], where)
    engine = attrs.get(_ENGINE_ATTR, "pandas")
    if not isinstance(engine, str) or not engine.strip():
        raise where.error(
            _ENGINE_ATTR, "the engine that counted the table must be its name", _shown(engine)
        )
    if attrs.get(_SOURCE_ATTR) is not None:
        _check_source(attrs[_SOURCE_ATTR], where)
    if SUPPRESSION_ATTR in attrs:
        _check_suppression(attrs[SUPPRESSION_ATTR], where)
    if BINS_ATTR in attrs:
        _check_recorded_bins(attrs[BINS_ATTR], where)
    if attrs.get(CSV_QUOTED_ATTR, True) is not True:
        raise where.error(
            CSV_QUOTED_ATTR,
            "must be true (the CSV's texts starting with ' carry one more in front)",
            _shown(attrs[CSV_QUOTED_ATTR]),
        )


def _check_recorded_bins(bins, where: _Where) -> None:
    """``ethiclens_bins``: an object of attribute -> bin edges, as ``--bins`` takes them."""
    from ..fairness import check_bin_edges

    if not isinstance(bins, dict):
        raise where.error(BINS_ATTR, "must be an object of attribute -> bin edges", _shown(bins))
    for attr, edges in bins.items():
        if not isinstance(edges, list):
            raise where.error(f"{BINS_ATTR}.{attr}", "must be a list of bin edges", _shown(edges))
        try:
            check_bin_edges(edges, f"{BINS_ATTR}.{attr}")
        except EthicLensInputError as exc:
            raise where.error(f"{BINS_ATTR}.{attr}", exc.problem, _shown(edges)) from None


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_kind(value) -> str:
    kinds = {dict: "object", list: "list", str: "string", bool: "true/false", type(None): "null"}
    return kinds.get(type(value), "number")


class _Null:
    """JSON's null as a refusal shows a value: ``(value: null)`` (it leaves a None out)."""

    def __repr__(self) -> str:
        return "null"


def _shown(value):
    return _Null() if value is None else value


def _check_object(value, key: str, what: str, where: _Where, kind: type = dict) -> None:
    """Refuse ``value`` at ``key`` unless it is a ``kind`` (a JSON object, or a list); ``what``:
    what it must be."""
    if not isinstance(value, kind):
        raise where.error(key, f"must be {what}, not a {_json_kind(value)}", _shown(value))


def _check_names(names, where: _Where) -> None:
    _check_object(
        names,
        NAMES_ATTR,
        'an object of role -> the column it was counted from (e.g. {"y_true": "label", '
        '"y_pred": "pred"})',
        where,
    )
    for role, column in names.items():
        if role not in _ROLE_KEYS:
            raise where.error(
                f"{NAMES_ATTR}.{role}",
                f"is not a role of a counts table (roles: {', '.join(_ROLE_KEYS)})",
                _shown(column),
            )
        if not isinstance(column, str) or not column:
            raise where.error(
                f"{NAMES_ATTR}.{role}",
                f"must be the name of the column the {role} cells were counted from, not a "
                f"{_json_kind(column)}",
                _shown(column),
            )


def _check_column_list(key: str, columns, where: _Where) -> None:
    what = "attribute" if key == ATTRIBUTES_ATTR else "text"
    _check_object(columns, key, f"a list of the table's {what} column names", where, list)
    for name in columns:
        if not isinstance(name, str) or not name:
            raise where.error(
                key, f"every entry must be a column name, not a {_json_kind(name)}", _shown(name)
            )
    if len(set(columns)) < len(columns):
        twice = next(c for c in columns if columns.count(c) > 1)
        raise where.error(key, f"names the column {twice!r} twice", columns)
    if key == ATTRIBUTES_ATTR and (taken := [c for c in columns if c in RESERVED]):
        raise where.error(key, f"names the reserved column {taken[0]!r} as an attribute", columns)


def _check_source(source, where: _Where) -> None:
    _check_object(
        source,
        _SOURCE_ATTR,
        'an object saying where the rows came from (e.g. {"dataset": "d.csv"}), or null',
        where,
    )
    for key, value in source.items():
        if isinstance(value, dict | list):
            raise where.error(
                f"{_SOURCE_ATTR}.{key}",
                f"must be text, a number or null, not a {_json_kind(value)}",
                value,
            )


def _check_suppression(record, where: _Where) -> None:
    what = f"the --min-cell statement (an object with {', '.join(_SUPPRESSION_COUNTS)})"
    _check_object(record, SUPPRESSION_ATTR, what, where)
    for key, least in _SUPPRESSION_COUNTS.items():
        value = record.get(key)
        if not _whole(value) or value < least:
            raise where.error(
                f"{SUPPRESSION_ATTR}.{key}",
                f"must be a whole number of at least {least}"
                + ("" if key in record else " (it is missing)"),
                _shown(value) if key in record else None,
            )
    for key, value in record.items():
        if key == "effect":
            if not isinstance(value, str):
                raise where.error(f"{SUPPRESSION_ATTR}.effect", "must be text", _shown(value))
        elif key in (SUPPRESSED_GROUPS, PARTLY_SUPPRESSED):
            _check_suppressed_groups(value, where, key)
        elif key == SUPPRESSED_CROSSINGS:
            _check_suppressed_crossings(value, where)
        elif key not in _SUPPRESSION_COUNTS:
            raise where.error(
                f"{SUPPRESSION_ATTR}.{key}",
                f"is not part of the --min-cell statement ({', '.join(_SUPPRESSION_COUNTS)}, "
                f"effect, {SUPPRESSED_GROUPS}, {PARTLY_SUPPRESSED})",
                _shown(value),
            )


def _check_suppressed_groups(value, where: _Where, name: str = SUPPRESSED_GROUPS) -> None:
    """attribute -> a list of group names (text or numbers), as ``suppress_small_cells``
    records the groups that lost every cell (and those that lost some)."""
    key = f"{SUPPRESSION_ATTR}.{name}"
    if not isinstance(value, dict):
        raise where.error(
            key, f"must be an object of attribute -> group names, not a {_json_kind(value)}"
        )
    for attr, names in value.items():
        if not _group_names(names):
            raise where.error(
                f"{key}.{attr}",
                "must be a list of group names (text, numbers or true/false)",
                _shown(names),
            )


def _group_names(names) -> bool:
    return isinstance(names, list) and all(isinstance(n, str | int | float) for n in names)


def _check_suppressed_crossings(value, where: _Where) -> None:
    """{"attributes": [...], "groups": [[one name per attribute], ...]}, as
    ``suppress_small_cells`` records the crossings that lost every cell."""
    key = f"{SUPPRESSION_ATTR}.{SUPPRESSED_CROSSINGS}"
    attrs = value.get("attributes") if isinstance(value, dict) else None
    groups = value.get("groups") if isinstance(value, dict) else None
    ok = (
        isinstance(attrs, list)
        and all(isinstance(a, str) for a in attrs)
        and isinstance(groups, list)
        and all(_group_names(g) and len(g) == len(attrs) for g in groups)
        and set(value) == {"attributes", "groups"}
    )
    if not ok:
        raise where.error(
            key,
            'must be {"attributes": [names], "groups": [[one group name per attribute], ...]}',
            _shown(value),
        )


def _check_recorded_roles(table: pd.DataFrame, where: _Where) -> None:
    """A role the metadata says was counted has its column in the table: otherwise the table
    and its metadata are not each other's (a role flag would be checked against a column the
    cells do not hold)."""
    for role, column in (table.attrs.get(NAMES_ATTR) or {}).items():
        if role not in table.columns:
            raise where.error(
                f"{NAMES_ATTR}.{role}",
                f"says the {role} cells were counted from column {column!r}, but the table has "
                f"no {role} column (its columns: {names_words([str(c) for c in table.columns])})",
            )


def _check_recorded_bins_hold(table: pd.DataFrame, where: _Where) -> None:
    """The ``ethiclens_bins`` record names columns of the table whose groups are the labels
    its edges give: otherwise the record is not the cells' (a report would state bins the
    groups were not cut by)."""
    from ..fairness import bin_labels

    for attr, edges in (table.attrs.get(BINS_ATTR) or {}).items():
        key = f"{BINS_ATTR}.{attr}"
        if attr not in table.columns:
            raise where.error(key, f"bins column {attr!r}, which the table does not have")
        labels = set(bin_labels(edges))
        stray = [g for g in pd.unique(table[attr].dropna()) if str(g) not in labels]
        if stray:
            raise where.error(
                key,
                f"the edges {edges} give the groups {names_words(sorted(labels))}, but the "
                "table's column "
                f"{attr!r} holds {stray[0]!r}",
            )


def _check_label_lengths(table: pd.DataFrame, place) -> None:
    """Every group label of the table's attributes at most ``MAX_LABEL_CHARS`` characters (as
    the audit refuses them), the first long one named by its file's ``place`` as for rows. An
    attribute with a missing group is left to the audit, which refuses that first."""

    def where(index: int) -> str:
        return f", first at {place(index)}"

    counts = table[COUNT].to_numpy() if COUNT in table.columns else None  # rows, as the audit
    for col in table.columns:
        if col not in RESERVED and not table[col].isna().any():
            check_label_lengths(table[col].to_numpy(), col, where, counts=counts)


def _read_cells(path, text: list, quoted: bool = False) -> pd.DataFrame:
    """The table's cells; a CSV's attribute columns read as the row reader reads groups (text as
    written, ``01`` stays ``01``; canonical numbers typed as numbers), and its ``text`` columns
    (the key columns ``write_counts`` found all text: a database's 'true'/'false' labels, '7'
    groups) as written, never typed, so the audit reads the cells the source held. ``quoted``:
    the metadata says names and texts carry the ``'`` of :func:`_formula_safe`, taken off."""
    if not (path.name.lower().endswith(".csv") and path.is_file() and path.stat().st_size):
        return read_table(path)  # it refuses a missing or empty file in its own words
    header = csv_header(path)
    name = {c: _unquoted(c) if quoted else c for c in header}
    written = [c for c in header if name[c] not in RESERVED or name[c] in text]
    table = read_table(path, csv_dtype=dict.fromkeys(written, str))
    as_written = _groups_as_written(path, [c for c in written if c in table.columns])
    for col in as_written.columns:
        values = as_written[col].map(_unquoted, na_action="ignore") if quoted else as_written[col]
        table[col] = values if name[col] in text else type_groups(values)
    return table.rename(columns=name) if quoted else table


def _groups_as_written(path, columns: list[str]) -> pd.DataFrame:
    """A CSV counts table's group columns as written, where only an empty field is missing:
    a group named ``NA`` or ``None`` (a Parquet or database string the row audit accepts as a
    group) reads back as that group, and a missing group, which ``to_csv`` writes as an empty
    field, as missing (refused by the audit). pandas' list of missing words would read ``NA``
    as missing."""
    if not columns:
        return pd.DataFrame()
    written = pd.read_csv(path, usecols=columns, dtype=str, keep_default_na=False)
    return written.where(written != "")


def quote(name: str) -> str:
    """An SQL identifier, double-quoted (ANSI: DuckDB, SQLite, PostgreSQL)."""
    if "\x00" in str(name):
        raise EthicLensInputError("column names may not contain NUL", column=repr(name))
    return '"' + str(name).replace('"', '""') + '"'


def key_columns_sql(roles: Roles, read=quote) -> tuple[list[str], list[str]]:
    """(GROUP BY keys, their SELECT items) of the protected columns, the label and the
    prediction, quoted and named as the counts table names them; ``read(column)``: the SQL
    of a column's key (its quoted name, or that under a collation). A column named twice
    (protected=['g', 'g']) is one key, as every engine counts it (a database's result had two
    columns 'g')."""
    named = list(dict.fromkeys(roles._keys()))
    return [read(c) for c, _ in named], [f"{read(c)} AS {quote(n)}" for c, n in named]


# How each database tells a number from a missing value and from text that is not a number, by
# the rule of a typed column (``_rules.numbers``, as for Parquet): NULL and NaN are missing; text
# is a number only when all of it is one ('2abc' is not 2, '' is no number), whatever the
# database's own CAST says. SQLite types each value (typeof); its text is read by the functions
# ``_sql`` registers.
_SQLITE_NUMBER = "typeof({c}) IN ('integer', 'real')"
_SQLITE = {
    "kind": f"CASE WHEN {_SQLITE_NUMBER} THEN {NUMBER} WHEN {{c}} IS NULL THEN {MISSING} "
    f"WHEN typeof({{c}}) = 'text' THEN ethiclens_kind({{c}}) ELSE {NOT_NUMBER} END",
    "value": f"CASE WHEN {_SQLITE_NUMBER} THEN CAST({{c}} AS REAL) "  # (its SUM overflows no int)
    "WHEN typeof({c}) = 'text' THEN ethiclens_number({c}) END",
    "top": "{x}",
    "floor": "CAST({x} AS INTEGER)",  # no FLOOR in SQLite; its CAST truncates (x >= 0 here)
    "bad": "{miss} OR {w} < 0 OR ABS({w}) = 9e999",
    "summed": "{s}",
}
# A NaN written as text, padded or signed, in any case (' nan', '+nan', '-NaN'): missing, as
# Python's float() reads it; a regular expression PostgreSQL's and Spark's (Java's) read alike.
NAN_TEXT_PATTERN = r"^\s*[+-]?[nN][aA][nN]\s*$"
# PostgreSQL: a column's text (a number's shortest spelling) checked against the rule's pattern.
_PG_TEXT = "CAST({c} AS TEXT)"
# A number's text read as a double as float(), pandas, DuckDB and SQLite read it, beyond a
# double's range too: 1e400 (a NUMERIC's 401 digits) as inf, 1e-400 as 0, where PostgreSQL's
# CAST fails the query ("'1e400' is out of range for type double precision"). Text short and
# without a 3-digit exponent is within range (the CAST); else its decimal order (the exponent
# of its first significant digit) and digits decide: beyond 308 it is inf, under -324 zero;
# at those orders its digits are compared with the limits' (2**1024 - 2**970, the least that
# rounds to inf; 2**-1075, the most that rounds to 0), cut one way so that no CAST can fail:
# the first cut down (1.7976931348623158079e308, inf from there), the second rounded up
# (2.4703282292062327209e-324, 0 up to there).
PG_HUGE, PG_TINY = "17976931348623158079", "24703282292062327209"
_PG_MANTISSA = rf"regexp_replace({_PG_TEXT}, '^\s*[+-]?|([eE][+-]?\d+)?\s*$', '', 'g')"
_PG_DIGITS = f"replace({_PG_MANTISSA}, '.', '')"
_PG_SIGNIFICANT = f"(trim(both '0' from {_PG_DIGITS}) COLLATE \"C\")"
_PG_ORDER = (
    rf"(COALESCE(CAST(substring({_PG_TEXT} from '[eE]([+-]?\d+)') AS NUMERIC), 0) "
    f"+ strpos({_PG_MANTISSA} || '.', '.') - 2 - length({_PG_DIGITS}) "
    f"+ length(ltrim({_PG_DIGITS}, '0')))"
)
_PG_DOUBLE = (
    rf"CASE WHEN {_PG_TEXT} !~ '[eE][+-]?\d{{{{3}}}}' AND length({_PG_TEXT}) < 200 "
    f"OR {_PG_TEXT} ~* 'inf' OR {_PG_SIGNIFICANT} = '' THEN CAST({_PG_TEXT} AS DOUBLE PRECISION) "
    f"WHEN {_PG_ORDER} > 308 OR {_PG_ORDER} = 308 AND {_PG_SIGNIFICANT} >= '{PG_HUGE}' "
    rf"THEN CAST(CASE WHEN {_PG_TEXT} ~ '^\s*-' THEN '-Infinity' ELSE 'Infinity' END "
    "AS DOUBLE PRECISION) "
    f"WHEN {_PG_ORDER} < -324 OR {_PG_ORDER} = -324 AND {_PG_SIGNIFICANT} <= '{PG_TINY}' "
    f"THEN CAST(0 AS DOUBLE PRECISION) ELSE CAST({_PG_TEXT} AS DOUBLE PRECISION) END"
)
_POSTGRES = {
    "kind": f"CASE WHEN {{c}} IS NULL OR {_PG_TEXT} ~ '{NAN_TEXT_PATTERN}' THEN {MISSING} "
    f"WHEN {_PG_TEXT} ~ '{NUMBER_PATTERN}' THEN {NUMBER} ELSE {NOT_NUMBER} END",
    "value": f"CASE WHEN {_PG_TEXT} ~ '{NUMBER_PATTERN}' THEN {_PG_DOUBLE} END",
    "top": "{x}",
    "floor": "FLOOR({x})",  # PostgreSQL's CAST to INTEGER rounds
    "bad": "{miss} OR {w} < 0 OR ABS({w}) = CAST('Infinity' AS DOUBLE PRECISION)",
    "summed": "{s}",
}
_DIALECT_NUMBERS = {"sqlite": _SQLITE, "postgresql": _POSTGRES}


def group_by_sql(source: str, roles: Roles, backend: str, text_types=None) -> str:
    """The one aggregation query of a database (``backend``: "sqlite" or "postgresql"); only
    identifiers, quoted, go into it.

    ``source`` is a FROM item already built safely by the caller. Scores and weights are read
    by the rule (a score that is not a number gets bin -2; weights count the missing or
    negative and the not-a-number ones apart), so ``check_counts`` refuses them with the files'
    words. Keys are compared byte for byte, as pandas compares them (:func:`binary_key`;
    ``text_types``: PostgreSQL's type of each key column, ``pg_typeof``).
    """
    q, spell = quote, _DIALECT_NUMBERS[backend]
    keys, sel = key_columns_sql(roles, lambda c: binary_key(c, backend, text_types))

    def number(col):
        kind = f"({spell['kind'].format(c=q(col))})"
        value = f"({spell['value'].format(c=q(col))})"
        return value, f"{kind} = {MISSING}", f"{kind} = {NOT_NUMBER}"

    number_cells_sql(roles, keys, sel, number, spell)
    return f"SELECT {', '.join(sel)} FROM {source} GROUP BY {', '.join(keys)}"


def number_cells_sql(roles: Roles, keys: list, sel: list, number, spell: dict) -> None:
    """Add to a GROUP BY's ``keys`` and SELECT items ``sel`` what every database engine counts
    of scores and weights: the score's bin (-2 not a number, -1 outside [0, 1]), the rows, the
    weight sums and diagnostic counts, the score sum. ``number(column)``: (value, missing, not
    a number) as SQL; ``spell``: the dialect's templates of the bin's ``top`` and ``floor``, a
    ``bad`` weight and a ``summed`` score."""
    q, k = quote, int(roles.n_bins)
    if roles.y_score:
        s, miss, notnum = number(roles.y_score)
        x, kd = f"{s} * {k}", f"CAST({k} AS DOUBLE PRECISION)"
        low = spell["floor"].format(x=x)  # moved by one where the product's rounding crossed
        edge = f"CASE WHEN {s} >= ({low} + 1) / {kd} THEN 1 WHEN {s} < {low} / {kd} THEN -1 END"
        expr = (
            f"CASE WHEN {miss} THEN NULL WHEN {notnum} THEN {NOT_A_NUMBER} "
            f"WHEN {s} < 0 OR {s} > 1 THEN -1 WHEN {spell['top'].format(x=x)} >= {k} "
            f"THEN {k - 1} ELSE {low} + COALESCE({edge}, 0) END"
        )
        keys.append(expr)
        sel.append(f"{expr} AS {q(SCORE_BIN)}")
    sel.append(f"COUNT(*) AS {q(COUNT)}")
    if roles.weight:
        w, miss, notnum = number(roles.weight)
        bad = spell["bad"].format(w=w, miss=miss, notnum=notnum)
        sel.append(f"SUM({w}) AS {q(WEIGHT_SUM)}")
        sel.append(f"SUM({w} * {w}) AS {q(WEIGHT_SQ_SUM)}")
        sel.append(f"SUM(CASE WHEN {bad} THEN 1 ELSE 0 END) AS {q(WEIGHT_BAD)}")
        sel.append(f"SUM(CASE WHEN {notnum} THEN 1 ELSE 0 END) AS {q(WEIGHT_TEXT)}")
        sel.append(f"MAX({w}) AS {q(WEIGHT_MAX)}")
    if roles.y_score:
        s, miss, _ = number(roles.y_score)
        s = spell["summed"].format(s=s, miss=miss)
        term = s if not roles.weight else f"{number(roles.weight)[0]} * {s}"
        sel.append(f"SUM({term}) AS {q(SCORE_SUM)}")


# PostgreSQL: a text column's key under the byte-wise "C" collation (a nondeterministic ICU
# collation compares 'a' and 'A' equal); citext, equal whatever the collation, as text.
_PG_BINARY = {
    **dict.fromkeys(("text", "character varying", "character", "name"), '{c} COLLATE "C"'),
    "citext": 'CAST({c} AS TEXT) COLLATE "C"',
}


def binary_key(column: str, backend: str, text_types=None) -> str:
    """The SQL of ``column`` as a GROUP BY key compared byte for byte: SQLite's ``COLLATE
    BINARY`` (any type: a column declared ``COLLATE NOCASE`` or ``RTRIM`` would make 'yes' and
    'YES' one group), PostgreSQL's "C" collation for a column whose type (``text_types``)
    is text; other columns as they are."""
    if backend == "sqlite":
        return f"{quote(column)} COLLATE BINARY"
    spelled = _PG_BINARY.get((text_types or {}).get(column))
    return quote(column) if spelled is None else spelled.format(c=quote(column))


def finish_counts(raw: pd.DataFrame, roles: Roles, engine: str, locator=None) -> pd.DataFrame:
    """An engine's GROUP BY result as a counts table (column order and types as ``counts_of``),
    checked by the engines' one rule (``_rules.check_counts``: missing keys, scores, weights;
    an in-memory frame's columns keep their types, so messages count rows), with ``engine``
    recorded; ``locator`` (a database's) finds the first offending value. The cells come in
    the order of their keys (:func:`sorted_cells`), the same on every engine and run."""
    raw = raw.copy()
    for col in roles.protected:
        # before the check, whose merge adds up cells an engine kept apart as -0.0 and 0.0
        raw[col] = canonical_zero(raw[col])
    checked = check_counts(raw, roles, text=False, locator=locator)
    return record_engine(sorted_cells(_finish(checked, roles)), engine)
