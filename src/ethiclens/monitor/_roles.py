"""The audit's rules for the role values an engine counted (docs/engines.md: the pandas reader
is the reference), so that the monitor accepts and refuses what ``ethiclens audit`` does on
every engine.

Every engine hands the roles over as text. What that text was in the file decides how the
audit judges it: a CSV column is typed as pandas types it (``1.00``, ``01``, ``1e0`` and ``-0``
are numbers, ``1`` and ``true`` together are text); a Parquet (or DataFrame) column keeps its
own type (a string ``"1"`` is text, a boolean group is ``True``/``False``, a category no row
uses is refused). A missing value is refused in the audit's words, naming the first file and
line as the monitor names a bad time.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._checks import check_label_lengths, long_label_mask
from ..errors import EthicLensInputError
from ..io import _read_parquet
from ..sources import NA_TEXT, read_as_missing, stray_labels, stray_labels_error
from ._edits import label_text, typed_text
from ._windows import (
    COUNT,
    FRAME,
    Columns,
    _Files,
    frame_kind,
    in_files,
    missing_label_error,
    read_file,
    where_first,
)

CSV, TEXT, BOOL, NUMBER, CATEGORY, MIXED = "csv", "text", "bool", "number", "category", "mixed"


def judge_roles(raw: pd.DataFrame, src: _Files, cols: Columns) -> None:
    """Refuse what the audit refuses in ``raw`` (the engine's cells, roles as text), in its
    order: missing labels, missing groups, groups the audit cannot tell apart or a category no
    row uses, labels that are not 0/1. Labels become 0/1 (unless ``cols.pos_label`` names the
    positive value); boolean groups are named ``True``/``False`` on every engine."""
    counted = raw[COUNT].to_numpy() > 0
    labels = [(c, r) for c, r in ((cols.y_pred, "y_pred"), (cols.y_true, "y_true")) if c]
    kinds = _kinds(src, [c for c, _ in labels] + list(cols.protected))
    for col, role in labels:
        _refuse_missing(raw, src, col, counted, role)
    for col in cols.protected:
        _refuse_missing(raw, src, col, counted, None)
        check_label_lengths(
            raw[col].to_numpy(),
            col,
            lambda _, col=col: _first_of(src, col, long_label_mask),
            counts=raw[COUNT].to_numpy() * counted,
        )
        _judge_groups(raw, src, col, counted, kinds[col])
    if cols.pos_label is None:
        for col, role in labels:
            _refuse_stray(raw, src, col, counted, kinds[col], role)
            raw[col] = _zero_one(raw[col], kinds[col], col, role)


def _refuse_missing(raw, src: _Files, col: str, counted, role: str | None) -> None:
    """The audit's refusal of missing values in ``col`` (a group's where ``role`` is None,
    else a label's), naming the first file and line."""
    miss = raw[col].isna().to_numpy() & counted
    if not miss.any():
        return
    n = int(raw.loc[miss, COUNT].sum())
    where = _first_of(src, col, pd.Series.isna)  # the first row pandas reads as missing
    where += _missing_text(src, col) if where else ""  # ' ('NA', read as missing)', as audit
    if role is None:
        raise EthicLensInputError(
            f"{n} missing group value(s){where}",
            column=col,
            fix="drop those rows or give the missing values an explicit group (e.g. 'Unknown')",
        )
    raise missing_label_error(n, where, col, role)


def _refuse_stray(raw, src: _Files, col: str, counted, kind: str, role: str) -> None:
    """0/1 labels with stray values (a '?', a 2, a 0.5 among 0/1) refused as the audit refuses
    them on every engine (``sources.stray_labels_error``): how many rows hold them, the first
    one's file and line and its value as written; a column of scores in the scores' words."""
    typed = _typed(raw.loc[counted, col], kind)
    rows = raw.loc[counted, COUNT].groupby(typed.to_numpy(), sort=False).sum()
    uniques = list(rows.index)
    if not stray_labels(uniques):
        return
    odd = [u for u in uniques if stray_labels([0, u])]  # the values that are not 0/1
    where, value = "", odd[0]
    for f in src.files:
        frame = read_file(src, f, [col])
        found = _typed(frame[col], kind).isin(odd).to_numpy()
        if found.any():
            first = frame[found].iloc[0]
            where, value = where_first(first), first[col]
            break
    n, total = int(rows[odd].sum()), int(rows.sum())
    raise stray_labels_error(
        uniques, n, where, value, f"{col} ({role})", role, total=total, audit=True
    )


def _first_of(src: _Files, col: str, bad) -> str:
    """``, first at FILE line N`` of the first row whose ``col`` (as pandas reads it) is
    ``bad`` (a mask of a Series); read again only once a check has failed."""
    for f in src.files:
        frame = read_file(src, f, [col])
        found = np.asarray(bad(frame[col]), dtype=bool)
        if found.any():
            return where_first(frame[found].iloc[0])
    return ""


def _missing_text(src: _Files, col: str) -> str:
    """The text of the first CSV row whose ``col`` pandas read as missing, as the audit shows
    it (`` ('NA', read as missing)``, `` (an empty field)``); '' for a Parquet file, a
    DataFrame or a folder key."""
    if src.kind in ("parquet", FRAME):
        return ""
    for f in src.files:
        try:
            raw = pd.read_csv(
                f,
                usecols=[col],
                dtype=str,
                keep_default_na=False,
                na_filter=False,
                encoding="utf-8-sig",
            )[col]
        except (ValueError, OSError, pd.errors.ParserError):  # a folder key: no column
            return ""
        if (hit := raw[raw.isin(NA_TEXT)]).size:
            return read_as_missing(hit.iloc[0])
    return ""


def _kinds(src: _Files, columns: list) -> dict:
    """``_kind`` of each column, the Parquet footers read once (not once per column)."""
    schemas = _schemas(src) if src.kind == "parquet" else None
    return {col: _kind(src, col, schemas) for col in columns}


def _kind(src: _Files, col: str, schemas) -> str:
    """How the audit types ``col``: as pandas types a CSV column (``CSV``), or by the type the
    files (``schemas``: their Parquet schemas) or the DataFrame give it (``TEXT``, ``BOOL``,
    ``NUMBER``, ``CATEGORY``; ``MIXED`` where files differ)."""
    if src.kind == FRAME:
        dtypes = getattr(src.files[0], "dtypes", None)
        if not isinstance(dtypes, pd.Series) or col not in dtypes.index:
            return CSV  # a Spark DataFrame: its values as text, typed as before
        return _pandas_kind(src.files[0], col)
    if src.kind != "parquet":
        return CSV if col in in_files(src) else TEXT  # a hive key is text
    if col in src.numbered:  # booleans in some files, numbers in others: read as numbers
        return NUMBER
    kinds = {_arrow_kind(schema, col) for schema in schemas}
    return kinds.pop() if len(kinds) == 1 else MIXED


def bool_number_columns(src: _Files, columns) -> tuple:
    """The ``columns`` (a label, a prediction, a group) that the Parquet files of ``src`` store as
    booleans in some files and as numbers in others. The audit reads them as pandas joins
    them, a boolean as the number 0 or 1 (``--pos-label 1`` names True); so every engine
    reads them (``read_file``; DuckDB unites the files' types by name, Spark writes a
    boolean as 1 or 0), not the text False and 1 that no rule tells apart from labels."""
    if src.kind != "parquet":
        return ()
    schemas = _schemas(src)
    kinds = {c: {_arrow_kind(s, c) for s in schemas if c in s.names} for c in columns}
    return tuple(c for c in columns if kinds[c] == {BOOL, NUMBER})


def _schemas(src: _Files):
    import pyarrow.parquet as pq

    return [pq.read_schema(f) for f in src.files]


def _arrow_kind(schema, col: str) -> str:
    import pyarrow as pa

    if col not in schema.names:
        return TEXT  # a hive key
    t = schema.field(col).type
    if pa.types.is_dictionary(t):
        return CATEGORY
    if pa.types.is_boolean(t):
        return BOOL
    if pa.types.is_integer(t) or pa.types.is_floating(t) or pa.types.is_decimal(t):
        return NUMBER
    return TEXT


# pandas' name of what an object column holds -> how the audit types it (text stays text:
# "0"/"1" strings are refused as labels there, as the audit refuses them in arrays)
_OBJECT_KINDS = {"string": TEXT, "boolean": BOOL, "integer": NUMBER, "floating": NUMBER}
_OBJECT_KINDS |= {"mixed-integer-float": NUMBER, "decimal": NUMBER}


def _pandas_kind(frame, col: str) -> str:
    dtype = frame.dtypes[col]
    if isinstance(dtype, pd.CategoricalDtype):
        return CATEGORY
    if pd.api.types.is_bool_dtype(dtype):
        return BOOL
    if pd.api.types.is_numeric_dtype(dtype):
        return NUMBER
    if isinstance(dtype, pd.StringDtype):
        return TEXT
    if isinstance(frame, pd.DataFrame):  # Python objects: what they are
        return _OBJECT_KINDS.get(pd.api.types.infer_dtype(frame[col], skipna=True), CSV)
    return CSV  # a Dask frame's objects: their text, typed as a CSV column


def _typed(values: pd.Series, kind: str) -> pd.Series:
    """The values as the audit sees them: typed as a CSV column, booleans, or text."""
    text = label_text(values)
    if kind in (CSV, NUMBER):
        return typed_text(text)
    if kind == BOOL:
        return text.str.lower().map({"true": True, "false": False}).astype(bool)
    return text


def _zero_one(values: pd.Series, kind: str, col: str, role: str) -> pd.Series:
    """0/1 per label, refused as the audit refuses it (its own check, ``fairness.as_binary``:
    the same words for values that are not 0/1 and for text ``"0"``/``"1"``)."""
    from ..fairness import as_binary

    typed = _typed(values, kind).rename(col)
    return pd.Series(as_binary(typed, role), index=values.index).astype(np.int64)


def _judge_groups(raw: pd.DataFrame, src: _Files, col: str, counted, kind: str) -> None:
    """Boolean groups named ``True``/``False``; a category no row uses, or values of several
    types that print the same, refused with the audit's words (``fairness``'s own checks)."""
    from ..fairness import check_group_edits as audit_checks

    if kind == BOOL:
        raw[col] = _typed(raw[col], BOOL).astype(str)
    elif kind == CATEGORY:
        categories = _categories(src, col)
        if categories is not None:
            used = pd.unique(raw.loc[counted, col].astype(str))
            audit_checks(pd.DataFrame({col: pd.Categorical(used, categories=categories)}))
    elif kind == MIXED:
        audit_checks(pd.DataFrame({col: _values_as_read(src, col)}))


def _categories(src: _Files, col: str) -> list[str] | None:
    """The categories pandas gives ``col`` (as text); None where files differ in them (pandas
    then concatenates plain values: nothing to check)."""
    if src.kind == FRAME:
        frame = src.files[0]
        found = [frame[col].cat.categories] if _known_categories(frame, col) else []
    else:
        found = [_read_parquet(f, columns=[col])[col].cat.categories for f in src.files]
    if not found or any(not c.equals(found[0]) for c in found[1:]):
        return None
    return [str(c) for c in found[0]]


def _known_categories(frame, col: str) -> bool:
    """A pandas frame's categorical column, or a Dask frame's whose categories Dask knows (its
    unused ones were counted as nothing while pandas and DuckDB refused them)."""
    if isinstance(frame, pd.DataFrame):
        return True
    column = frame[col] if frame_kind(frame) == "dask" else None
    return isinstance(getattr(column, "dtype", None), pd.CategoricalDtype) and column.cat.known


def _values_as_read(src: _Files, col: str) -> pd.Series:
    """The distinct values of ``col`` in each file, as pandas reads them (files of different
    column types: 1 and '1' stay apart, as the audit sees them)."""
    parts = [pd.unique(_read_parquet(f, columns=[col])[col].dropna()) for f in src.files]
    return pd.Series(np.concatenate([np.asarray(p, dtype=object) for p in parts]), dtype=object)
