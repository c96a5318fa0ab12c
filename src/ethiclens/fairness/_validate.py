"""Input checks for the audit engine: every failure names the column, the value and the fix."""

from __future__ import annotations

import decimal
import numbers as numbers_abc
import unicodedata
from collections.abc import Iterable, Mapping
from functools import partial

import numpy as np
import pandas as pd

from .._checks import (
    BYTES_LIKE,
    MAX_LABEL_CHARS,
    TEXT_LIKE,
    bytes_like_as_bytes,
    check_label_lengths,
    check_labels_print_apart,
    check_member,
    decoded_bytes,
    empty_fix,
    first_row,
    float_of_text,
    has_negative_zero,
    in_value_order,
    is_number_text,
    is_zero_one_with_strays,
    label_fix,
    names_words,
    not_numbers,
    pos_label_said,
    refuse_bool_beside_number,
    refuse_missing,
    refuse_record_array,
    underflows,
    unsigned_zero,
    use_one_of,
)
from .._secrets import holds_secret, mask_secrets
from .._text import as_seen, formatted_number_fix, printed_floats, prints_blank
from ..errors import EthicLensInputError, FaceFix, plain_text, shortened_quotes
from ..io import _first_not_one_value, _not_one_value_error, _Shown, refuse_password_names
from ._bins import (
    MAX_NUMERIC_GROUPS,
    about_data_column,
    bin_attribute,
    check_bins,
    check_bins_argument,
    continuous_fix,
    is_time,
    quiet_snan,
    times_error,
    wide_float,
)
from ._kinds import (
    argument_kinds,
    counts_kind,
    instance_kind,
    is_names,
    is_text,
    items_kind,
    name_kind,
)


def _label(values, role: str) -> str:
    name = getattr(values, "name", None)
    return f"{name} ({role})" if name is not None and str(name) != role else role


def _first_bad(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def _here(where: str, value):
    """A Dask collection (Series, DataFrame, Index, Array) computed here, into the pandas or
    numpy object it stands for, so it is checked and paired as that one is (a Dask DataFrame's
    truth value was a TypeError; a Dask Array of unknown chunks had no length); a Spark object
    (Column, DataFrame, pandas-on-Spark) refused: its rows are on the cluster, in no fixed
    order, and a Column is an expression, no values at all. Other values as given."""
    module = type(value).__module__
    if module.startswith("dask") and callable(getattr(value, "compute", None)):
        return value.compute()
    if module.startswith("pyspark"):
        raise EthicLensInputError(
            f"is a Spark {type(value).__name__}: its rows are on the cluster, not here",
            column=where,
            kind="argument",
            fix="audit the Spark DataFrame whole by column names, counted on the cluster: "
            "ethiclens.audit_frame(sdf, y_pred='p', protected='g', y_true='y'); or bring "
            "its rows here first: sdf.toPandas()",
        )
    return value


def _blob_list(values):
    """A list or tuple holding bytearrays or memoryviews (a driver's BLOBs) as a 1-D object
    array of ``bytes``: numpy would read each as a row of byte values, a 2-D table."""
    if isinstance(values, (list, tuple)) and any(
        isinstance(v, (bytearray, memoryview)) for v in values
    ):
        out = np.empty(len(values), dtype=object)
        out[:] = [bytes(v) if isinstance(v, (bytearray, memoryview)) else v for v in values]
        return out
    return values


def _with_unit(values):
    """A numpy array of dates or durations without a unit (what ``np.array([np.datetime64('NaT'),
    ...])`` makes: every value NaT) in nanoseconds, which pandas reads (it cannot read a
    unit-less one: 'datetime64 values must have a unit specified'); other values as given."""
    if isinstance(values, np.ndarray) and values.dtype.kind in "mM":
        if _unitless(values):
            return values.astype(f"{values.dtype.name}[ns]")
    if isinstance(values, (list, tuple)) and any(map(_unitless, values)):  # [np.datetime64('NaT')]
        return [v.astype(f"{v.dtype.name}[ns]") if _unitless(v) else v for v in values]
    return values


def _unitless(value) -> bool:
    """Whether ``value`` is a NumPy date or duration (scalar or array) without a unit."""
    dtype = getattr(value, "dtype", None)
    return (
        isinstance(value, (np.ndarray, np.datetime64, np.timedelta64))
        and dtype.kind in "mM"
        and np.datetime_data(dtype)[0] == "generic"
    )


def _keyed(name: str, key) -> str:
    """``name[key]`` as a refusal names a dict's column: a whole number by its (shortened)
    text, as 10**5000's repr raises a ValueError past Python's int-to-text limit."""
    return f"{name}[{plain_text(key) if type(key) is int else repr(key)}]"


def align_inputs(**named):
    """pandas inputs are paired by index label, never silently by position.

    The first pandas input's index is the reference; a dict's Series count one by one, each
    named by its key. Another pandas input with the same labels in another order is reindexed
    to it (as pandas arithmetic would), unless either has pandas' default index (0, 1, 2, ...;
    ``pd.Series(model.predict(X))`` of a shuffled X): that is refused as ambiguous, since
    scikit-learn and fairlearn pair by position. One whose labels differ is refused, since
    pairing its rows by position would mix up people. numpy arrays, lists and ``pd.Categorical`` are
    positional and left alone, so pandas inputs sharing one index beside them pair by position
    (as ``Series + ndarray`` does); a reordering beside a positional input is refused, since
    the reordered rows would no longer match the positional ones. Returns the inputs' values in
    the order given.
    """
    ref, out, positional, reordered, lazy = None, [], None, None, set()
    for name, value in named.items():
        lazy.update([name] if _is_dask(value) else [])
        value = _with_unit(_blob_list(_here(name, value)))
        many = isinstance(value, dict)  # a dict's columns, each named by its key
        if many:
            lazy.update(plain_text(k) for k, c in value.items() if _is_dask(c))
        parts = (
            {key: _with_unit(_blob_list(_here(_keyed(name, key), c))) for key, c in value.items()}
            if many
            else {0: value}
        )
        for key, column in parts.items():
            label = plain_text(key) if many else name  # 10**5000: its text, never a ValueError
            where = f"{name}[{label if type(key) is int else repr(key)}]" if many else name
            aligned, ref = _aligned(label, column, ref, lazy)
            reordered = reordered or (aligned is not column and label)
            positional = positional or (_is_positional(column) and where)
            parts[key] = aligned
        out.append(parts if many else parts[0])
    if reordered and positional:
        raise _reordered_beside_positional(reordered, ref[0], positional)
    return tuple(out)


def _is_positional(value) -> bool:
    """An input paired by position: an array, a list, a ``pd.Categorical`` (not pandas with an
    index, not None, not a string, which is refused in its own words)."""
    return (
        value is not None
        and not isinstance(value, (pd.Series, pd.DataFrame, str, bytes, dict))
        and hasattr(value, "__len__")
    )


def _reordered_beside_positional(name: str, ref_name: str, positional: str):
    # pandas inputs are reindexed to the first one's order; an array beside them stays in its
    # own order, which matches at most one of the two pandas orders: the rows would be mixed up
    return EthicLensInputError(
        f"holds {ref_name}'s index labels in another order and would be reordered to match "
        f"{ref_name} by label, but {positional} is not pandas (an array or a list) and is "
        "paired by position: its rows would no longer match",
        column=name,
        fix="pass every input as .to_numpy() (rows already in one order), or every input as "
        f"pandas objects sharing one index (e.g. pd.Series({positional}, index=...))",
    )


def aligned_rows(main: str, what: str, **named) -> tuple[tuple, int]:
    """:func:`align_inputs` of ``named``, then ``named[main]`` held to one ``what`` per row and
    at least one row: the aligned inputs in the order given, and the row count."""
    out = align_inputs(**named)
    values = out[list(named).index(main)]
    check_one_dimensional(values, main, f"pass one {what} per row")
    if len(values) == 0:
        raise EthicLensInputError(
            "no rows to audit", column=main, fix="check the data and any filters applied to it"
        )
    return out, len(values)


def isin(values, members) -> np.ndarray:
    """``values.isin(members)`` (a Series or an Index) as a boolean array. pandas' pyarrow text
    (its default ``str`` dtype) makes a Python scalar of every member it is given (a million:
    about 10 s); text members are handed to pyarrow whole instead, which compares them as that
    loop does (text equal text, a missing value a missing value)."""
    mine, theirs = values.dtype, getattr(members, "dtype", None)
    if not (
        isinstance(mine, pd.StringDtype)
        and mine.storage == "pyarrow"
        and (isinstance(theirs, pd.StringDtype) or _all_text(members, theirs))
    ):
        return np.asarray(values.isin(members), dtype=bool)
    import pyarrow as pa
    import pyarrow.compute as pc

    texts = pa.array(values.array)
    found = pc.is_in(texts, value_set=pa.array(members.astype(mine).array).cast(texts.type))
    return np.asarray(found, dtype=bool)


def _all_text(members, dtype) -> bool:
    """Object members that are all Python text, none missing (an object index beside a
    ``str`` one): pandas' loop makes a text scalar of each, as pyarrow reads them whole."""
    if not (isinstance(dtype, np.dtype) and dtype.kind == "O"):
        return False
    return pd.api.types.infer_dtype(members, skipna=False) == "string"


def _is_dask(value) -> bool:
    return type(value).__module__.startswith("dask") and callable(getattr(value, "compute", None))


def _reset_words(names) -> str:
    """The call that numbers every input's rows 0, 1, 2, ...: a Dask collection's own
    ``.reset_index(drop=True)`` numbers each partition from 0 again, so it is computed first."""
    if not names:
        return ".reset_index(drop=True) on every input"
    return (
        f".compute().reset_index(drop=True) on the Dask input(s) ({', '.join(sorted(names))}: "
        "a Dask .reset_index numbers each partition from 0 again) and .reset_index(drop=True) "
        "on the others"
    )


def _aligned(name: str, value, ref, lazy=frozenset()):
    """``value`` reindexed to the reference ``(name, index)`` (or refused), and the reference:
    the first pandas input's, kept from then on. ``lazy``: the names given as Dask collections
    (computed here), whose fix computes them before renumbering their rows."""
    if not isinstance(value, (pd.Series, pd.DataFrame)):
        return value, ref
    index = value.index
    if ref is None:
        return value, (name, index)
    ref_name, ref_index = ref
    if len(index) != len(ref_index) or index.equals(ref_index):
        return value, ref  # a length mismatch is refused by the length check, naming both
    inside = isin(index, ref_index)
    if inside.all() and index.is_unique and ref_index.is_unique:
        if _positional(index) or _positional(ref_index):
            raise _ambiguous_order(name, ref_name, lazy & {name, ref_name})
        return value.reindex(ref_index), ref
    unpaired = index[~inside].append(index[index.duplicated()])
    label = unpaired.append(ref_index[ref_index.duplicated()])[0]
    label = label.item() if isinstance(label, np.generic) else label
    dask = lazy & {name, ref_name}
    raise EthicLensInputError(
        f"its {'index' if dask else 'pandas index'} does not match {ref_name}'s (index label "
        f"{label!r} is not paired with exactly one row of {ref_name}); pairing rows by "
        "position would mix up records",
        column=name,
        fix=f"align it first (e.g. .loc[{ref_name}.index]) or, if the rows are "
        f"already in the same order, call {_reset_words(dask)}",
    )


def _refuse_masked(values, role: str) -> None:
    """A numpy masked array's hidden entries still hold values: reading it as an array would
    count them, under their hidden values."""
    if isinstance(values, np.ma.MaskedArray) or (
        isinstance(values, dict) and any(isinstance(v, np.ma.MaskedArray) for v in values.values())
    ):
        raise EthicLensInputError(
            "is a numpy masked array",
            column=role,
            fix="drop the masked rows from every input first, or fill them "
            "(values.filled(...)) if they are real values",
        )


def _positional(index) -> bool:
    """pandas' default index (0, 1, 2, ...): what ``pd.Series(model.predict(X))`` gets,
    whatever order X's rows were in; also written out as integers (``index=np.arange(n)``,
    an ``id`` column of 0..n-1), which numbers positions just the same."""
    if isinstance(index, pd.RangeIndex):
        return index.start == 0 and index.step == 1
    n = len(index)
    return (
        index.dtype.kind in "iu"
        and n > 0
        and index[0] == 0
        and index[-1] == n - 1
        and index.is_monotonic_increasing
        and index.is_unique
    )


def _ambiguous_order(name: str, ref_name: str, dask=frozenset()) -> EthicLensInputError:
    # The same labels in another order, one side pandas' default index: pairing by label (as
    # pandas would) or by position (as scikit-learn and fairlearn do) give different audits,
    # and a default index often only numbers positions (predictions of a shuffled frame).
    return EthicLensInputError(
        f"holds {ref_name}'s index labels in another order, and one of the two has pandas' "
        "default index (0, 1, 2, ...): pairing rows by label (as pandas does) and by position "
        "(as scikit-learn and fairlearn do) would give different audits",
        column=name,
        fix=f"pair by label with .loc[{ref_name}.index], or by position with "
        f"{_reset_words(dask)} (or .to_numpy())",
    )


def check_flag(value, where: str) -> bool:
    """A yes/no option is a bool (``bool("no")`` is True, so strings are refused)."""
    if not isinstance(value, (bool, np.bool_)) and not (
        isinstance(value, (int, np.integer)) and value in (0, 1)
    ):
        raise EthicLensInputError(
            "must be True or False",
            column=where,
            value=value,
            fix=f"e.g. {where}=True",
            kind="argument",  # a keyword of the Python call, not a data column
        )
    return bool(value)


def _refuse_text(values, column: str) -> None:
    """A string where one value per row is expected (``audit("label", preds, S)``): its length
    is not a row count, and its characters are not values."""
    if isinstance(values, TEXT_LIKE):
        raise EthicLensInputError(
            "is a string, not one value per row",
            column=column,
            value=values,
            fix=f"pass the values themselves (e.g. df[{values!r}]); to name columns instead, "
            "give a data file: ethiclens.audit('data.csv', y_true='label', y_pred=..., "
            "protected=...)",
        )


def check_length(values, n: int, role: str, against: str = "y_pred") -> None:
    """``values`` (``role``) has the ``n`` rows of ``against``, the input that set the count
    (the predictions; in the threshold view, the scores)."""
    _refuse_text(values, role)
    _refuse_unordered(values, role)
    if role != "sensitive_features" and _ndim(values) not in (None, 1):  # a table has columns
        check_one_dimensional(values, _label(values, role), f"pass one {role} value per row")
    if role != "sensitive_features":  # their record array: one attribute per field
        refuse_record_array(values, _label(values, role))
    if len(values) != n:
        raise EthicLensInputError(
            f"has {len(values)} rows but {against} has {n}; lengths differ",
            column=_label(values, role),
            fix="pass arrays that describe the same rows, in the same order",
        )


def check_one_dimensional(values, column: str, fix: str) -> None:
    """One value per row: not a string (its characters are no rows), a table or a scalar."""
    _refuse_text(values, column)
    _refuse_unordered(values, column)
    _refuse_masked(values, column)
    refuse_record_array(values, column)
    if isinstance(values, pd.DataFrame) or np.ndim(values) != 1:
        shape = tuple(values.shape if hasattr(values, "shape") else np.shape(values))
        what = "a numpy matrix, " if isinstance(values, np.matrix) else ""
        if len(shape) == 2 and 1 in shape:  # one row or one column: ravel keeps the rows
            x = column if column.isidentifier() else "x"
            fix += f"; a single row or column: pass a 1-D array, e.g. np.asarray({x}).ravel()"
        raise EthicLensInputError(
            f"must be one-dimensional ({what}shape {shape})", column=column, fix=fix
        )


def _ndim(values) -> int | None:
    """``values``' dimensions (a DataFrame: 2), None when numpy cannot tell (a ragged list:
    refused in its own words)."""
    try:
        return 2 if isinstance(values, pd.DataFrame) else int(np.ndim(values))
    except (TypeError, ValueError):
        return None


def _unhashable(series: pd.Series, column: str) -> None:
    """A cell that is not one label: a list, dict or array (a JSON or Parquet file can hold
    them), or anything that cannot be hashed or compared (a Series, a slice, an object whose
    ``__eq__`` raises): ``io._not_one_value``, refused naming its row and value."""
    if series.dtype != object:
        return
    try:  # the distinct values first: a column of single labels is scanned no further
        if _first_not_one_value(pd.unique(series)) is None:
            return
    except Exception:
        pass
    if (i := _first_not_one_value(series)) is not None:
        raise _not_one_value_error(series.iloc[i], column, f", first at row {i}", group=False)


def _refuse_not_one_value(col, name: str) -> None:
    """Refuse a group column ``col`` whose values could not be counted: its first cell that
    is not one value (``io._not_one_value``), by row and value; none: nothing."""
    if (i := _first_not_one_value(col)) is None:
        return
    cell = np.asarray(col, dtype=object)[i]
    raise _not_one_value_error(cell, name, f", first at row {i}", group=True) from None


def _is_nan(value) -> bool:
    """A float NaN (NumPy's float32 too) or a decimal one, quiet or signalling."""
    if isinstance(value, decimal.Decimal):
        return value.is_nan()
    return isinstance(value, (float, np.floating)) and bool(np.isnan(value))


def check_pos_label(pos_label):
    """``pos_label`` is one scalar label (a string, number or boolean), or None."""
    if pos_label is None:
        return None
    if not np.isscalar(pos_label) or _is_nan(pos_label):
        raise EthicLensInputError(
            "must be one label: a string, number or boolean",
            column="pos_label",
            value=pos_label,
            fix="give the single value of the labels that is positive, e.g. pos_label=1",
            kind="argument",  # the caller's keyword, not a column of the data
        )
    return pos_label


@argument_kinds(counts=counts_kind("e.g. counts=np.array([3, 1]) (one per value), or leave it out"))
def as_binary(values, role: str, pos_label=None, *, counts=None) -> np.ndarray:
    """0/1 int8 array. Values other than {0, 1}/{False, True} need an explicit ``pos_label``.
    ``counts``: how many rows each value stands for (a counts table's cells; default one
    each), which tells a 0/1 column with a stray 0.5 from scores (:func:`not_binary`)."""
    if pos_label is None and (plain := _plain_zero_one(values)) is not None:
        return plain  # every check below passes it unchanged: skipped, not repeated
    column = _label(values, role)
    check_one_dimensional(values, column, f"pass one {role} value per row")
    check_pos_label(pos_label)
    values = quiet_snan(_native_order(values))
    series = pd.Series(_text_kept(values) if not isinstance(values, pd.Series) else values)
    _unhashable(series, column)
    refuse_missing(series.isna().to_numpy(), column, "drop or impute those rows before auditing")
    series, pos_label = _as_text_labels(series, column, pos_label)
    series = _decimals_as_floats(series)
    uniques = pd.unique(series)
    check_labels_print_apart(uniques, column)  # 1 and '1': no pos_label makes them one label
    if pos_label is not None:
        return positive_mask(series, column, pos_label).astype(np.int8)
    if not all(_is_zero_one(u) for u in uniques):
        shown = sorted(map(str, uniques))[:10]
        if all(isinstance(u, str) and u.strip() in ("0", "1") for u in uniques):
            # Text '0'/'1' (a string column in Parquet/JSON, or quoted in the file): not
            # guessed to be numbers, but said precisely, with the two fixes that work.
            raise EthicLensInputError(
                f"holds the text values {shown}, not the numbers 0/1 (a string column)",
                column=column,
                fix=label_fix(_pandas_name(values, role), uniques, pos_label=True),
            )
        raise _not_binary_rows(series, uniques, column, role, _pandas_name(values, role), counts)
    try:
        return series.to_numpy().astype(np.int8)
    except TypeError:  # 1+0j equals 1 (pd.unique kept only the 1) but is no 0/1 number
        odd = pd.unique(series[~series.map(_is_zero_one).to_numpy(dtype=bool)])
        name = _pandas_name(values, role)
        raise _not_binary_rows(series, [*uniques, *odd], column, role, name, counts) from None


def _native_order(values):
    """``values`` in this machine's byte order: a big-endian numpy column (``dtype('>f8')``, as
    FITS and some HDF5 files hold) reached pandas' hashing, which raised 'Big-endian buffer not
    supported on little-endian compiler' instead of auditing it."""
    dtype = getattr(values, "dtype", None)
    if isinstance(dtype, np.dtype) and not dtype.isnative:
        return values.astype(dtype.newbyteorder("="))
    return values


def _plain_zero_one(values) -> np.ndarray | None:
    """A 1-D numpy array of integers or booleans holding only 0 and 1 (an array already
    checked: ``compare`` hands each audit its recoded columns) as :func:`as_binary` returns
    it, in one pass; None for anything else (the full checks, and their refusals)."""
    if type(values) is not np.ndarray or values.ndim != 1 or values.dtype.kind not in "biu":
        return None
    if values.dtype.kind != "b" and not ((values == 0) | (values == 1)).all():
        return None
    return values.astype(np.int8)


def _not_binary_rows(series, uniques, column: str, role: str, name, counts):
    """:func:`not_binary` of ``series``, with how many rows (``counts``: each row's weight) hold
    a value other than 0/1."""
    odd = ~series.map(_is_zero_one).to_numpy(dtype=bool)
    weights = np.ones(len(series)) if counts is None else np.asarray(counts, dtype=float)
    rows = (float(weights[odd].sum()), float(weights.sum()))
    return not_binary(uniques, column, role, name=name, rows=rows)


def _decimals_as_floats(series: pd.Series) -> pd.Series:
    """A column of decimals (a Parquet or database DECIMAL: pandas holds ``Decimal`` objects),
    alone or beside plain numbers, as the floats DuckDB reads it as, so that 1.00 is the label
    1 on every engine, a ``pos_label`` of 1 matches it and 0.50 is refused as the scores it
    looks like."""
    if str(getattr(series.dtype, "pyarrow_dtype", "")).startswith("decimal"):
        return series.astype(float)  # Dask keeps a Parquet decimal as an Arrow one
    if series.dtype != object or series.empty:
        return series
    # decimals beside plain numbers too: a folder's DECIMAL file beside its int64 one, read
    # as the floats DuckDB reads the whole column as. One pass, left at the first value that
    # is neither (text labels: at once).
    seen = False
    for v in series.to_numpy():
        if isinstance(v, decimal.Decimal):
            seen = True
        elif not _is_number(v):
            return series
    return series.astype(float) if seen else series


def _as_text_labels(series: pd.Series, column: str, pos_label):
    """Labels given as bytes (``b'yes'``) as the UTF-8 text they hold, as group values are
    (:func:`decoded_bytes`), and a bytes ``pos_label`` with them: ``pos_label='yes'`` then
    names ``b'yes'``."""
    if series.dtype.kind not in "OS":  # object, or numpy bytes kept by pandas
        return series, pos_label
    if series.dtype.kind == "S":
        series = series.astype(object)
    if (as_bytes := bytes_like_as_bytes(series)) is not None:  # BLOBs given as bytearrays
        series = as_bytes
    try:
        uniques = pd.unique(series)
    except TypeError:  # unhashable values: refused by the label checks in their words
        return series, pos_label
    texts = decoded_bytes(uniques, column)
    if texts is uniques:
        return series, pos_label
    if isinstance(pos_label, bytes):
        pos_label = _decoded_pos_label(pos_label, texts)
    return series.map(dict(zip(uniques, texts, strict=True))), pos_label


def _decoded_pos_label(pos_label: bytes, texts) -> str:
    """A bytes ``pos_label`` as the UTF-8 text the column's labels are read as; bytes that are
    no UTF-8 text (no label can equal them) refused as the caller's argument, not a column."""
    try:
        return pos_label.decode("utf-8")
    except UnicodeDecodeError:
        labels = sorted({t for t in texts if isinstance(t, str)})[:10]
        raise EthicLensInputError(
            "holds bytes that are not UTF-8 text, as the labels are read",
            column="pos_label",
            value=pos_label,
            fix=f"give the positive label as text: the labels read {labels}",
            kind="argument",
        ) from None


PREDICTION_ROLES = ("y_pred", "pred_a", "pred_b")


def not_binary(
    uniques, column: str, role: str, *, name=None, rows=None, pos_label: bool = True
) -> EthicLensInputError:
    """The refusal of a label or prediction column whose distinct values ``uniques`` are not
    0/1 (one text for every engine: each checks its counted values here). Numbers in [0, 1]
    are said to look like scores, with the fixes that work for them, unless they are 0/1 but
    for a stray value or two held by few of the ``rows`` (rows holding values other than
    0/1, all rows: :func:`ethiclens._checks.is_zero_one_with_strays`), rows to drop or
    correct; a long list of values says how many there are. The fix is ``pcer audit``'s and
    ``p2nia release``'s (:func:`ethiclens._checks.label_fix`, written for the column
    ``name``) with the audit's ``--pos-label`` (``pos_label=False``: a command without one,
    the counterfactual probe)."""
    fix = label_fix(role if name is None else name, uniques, pos_label=pos_label, rows=rows)
    shown = _first_values(uniques)
    n = len(uniques)
    strays = is_zero_one_with_strays(uniques, rows)
    if all(_is_real(u) and 0 <= u <= 1 for u in uniques) and not strays:
        as_score = (
            ", or pass it as the scores (--y-score on the command line, y_score= in Python) "
            "and the 0/1 predictions as --y-pred (y_pred=)"
            if role in PREDICTION_ROLES
            else ""
        )
        said = EthicLensInputError(
            f"looks like scores, not 0/1 {'predictions' if as_score else 'labels'}: "
            f"{n} distinct numbers in [0, 1] (the first {len(shown)}: {names_words(shown)})",
            column=column,
            fix=FaceFix(fix + as_score, getattr(fix, "cli", fix) + as_score),
        )
    else:
        counted = f" (the first 10 of {n} distinct values)" if n > 10 else ""
        said = EthicLensInputError(
            f"is not binary 0/1: found values {names_words(shown)}{counted}",
            column=column,
            fix=fix,
        )
    said.found = tuple(shown)  # the faces read these, never the words
    return said


def _first_values(uniques) -> list[str]:
    """The first ten of ``uniques`` as text: in numeric order where each is a real number
    (labels 0 .. 599 as 0, 1, 2, ..., 9, where a text sort said 0, 1, 10, 100, 101, ...), NaN
    last; else in text order (a column of text, or of mixed types: 0, 1.0, False)."""
    return [str(u) for u in in_value_order(uniques)[:10]]


def _pandas_name(values, role: str):
    """The column name a pandas recoding of ``values`` uses: its own name, else the role."""
    name = getattr(values, "name", None)
    return role if name is None else name


class PosLabelAbsent(EthicLensInputError):
    """``pos_label`` occurs nowhere in a column (see :func:`as_binary_columns`)."""


def as_binary_columns(columns: dict, pos_label=None, *, counts=None) -> dict:
    """``{role: values}`` as 0/1 arrays (:func:`as_binary`, None stays None), sharing one
    ``pos_label``. A column that never holds it is all negative when some other column holds
    it and every value of this one occurs there (a model that never selects anyone: labels
    'yes'/'no', predictions all 'no'); otherwise it is refused (labels yes/no, predictions
    1/0: the two write the label differently). ``counts``: how many rows each row of the
    columns stands for (a counts table's cells)."""
    out, absent = {}, {}
    for role, values in columns.items():
        if values is None:
            out[role] = None
            continue
        try:
            out[role] = as_binary(values, role, pos_label, counts=counts)
        except PosLabelAbsent as exc:
            absent[role] = exc
    holding = [columns[r] for r in out if out[r] is not None and out[r].any()]
    for role, exc in absent.items():
        if not holding or not values_written_alike(columns[role], holding):
            raise exc
        out[role] = np.zeros(len(columns[role]), np.int8)
    return out


def values_written_alike(values, others) -> bool:
    """Whether every value of ``values`` (missing ones aside: they are refused in their own
    words) is written in some column of ``others`` too, a number equal to a number whatever
    its type or text (0.0 is 0 is '0'), anything else as its text."""
    known = set().union(*(_label_keys(o) for o in others))
    return _label_keys(values) <= known


def _label_keys(values) -> set:
    uniques = pd.unique(pd.Series(_text_kept(values), dtype=object))
    return {_label_key(v) for v in uniques if not pd.isna(v)}


def _label_key(value):
    text = str(value).strip()
    try:
        return float(value) if not isinstance(value, str) else float(text)
    except (TypeError, ValueError):
        return text


def _label_shown(label) -> str:
    """``repr(label)``; a whole number past the int-to-text limit shortened (10**5000)."""
    try:
        return repr(label)
    except ValueError:
        return plain_text(label)


def negative_values_notes(rows_per_value: Mapping, pos_label) -> list[str]:
    """With ``pos_label``, every other value is negative: a column holding more than one other
    value (predictions yes/no/maybe) gets a note naming them and their rows. The one rule of
    every face (arrays, files on every engine, counts tables, compare, thresholds):
    ``rows_per_value`` maps each column, in the face's words ('p (y_pred)'), to the rows of
    each of its values (a Series: value -> rows; a counts table's: its cells' counts). A
    secret in a value is masked (``_secrets.mask_secrets``, as the command line masks its
    warnings): the note is warned, written in the JSON and shown in the reports. Values that
    write ``pos_label`` but for case or spaces ('yes', 'YES ' for 'Yes') are named in its
    "did you mean" hint (noted even as the column's one other value)."""
    if pos_label is None:
        return []
    notes = []
    for column, rows in rows_per_value.items():
        label = _label_as_written(rows.index, pos_label)  # 'y ' typed: the column's 'y'
        others = rows[~label_matches(pd.Series(list(rows.index), dtype=object), label)]
        alike = _written_like(others.index, label)
        if len(others) > 1 or alike:
            listed = ", ".join(
                f"{plain_text(value)!r} ({int(n):,} row{'s' if n != 1 else ''})"
                for value, n in sorted(others.items(), key=lambda item: str(item[0]))
            )
            note = (
                f"column {column!r}: only {_label_shown(label)} is positive; the other "
                f"values were all counted as negative: {listed}"
            )
            if alike:  # 'yes', 'YES ' beside 'Yes': a typo of the label, or a label of its own?
                said = ", ".join(repr(plain_text(v)) for v in alike)
                one, label = len(alike) == 1, _label_shown(label)
                them = "it" if one else "them"
                note += (
                    f"; did you mean {label}? {said} differ{'s' if one else ''} from it only "
                    f"in case or spaces: recode {them} as {label} in the data to count {them} "
                    "as positive"
                )
            # a value may hold a password: masked here, for the warning, JSON and report
            notes.append(mask_secrets(note))
    return notes


def _label_as_written(values, pos_label):
    """``pos_label`` as a column of ``values`` writes it: a text label typed with spaces around
    it ('y ') counts the column's 'y' (:func:`label_matches` strips a typed label the column
    does not hold as typed), so a note names 'y', the value counted and the one to recode to."""
    if not isinstance(pos_label, str) or pos_label in set(values):
        return pos_label
    text = pos_label.strip()
    return text if text != pos_label and any(v == text for v in values) else pos_label


def _written_like(values, pos_label) -> list:
    """The text ``values`` that read as the text ``pos_label`` but for case and the spaces
    around and between words ('yes', 'YES ' for 'Yes'), sorted as the note lists them."""
    if not isinstance(pos_label, str):
        return []
    key = " ".join(pos_label.split()).casefold()
    alike = [v for v in values if isinstance(v, str) and " ".join(v.split()).casefold() == key]
    return sorted(alike, key=str)


def label_notes(columns: Mapping, pos_label, *, counts=None) -> list[str]:
    """:func:`negative_values_notes` of ``{role: values}`` (None skipped), each column named
    as the audit's refusals name it ('p (y_pred)'); ``counts``: the rows each value stands for
    (a counts table's cells)."""
    if pos_label is None:
        return []
    notes = []
    for role, values in columns.items():
        if values is None:
            continue
        column = _label(values, role)
        values = _native_order(values)  # a big-endian column: pandas' groupby cannot hash it
        series = pd.Series(_text_kept(values) if not isinstance(values, pd.Series) else values)
        # bytes labels as the text the audit reads them as (b'yes' is 'yes'), as as_binary does
        series, label = _as_text_labels(series.reset_index(drop=True), column, pos_label)
        weights = pd.Series(np.ones(len(series)) if counts is None else counts, dtype=float)
        rows = weights.groupby(series, sort=False, dropna=True).sum()
        notes += negative_values_notes({column: rows}, label)
    return notes


def said_notes(provenance, notes: list[str]) -> dict:
    """``provenance`` with ``notes`` added (``data.provenance.notes``), each said as a
    ``UserWarning`` (the command line prints it as one 'warning:' line); a note it holds
    already (a face that read a file noted it) is neither added nor said again."""
    import warnings

    provenance = dict(provenance or {})
    held = provenance.get("notes") or []  # a caller's own (a text: one note)
    held = [held] if isinstance(held, str) else list(held)
    notes = [n for n in notes if n not in held]  # a face that read a file said its own
    if notes:
        provenance["notes"] = [*held, *notes]
    for note in notes:
        warnings.warn(note, UserWarning, stacklevel=4)
    return provenance


def positive_mask(series: pd.Series, column: str, pos_label) -> np.ndarray:
    """Rows of ``series`` equal to ``pos_label`` (:func:`label_matches`); refused, naming
    ``column`` and the values it has, when the label occurs nowhere."""
    hits = label_matches(series, pos_label)
    _check_written_as_given(series, hits, column, pos_label)
    if not hits.any() and len(series):
        # One pos_label serves the labels and the predictions alike: a value taken from this
        # column's list may be missing from the other (labels 'yes'/'no', predictions 1/0).
        raise PosLabelAbsent(
            "pos_label does not occur in the column; it is the positive value of the labels and "
            "the predictions alike, so both must write it the same way",
            column=column,
            value=pos_label,
            fix=_absent_fix(
                names_words(sorted(map(str, series.unique()))[:10]),
                _typed_otherwise(series.unique(), pos_label),
            ),
        )
    return hits


def _typed_otherwise(values, pos_label) -> list[str]:
    """The text ``values`` that write the text ``pos_label`` but for letter case, spaces or a
    trailing '.' ('Y' for 'y', ' >50K.' for '>50K'): what the user meant, most likely."""
    if not isinstance(pos_label, str):
        return []
    key = " ".join(str(_written_key(pos_label)).split()).casefold()
    return sorted(
        v
        for v in values
        if isinstance(v, str) and " ".join(str(_written_key(v)).split()).casefold() == key
    )


def _absent_fix(values: str, meant=()) -> FaceFix:
    """The fix of a pos_label a column of ``values`` (as words) never holds: one of them, or
    the two columns recoded alike: in pandas in Python, in the file on the command line.
    ``meant``: the column's values that write the label otherwise ('Y' for 'y'), led with."""
    said = (
        f"this column holds {values}: use one of them if the other column writes it the same "
        "way; if the two write it differently (labels yes/no, predictions 1/0), recode one "
        "column to the other's values"
    )
    first = ""
    if len(meant) == 1:  # 'y' typed, 'Y' written: give it as written
        first = (
            f"did you mean {meant[0]!r}? the column writes the label so (other letter case, "
            f"spaces or a trailing '.'): give it as written ({pos_label_said(meant[0])}); else "
        )
    return FaceFix(
        f"{first}{said} (pandas: .map({{'yes': 1, 'no': 0}})) and name that value",
        f"{first}{said} in the file and name that value",
    )


def _check_written_as_given(series: pd.Series, hits: np.ndarray, column: str, pos_label):
    """Refuse a text column that writes ``pos_label`` otherwise: its number ('1.00' for 1) or
    its text with whitespace around it (' yes' for 'yes'): those rows would be counted as
    negative, every row of the column where none matches."""
    if series.dtype.kind not in "OU" or hits.all():  # U: an Arrow string column
        return
    # a trailing '.' only beside the label as given (adult.data and adult.test joined): a
    # column writing only '>50K.' is one written apart from the others (refuse_written_apart)
    keyed = _written_key if hits.any() else _label_key
    key = keyed(pos_label)
    others = pd.unique(series[~hits])
    written = sorted({str(v) for v in others if not pd.isna(v) and keyed(v) == key})
    if not written:
        return
    name = series.name if series.name is not None else column.partition(" (")[0]
    retype = _written_fix(name, key, pos_label, written)
    given = pos_label_said(written[0])
    as_given = len(written) == 1 and (isinstance(key, float) or not hits.any())
    first = f"give it as the column writes it ({given}), or " if as_given else ""
    raise EthicLensInputError(
        f"pos_label {pos_label!r} does not occur as written: the column writes it "
        f"{', '.join(map(repr, written))} (text), which would count as negative",
        column=column,
        value=pos_label,
        fix=FaceFix(first + retype, first + retype.cli),
    )


def _written_fix(name, key, pos_label, written) -> FaceFix:
    """:func:`_check_written_as_given`'s change to the column ``name``: in pandas code for
    Python, in the file's words for the faces that give files (command line, config, web)."""
    if isinstance(key, float):
        return FaceFix(
            f"store the column as numbers (pandas: pd.to_numeric(df[{name!r}]))",
            f"write the values of {name!r} as numbers in the file",
        )
    if any(_label_key(v) != _label_key(pos_label) for v in written):  # '>50K.' for '>50K'
        said = "drop the trailing '.' of the labels (UCI adult.test writes '>50K.' where "
        py = f"{said}adult.data writes '>50K'; pandas: df[{name!r}].str.strip().str.rstrip('.'))"
        cli = f"{said}adult.data writes '>50K') of {name!r} in the file"
        if key != _label_key(pos_label):  # pos_label '>50K.' itself: it would then occur nowhere
            also = f", and name the label without it ({pos_label_said(key)})"
            py, cli = py + also, cli + also
        return FaceFix(py, cli)
    return FaceFix(
        f"strip the whitespace around the labels (pandas: df[{name!r}].str.strip())",
        f"strip the whitespace around the labels of {name!r} in the file",
    )


def _written_key(value):
    """A label as :func:`_check_written_as_given` compares it: :func:`_label_key`, a text's one
    trailing '.' dropped (UCI adult.test writes '>50K.' where adult.data writes '>50K': the
    two files joined hold both)."""
    key = _label_key(value)
    return key[:-1].rstrip() if isinstance(key, str) and len(key) > 1 and key[-1] == "." else key


def label_matches(series: pd.Series, pos_label) -> np.ndarray:
    """Rows equal to ``pos_label``, compared in the column's own type.

    A label typed on the command line arrives as a string; ``"1"`` must match an integer column's
    1, ``"true"`` a boolean column's True.
    """
    if _holds_booleans(series):
        return _boolean_matches(series, pos_label)
    if isinstance(pos_label, (bool, np.bool_)) and not _zero_one_numbers(series):
        # True is 1 only beside 0 (labels 0/1): of labels 1/2 or 0/1/2 it names no value, as
        # 'true' names none of an integer column (the caller refuses it, naming the labels)
        return np.zeros(len(series), dtype=bool)
    hits = (series == pos_label).to_numpy()
    if hits.any() or not isinstance(pos_label, str):
        return hits
    text = pos_label.strip()
    number = _typed_number(text)
    if pd.api.types.is_numeric_dtype(series.dtype):
        return hits if number is None else (series.astype(float) == number).to_numpy()
    texts = (series.astype(str) == text).to_numpy()
    if series.dtype.kind != "O" or number is None:
        return texts
    # numbers kept as objects (a counts table's values): 1 is the label '1.00' too
    return texts | series.map(lambda v: _is_number(v) and v == number).to_numpy(bool)


def _zero_one_numbers(series: pd.Series) -> bool:
    """Every present value is the number 0 or 1 (True and False name them)."""
    present = pd.unique(series[series.notna().to_numpy(bool)])
    return all(_is_number(v) and v in (0, 1) for v in present)


def _typed_number(text: str) -> float | None:
    """The number a typed label writes, by every face's rule (no '1_0', no full-width '１'),
    or None; '1e-400' is None too: it is no 0 a column could hold (a double reads it as 0)."""
    return float(text) if is_number_text(text) and not underflows(text) else None


def _holds_booleans(series: pd.Series) -> bool:
    """A true/false column: a boolean dtype, or objects that are all booleans (a SQLite
    column declared BOOLEAN, a counts table's values), missing values aside."""
    if pd.api.types.is_bool_dtype(series.dtype):
        return True
    if series.dtype != object:
        return False
    present = series[series.notna().to_numpy(bool)]
    return len(present) > 0 and all(isinstance(v, (bool, np.bool_)) for v in present)


def _boolean_matches(series: pd.Series, pos_label) -> np.ndarray:
    """Rows of a true/false column equal to ``pos_label``: True is named by True, by the text
    'true' in any case (a Parquet, CSV or database boolean reads the same) and by the number 1
    (as 1 names an integer column's 1, so a SQLite BOOLEAN stored as 1 is named alike); False
    by False, 'false' and 0. Any other label names no value ('yes' does not name True): the
    caller refuses it, as it refuses 'true' on a 0/1 integer column."""
    flag = None
    if isinstance(pos_label, (bool, np.bool_)):
        flag = bool(pos_label)
    elif isinstance(pos_label, str) and pos_label.strip().lower() in ("true", "false"):
        flag = pos_label.strip().lower() == "true"
    elif (number := _label_key(pos_label)) in (0.0, 1.0):
        flag = number == 1.0
    if flag is None:
        return np.zeros(len(series), dtype=bool)
    return series.map(lambda v: isinstance(v, (bool, np.bool_)) and bool(v) is flag).to_numpy(bool)


def _is_number(value) -> bool:
    return isinstance(value, (int, float, np.number)) and not isinstance(value, (bool, np.bool_))


def _is_real(value) -> bool:
    """A real number (:func:`_is_number` less complex ones: 1+0j is no score in [0, 1])."""
    return _is_number(value) and not np.iscomplexobj(value)


def _is_zero_one(value) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return True
    return isinstance(value, (int, np.integer, float, np.floating)) and value in (0, 1)


def _refuse_rows(bad: np.ndarray, given, column: str, must: str, fail: str, fix: str):
    """Refuse the rows ``bad`` flags, if any, naming the first and its value as ``given``
    (an Int64 <NA> as <NA>, -3 as -3, 10**400 as its digits; not the float each was read as):
    "{must}; {how many} {fail}, first at row {i}" (``fail`` as "do not")."""
    if bad.any():
        i = _first_bad(bad)
        raise EthicLensInputError(
            f"{must}; {int(bad.sum())} {fail}, first at row {i}",
            column=column,
            value=_given_at(given, i),
            fix=fix,
        )


def _given_at(given, i: int):
    """The ``i``-th value of ``given`` as the user gave it: None as None, a NumPy NaT as NaT
    (pd.NaT's words, not np.datetime64('NaT','generic'))."""
    cell = np.ravel(np.asarray(given, dtype=object))[i]
    if cell is None or (isinstance(cell, np.datetime64 | np.timedelta64) and np.isnat(cell)):
        return _Shown(str(cell))
    return cell


def _floats(values, column: str, problem: str, fix: str) -> np.ndarray:
    """``values`` as floats, or one line naming the column, how many values are not numbers
    and the first (its value and row)."""
    try:
        floats = np.asarray(values, dtype=float)
        if not _unread_text(values):
            return floats
    except OverflowError:  # a whole number past float's range (10**400): infinite, refused so
        objects = np.asarray(values, dtype=object)
        return np.array([wide_float(v) for v in objects.ravel()]).reshape(objects.shape)
    except (TypeError, ValueError):
        pass
    cells = pd.Series(np.asarray(values, dtype=object).ravel())
    bad = _not_numbers(cells)
    if not bad.any() and (out := _numbers_with_missing(cells)) is not None:
        return out.reshape(np.shape(values))
    first = _first_bad(bad) if bad.any() else None  # complex: no row is 'not a number'
    raise EthicLensInputError(
        not_numbers(problem, int(bad.sum()), "" if first is None else first_row(first)),
        column=column,
        value=None if first is None else cells[first],
        fix=fix if first is None else formatted_number_fix(cells[first], fix),
    )


def _numbers_with_missing(cells: pd.Series) -> np.ndarray | None:
    """Numbers beside pd.NA or NaT (which numpy cannot make floats of) as floats, those
    missing values NaN: refused as missing, in NaN's words (its row); None for cells that are
    not all real numbers or missing (complex: refused in _floats' words)."""
    text = cells.map(lambda v: isinstance(v, str)).to_numpy(bool)
    try:
        out = pd.to_numeric(cells.where(~text & cells.notna()), errors="coerce")
    except Exception:  # a cell pandas cannot look at
        return None
    if out.dtype.kind not in "fiub":
        return None
    out = np.array(out.to_numpy(dtype=float, na_value=np.nan))  # a writable copy
    out[text] = [float_of_text(v) for v in cells[text]]
    return out


def _unread_text(values) -> bool:
    """Whether some text of ``values`` is a number Python's float() reads but no engine does:
    written with underscores ('1_000', '0.2_5': pandas' and Dask's CSV readers and
    ``pd.to_numeric`` refuse them) or not ASCII (a no-break space, an Arabic-Indic digit '١':
    DuckDB's, Dask's and Spark's casts refuse them). Also a numpy date or duration among
    objects, which float() reads as its count of days or seconds (a date as the weight 18262,
    its NaT as -9.2e18): read cell by cell, it is not a number (a NaT missing), as a
    pd.Timestamp cell is and a column of them is refused."""
    cells = np.asarray(values)
    if cells.dtype.kind not in "OU":
        return False
    return any(
        isinstance(v, str)
        and ("_" in v or not v.isascii())
        or isinstance(v, np.datetime64 | np.timedelta64)
        for v in cells.ravel()
    )


def _not_numbers(cells: pd.Series) -> np.ndarray:
    """Which ``cells`` are neither missing nor a number: text by ``float_of_text`` (every
    engine's rule), other values by ``pd.to_numeric``."""
    text = cells.map(lambda v: isinstance(v, str)).to_numpy(bool)
    try:
        numbers = pd.to_numeric(cells.where(~text), errors="coerce")
    except Exception:  # a cell pandas cannot look at (its __hash__ raises): not a number
        numbers = cells.where(~text).map(lambda v: v if isinstance(v, numbers_abc.Real) else None)
    bad = np.array(numbers.isna() & cells.notna())
    bad[text] = [float_of_text(v) is None for v in cells[text]]
    return bad


# numbers no score or weight is: a complex's imaginary part would be dropped, a date or a
# duration read as nanoseconds (numpy's dtype kinds; a time-zone-aware date's is "M" too)
_UNREAL = {"c": "complex numbers", "M": "dates or times", "m": "durations"}
# a column of numbers stored as text: in pandas for Python, in the file for the other faces
NUMBERS_FIX = FaceFix(
    "store the column as numbers (pandas: pd.to_numeric(column))",
    "store the column as numbers (a numeric type) in the file or table",
)
_NUMBER_ROLES = {
    "y_score": (
        "scores",
        FaceFix(
            "store the column as numbers (pandas: pd.to_numeric(column)) and pass the "
            "probabilities",
            "store the column as numbers (a numeric type) in the file or table and pass the "
            "probabilities",
        ),
        "pass probabilities in [0, 1] as scores; 0/1 predictions go in --y-pred (y_pred=)",
    ),
    "sample_weight": (
        "weights",
        NUMBERS_FIX,
        FaceFix(
            "pass a numeric weight column (to weight by it: pandas .astype(float))",
            "pass a numeric weight column (to weight by it: store it as 1/0 in the file)",
        ),
    ),
    "propensity": (  # the monitor's --propensity: each row's sampling probability
        "propensities",
        NUMBERS_FIX,
        "pass each row's sampling probability in (0, 1] as a number",
    ),
}


def typed_numbers_error(values, column: str, role: str) -> EthicLensInputError | None:
    """The refusal of a score, weight or propensity column (``role``: y_score, sample_weight or
    propensity) whose type is text, true/false, complex, a date, a duration or a period (which
    numpy or pandas would read as day or nanosecond counts), in the labels' words, else None:
    a string column of numbers (a Parquet or database string column, a DataFrame's str
    column) is not taken for numbers, as text '0'/'1' labels are not; a boolean one is not
    taken for 0/1. A column with text
    that is not a number by Python's float() (' 0.5', ' inf' and '+nan' are; '1_000' and
    non-ASCII digits are not) is left to the not-a-number refusal (its count and first row); a
    CSV file's column is typed by its reader. The text values shown: the first three
    distinct, in row order."""
    what, text_fix, bool_fix = _NUMBER_ROLES[role]
    try:
        if np.ndim(values) != 1:
            return None
        series = values if isinstance(values, pd.Series) else pd.Series(values)
    except (TypeError, ValueError):  # ragged or odd input: the shape checks refuse it
        return None
    if pd.api.types.is_bool_dtype(series.dtype):
        return EthicLensInputError(f"holds true/false, not {what}", column=column, fix=bool_fix)
    if (kind := _UNREAL.get(getattr(series.dtype, "kind", ""))) is not None:  # not real numbers
        fix = f"pass the {what} as real numbers (float), not {kind}"
        return EthicLensInputError(f"holds {kind}, not {what}", column=column, fix=fix)
    if pd.api.types.is_numeric_dtype(series.dtype):
        return None
    cells = series[series.notna()].astype(object)
    if cells.empty:
        return None
    if cells.map(lambda v: isinstance(v, (bool, np.bool_))).all():
        return EthicLensInputError(f"holds true/false, not {what}", column=column, fix=bool_fix)
    if cells.map(lambda v: isinstance(v, pd.Period)).any():  # pandas reads them as day counts
        fix = f"pass the {what} as real numbers (float), not periods"
        return EthicLensInputError(f"holds periods (dates), not {what}", column=column, fix=fix)
    # bytes are text too (b'1' is what a BLOB or an 'S' array holds): pandas would read them
    text = cells[cells.map(lambda v: isinstance(v, str | bytes | bytearray)).to_numpy(bool)]
    if text.empty or _not_numbers(cells).any():
        return None  # text that is no number: refused as not a number, with its first row
    shown = list(dict.fromkeys(bytes(v) if isinstance(v, bytearray) else v for v in text))[:3]
    return EthicLensInputError(
        f"holds the text values {shown}, not numbers (a string column)",
        column=column,
        fix=text_fix,
    )


def as_scores(values, n: int) -> np.ndarray:
    column = _label(values, "y_score")
    check_one_dimensional(
        values,
        column,
        "pass one score per row: the positive label's probability, its column of "
        "predict_proba(X) (scikit-learn: the place of the positive label in model.classes_, "
        "e.g. predict_proba(X)[:, list(model.classes_).index(pos_label)])",
    )
    check_length(values, n, "y_score")
    values = quiet_snan(values)
    if (typed := typed_numbers_error(values, column, "y_score")) is not None:
        raise typed
    # a float32 0.7 is the 0.7 it prints as (its bin, score >= 0.7), as in a CSV copy
    values = printed_floats(values)
    scores = _floats(values, column, "scores must be numbers in [0, 1]", "pass probabilities")
    refuse_missing(np.isnan(scores), column, "drop or impute those rows", "score")
    _refuse_rows(
        (scores < 0) | (scores > 1),
        values,
        column,
        "scores must lie in [0, 1]",
        "do not",
        fix="pass calibrated probabilities (e.g. predict_proba[:, 1]), not logits or ranks",
    )
    return scores


def as_weights(values, n: int, against: str = "y_pred") -> np.ndarray:
    column = _label(values, "sample_weight")
    check_length(values, n, "sample_weight", against)
    values = quiet_snan(values)
    if (typed := typed_numbers_error(values, column, "sample_weight")) is not None:
        raise typed
    # a float32 weight of 0.7 is the 0.7 it prints as, the weight a CSV copy gives the row
    values = printed_floats(values)
    w = _floats(values, column, "weights must be numbers", "pass a numeric weight column")

    def error(problem: str, fix: str, value=None) -> EthicLensInputError:
        return EthicLensInputError(problem, column=column, value=value, fix=fix)

    if w.ndim != 1:
        raise error(f"must be one-dimensional (shape {w.shape})", "pass one weight per row")
    _refuse_rows(
        ~np.isfinite(w) | (w < 0),
        values,
        column,
        "weights must be finite and >= 0",
        "are not",
        fix="drop those rows or give them a valid weight",
    )
    if n and w.max() <= 0:  # not w.sum(): weights of 1e308 overflow it (numpy warns)
        raise error(
            "every weight is 0; nothing would be audited",
            "pass positive weights for the rows to audit (or no weights)",
        )
    if n and not MIN_WEIGHT_SCALE <= w.max() <= MAX_WEIGHT:
        big = w.max() > MAX_WEIGHT
        raise error(
            f"the largest weight is {w.max():.3g}: too {'large' if big else 'small'} to square "
            "and sum without "
            f"{'overflow' if big else 'underflow'} (effective sample sizes need w²)",
            f"{'divide' if big else 'multiply'} every weight by one constant (e.g. "
            f"{'divide by' if big else 'multiply by 1 /'} the largest); weighted rates do "
            "not change",
            float(w.max()),
        )
    return w


def refuse_underflowing_weights(weights, attrs: dict, cells: np.ndarray, values) -> None:
    """Refuse weights so small that every square in a cell of a group underflows to 0 (1e-170
    beside weights of 1): Σw > 0 but Σw² = 0 is an effective size of 0 (the z-test divided by
    it), refused in the words a counts table's cell is (``_engine._check_totals``). ``cells``:
    each row's cell (:func:`cell_index`); ``values``: the weights as given, for their name."""
    if not ((weights > 0) & (weights * weights == 0)).any():  # the usual case: nothing to do
        return
    n_cells = int(cells.max()) + 1
    for name, (groups, codes) in attrs.items():
        flat = np.where(codes >= 0, codes.astype(np.int64) * n_cells + cells, -1)
        kept = flat >= 0
        size = len(groups) * n_cells
        sums = np.bincount(flat[kept], weights=weights[kept], minlength=size)
        squares = np.bincount(flat[kept], weights=weights[kept] ** 2, minlength=size)
        bad = np.flatnonzero((sums > 0) & (squares == 0))
        if bad.size:
            row = _first_bad(np.isin(flat, bad) & (weights > 0))
            raise EthicLensInputError(
                "weights so small that their squares underflow to 0 (effective sample sizes "
                f"need them): every weight in a cell of {name}:{groups[codes[row]]}"
                + first_row(row),
                column=_label(values, "sample_weight"),
                value=float(weights[row]),
                fix="multiply every weight by one constant; weighted rates do not change",
            )


# Weights are scale-free; beyond these the Kish effective size (Σw)²/Σw² over- or underflows.
MAX_WEIGHT = 1e150
MIN_WEIGHT_SCALE = 1e-150


def _to_frame(sf) -> pd.DataFrame:
    """``sf`` as a frame; a group label holding a lone surrogate (text no file can hold, e.g.
    a name decoded with ``surrogateescape``) refused naming it, not pandas' UnicodeEncodeError."""
    try:
        return _as_frame(sf)
    except UnicodeEncodeError as exc:
        raise _surrogate_error("sensitive_features", exc.object) from None


def _refuse_surrogates(labels: list, column) -> None:
    """Refuse a group label holding a lone surrogate: no report, JSON file or page can be
    written with it (UTF-8 has no such character)."""
    for label in labels:
        if not label.isascii():
            try:
                label.encode("utf-8")
            except UnicodeEncodeError:
                raise _surrogate_error(column, label) from None


def _surrogate_error(column, value) -> EthicLensInputError:
    return EthicLensInputError(
        "a group label is not valid Unicode text (it holds a lone surrogate)",
        column=column,
        value=value,
        fix="decode the labels as text (e.g. bytes.decode('utf-8', 'replace'))",
    )


# Python's own scalars, told apart by type alone: np.ndim of each of a million labels in a
# list took a second, most of a 2,000-group audit's time
_PLAIN_SCALARS = frozenset({str, int, float, bool, bytes, type(None)})


def _array_like(value) -> bool:
    """Whether a list's item is an array (a list, a Series): ``np.ndim(value) > 0``, with
    Python's plain scalars answered without numpy."""
    return type(value) not in _PLAIN_SCALARS and np.ndim(value) > 0


def _as_frame(sf) -> pd.DataFrame:
    def error(problem: str, value=None, fix=_ANY_FRAME) -> EthicLensInputError:
        return EthicLensInputError(problem, column="sensitive_features", value=value, fix=fix)

    if sf is None or isinstance(sf, (*TEXT_LIKE, int, float)) or np.isscalar(sf):
        raise error("needs one group label per row", sf)
    if isinstance(sf, pd.Series):
        return sf.to_frame(name=sf.name if sf.name is not None else "sensitive_feature_0")
    if isinstance(sf, pd.DataFrame):
        return sf
    if isinstance(sf, pd.Categorical):
        return _to_frame(pd.Series(sf))
    _refuse_unordered(sf)
    _refuse_masked(sf, "sensitive_features")
    if isinstance(sf, list | tuple) and any(_array_like(v) for v in sf):
        # one array per attribute, or one row per person? numpy would read it as rows
        raise error(
            "is a list of arrays, which may be one column per attribute or one row per person",
            fix="pass a dict of columns ({'race': race, 'sex': sex}) or a DataFrame",
        )
    if isinstance(sf, dict):
        sf = {huge_ints_written(k): v for k, v in sf.items()}  # {10**5000: col}: a name
        for key, values in sf.items():  # each value is one attribute's column
            role = f"sensitive_features[{key!r}]"
            check_one_dimensional(values, role, "give one group value per row")
        columns = {k: _column_values(v) for k, v in sf.items()}
        _refuse_unequal_columns(columns)
        return pd.DataFrame(columns)
    arr = _groups_kept(sf)
    if arr.dtype.names and arr.ndim == 1:  # a record array: one attribute per field, named
        return pd.DataFrame(arr)
    if arr.ndim == 1:
        arr = arr[:, None]
    if arr.ndim != 2:
        raise error(
            f"must be one or two-dimensional (one row per prediction, one column per "
            f"attribute); it has shape {arr.shape}"
        )
    # an Arrow table or a Polars DataFrame (read through __array__) keeps its column names
    named = getattr(sf, "column_names", None) or getattr(sf, "columns", None)
    if not isinstance(named, list | tuple) or len(named) != arr.shape[1]:
        named = [f"sensitive_feature_{i}" for i in range(arr.shape[1])]
    return pd.DataFrame(arr, columns=list(named))


def _keyed_by_rows(values: Mapping) -> bool:
    """A dict of sensitive features whose every value is one label (``dict(enumerate(g))``,
    ``{'r0': 'a', ...}``), not a column: keyed by rows, as a dict given as y_true is. One key
    is a column given as one label (``{'g': 'a'}``): refused as that column."""
    return len(values) > 1 and all(
        v is None or v is pd.NA or isinstance(v, (str, bytes, numbers_abc.Number, np.generic))
        for v in values.values()
    )


def _refuse_unordered(values, role: str = "sensitive_features") -> None:
    """A set has no row order, and a generator or iterator no length to check: neither can
    be paired with the predictions row by row."""
    if isinstance(values, Mapping) and (role != "sensitive_features" or _keyed_by_rows(values)):
        # a dict of one value per key ({0: 1, 1: 0}): its keys are no rows of their own
        columns = " or a dict of columns ({'sex': [...]})" if role == "sensitive_features" else ""
        raise EthicLensInputError(
            f"is a {type(values).__name__} ({len(values)} keys), not one value per row",
            column=role,
            kind="argument",
            value=values,
            fix="pass its values in row order: a list, an array or a Series "
            f"(e.g. list(d.values()) or pd.Series(d)){columns}",
        )
    if isinstance(values, (set, frozenset)) or not hasattr(values, "__len__"):
        name = type(values).__name__
        name = f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
        raise EthicLensInputError(
            f"is {name}, which has no row order (or length) to pair it row by row with the "
            "other inputs",
            column=role,
            kind="argument",
            fix="pass a list, an array, a Series"
            + (", a DataFrame or a dict of columns" if role == "sensitive_features" else ""),
        )


def _refuse_unequal_columns(columns: dict) -> None:
    lengths = {k: len(v) if np.ndim(v) else 1 for k, v in columns.items()}
    if len(set(lengths.values())) > 1:
        shown = ", ".join(f"{k!r}: {n}" for k, n in lengths.items())
        raise EthicLensInputError(
            f"the dict's columns have different lengths ({shown})",
            column="sensitive_features",
            fix="give every attribute one value per row",
        )


def _column_values(values):
    """One column of a dict, its index dropped (align_inputs has paired it) and its dtype kept:
    a category with no rows is then refused as it is in a Series."""
    if isinstance(values, pd.Series):
        return values.array
    return values if isinstance(values, pd.api.extensions.ExtensionArray) else _groups_kept(values)


def _groups_kept(values) -> np.ndarray:
    """:func:`_text_kept` of a group column, where a list that numpy made text although not
    all of it is text (or not all bytes) is kept as given (object), as a Series keeps it:
    numpy's text of [nan, 'a'] is 'nan' (a group, where a missing value is refused), of
    [1, '1'] one group '1' (refused: they print the same), of [1, 1.0] and [-0.0, 0.0] two
    groups (one in a Series)."""
    arr = _text_kept(values)
    if arr.dtype.kind not in "US" or not isinstance(values, list | tuple):
        return arr
    if _all_of(values, "" if arr.dtype.kind == "U" else b""):
        return arr
    kept = np.asarray(values, dtype=object)
    return kept if kept.shape == arr.shape else arr


def _all_of(values, empty) -> bool:
    """Whether every item of the list ``values`` is text (``empty`` is '') or bytes (b''):
    one join, which refuses anything else."""
    try:
        empty.join(values)
    except TypeError:
        return False
    return True


def _text_kept(values) -> np.ndarray:
    """``np.asarray(values)``, where a list's text or bytes holding NUL is kept as given
    (object), as a Series keeps it: numpy's fixed-width text and bytes drop trailing NULs
    ('A\\x00' or b'A\\x00' read as 'A', merged into group A unseen; '\\x00' as the empty name
    ''; a label 'yes\\x00' counted as pos_label 'yes')."""
    arr = np.asarray(values)
    if arr.dtype.kind not in "US" or isinstance(values, np.ndarray) or not _nul_in(values):
        return arr
    kept = np.asarray(values, dtype=object)
    return kept if kept.shape == arr.shape else arr


def _nul_in(values) -> bool:
    """Whether some text or bytes in the list ``values`` holds a NUL (one join when all are
    text, or all bytes: a million labels in 10 ms)."""
    for empty, nul in (("", "\x00"), (b"", b"\x00")):
        try:
            return nul in empty.join(values)
        except TypeError:  # numbers among them, nested lists: looked at one by one
            continue
    flat = np.asarray(values, dtype=object).ravel()
    return any(
        (isinstance(v, str) and "\x00" in v) or (isinstance(v, bytes) and b"\x00" in v)
        for v in flat
    )


_ANY_FRAME = "pass a Series, a DataFrame (one column per attribute) or a dict of columns"


def encode_groups(
    sensitive_features,
    n: int,
    against: str = "y_pred",
    keep_continuous: bool = False,
    *,
    look_alike: bool = True,
) -> dict[str, tuple[list[str], np.ndarray]]:
    """Each protected attribute as (sorted group labels, integer code per row).

    The audit's one check of group values, for every face that takes them (PCER, probes,
    P2NIA): missing values, lists, bytes that are not text, blank or over-long names and
    distinct values that print alike (' a' and 'a', 1 and '1', composed and decomposed
    accents) are refused. ``keep_continuous``: a numeric attribute with more than
    ``MAX_NUMERIC_GROUPS`` values is kept (for a caller that names the groups it uses).
    ``look_alike=False``: names that read alike ('F' and 'F ') are left to the caller, who
    refuses them after the user's group edits (:func:`refuse_look_alike_groups`): a merge or
    exclusion naming the spellings resolves them.

    Hash-based factorising of the raw values, then string labels for the few distinct groups
    only: a million rows cost milliseconds, not a million string conversions.
    """
    _refuse_masked(sensitive_features, "sensitive_features")
    plain = _plain_string_columns(sensitive_features, n)
    if plain is not None:
        for name in plain:
            refuse_blank_attribute(name)
        return {
            name: _encode_column(name, col, look_alike=look_alike) for name, col in plain.items()
        }
    _refuse_one_row(sensitive_features, n)
    frame = _to_frame(sensitive_features)
    twice = named_twice(frame.columns)  # 0 and "0" print alike, and two forms of 'café'
    if twice and twice[0] == twice[1]:
        raise EthicLensInputError(
            "protected attribute named twice",
            column=twice[1],
            fix="give each protected attribute once (rename duplicated columns)",
        )
    if twice:
        raise EthicLensInputError(
            f"has two columns named {twice[1]!r}{unicode_forms(*twice)}",
            column="sensitive_features",
            kind="argument",
            fix="rename the columns so each name is unique",
        )
    if frame.shape[1] == 0:
        raise EthicLensInputError(
            "no protected attribute given",
            column="sensitive_features",
            fix="pass at least one column of group memberships",
        )
    out = {}
    for raw_name in frame.columns:
        name, col = str(raw_name), frame[raw_name]
        refuse_blank_attribute(name)
        check_length(col, n, name, against)
        out[name] = _encode_column(name, col, keep_continuous, look_alike=look_alike)
    return out


def refuse_blank_attribute(name: str, role: str = "sensitive_features", fix=None) -> None:
    """An attribute named '' or only blanks or invisible characters (' ', a zero-width space)
    refused, as the spec and --protected refuse it: every report would head its groups with
    a name that prints as nothing; and one holding a URL with its password, as every file
    engine refuses it (the JSON report names the attribute). ``role``: the argument that
    named it."""
    refuse_password_names([name])
    if prints_blank(name):
        raise EthicLensInputError(
            "an attribute's name must not be empty" + (" (it prints as nothing)" if name else ""),
            column=role,
            value=name,
            kind="argument",
            fix=fix or empty_fix(role),
        )


_LABELS = items_kind(
    "a list of group labels", "e.g. ['a', 'b']", item=is_text, item_words="text labels"
)
_COMBOS = items_kind(
    "a list of crossings (each a list of column names)",
    "e.g. [['race', 'sex']]",
    item=is_names,
    item_words="lists of column names",
)


@argument_kinds(
    ours=_LABELS,
    theirs=_LABELS,
    column=name_kind("one column name", "name the column, e.g. 'race'"),
)
def look_alike_clash(ours, theirs, column: str) -> tuple | None:
    """The first label of ``ours`` that reads as a label of ``theirs`` (two files or a request
    and its data writing one group in other code points: 'café' composed and decomposed, 'a'
    and 'a '), as (our label, theirs, the audit's refusal of the two from ``encode_groups``);
    None when no label of one reads as the other's. The caller says where each came from."""
    seen = {as_seen(label): label for label in theirs}
    for label in ours:
        other = seen.get(as_seen(label))
        if other is None:
            continue
        try:
            encode_groups({column: np.array([label, other], dtype=object)}, 2)
        except EthicLensInputError as exc:
            return label, other, exc
    return None


def _refuse_one_row(sf, n: int) -> None:
    """A 2-D array of one row of ``n`` values (``np.matrix(groups)``, a transposed column) is
    read as one person with ``n`` attributes: refused by its shape, not as a length mismatch."""
    if isinstance(sf, (pd.DataFrame, dict)) or _ndim(sf) != 2 or n == 1:
        return
    shape = tuple(np.shape(sf))
    if shape[0] == 1 and shape[1] == n:
        what = "a numpy matrix, " if isinstance(sf, np.matrix) else ""
        raise EthicLensInputError(
            f"is one row of {n} values ({what}shape {shape}), not one row per prediction",
            column="sensitive_features",
            fix="for one attribute pass a 1-D array, e.g. np.asarray(sensitive_features).ravel(); "
            "for several, one column per attribute (a DataFrame or a dict of columns)",
        )


def named_twice(names) -> tuple[str, str] | None:
    """The first two of ``names`` that print alike (as text: 0 and '0'; two Unicode forms of
    one name, ``café`` with one accented letter or an 'e' and a combining accent), else None."""
    seen: dict[str, str] = {}
    for name in map(str, names):
        key = unicodedata.normalize("NFC", name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def unicode_forms(first: str, second: str) -> str:
    """What tells two names that print alike apart, as a file's header is refused
    (``io._refuse_repeated_names``): '' when they are the same text."""
    return "" if first == second else f" ({ascii(first)} and {ascii(second)}: two Unicode forms)"


def _plain_string_columns(sf, n: int) -> dict | None:
    """The attributes as numpy string arrays when each is one already (a 1-D array, or a dict of
    them, of n rows each): these skip the DataFrame, whose string column converts every row."""
    columns = {"sensitive_feature_0": sf} if isinstance(sf, np.ndarray) else sf
    if not isinstance(columns, dict) or not columns or n == 0:
        return None
    plain = all(
        isinstance(v, np.ndarray)
        and v.ndim == 1
        and v.dtype.kind == "U"
        and v.dtype.itemsize > 0
        and len(v) == n
        for v in columns.values()
    )
    if not plain or named_twice(columns):
        return None  # names printing alike (0 and "0", two forms of 'café') refused there
    return {str(k): v for k, v in columns.items()}


# An odd 64-bit multiplier (the golden ratio's): the fixed-width strings' hash below.
_HASH_MULTIPLIER = 0x9E3779B97F4A7C15


def _factorize_strings(values: np.ndarray):
    """``pd.factorize`` of a numpy string array (codes in order of first appearance, uniques)
    from a hash of each row's fixed-width characters, without a Python string per row (a
    million rows: tens of milliseconds instead of hundreds). Every row is then compared with
    its group's first row, so a hash collision cannot merge groups: it gives None instead."""
    n = len(values)
    word = np.uint64 if values.dtype.itemsize % 8 == 0 else np.uint32
    chars = np.ascontiguousarray(values).view(word).reshape(n, -1)
    width = chars.shape[1]
    # the polynomial sum of chars[:, j] * multiplier**(width - 1 - j), modulo 2**64 (unsigned
    # integer products wrap), as one matrix-vector product
    powers = [pow(_HASH_MULTIPLIER, width - 1 - j, 2**64) for j in range(width)]
    codes, unique_keys = pd.factorize(chars @ np.array(powers, np.uint64))
    first = np.empty(len(unique_keys), np.intp)
    first[codes[::-1]] = np.arange(n - 1, -1, -1)  # the last write of a code is its first row
    if not np.array_equal(chars, np.take(chars[first], codes, axis=0)):
        return None
    return codes, values[first]


@about_data_column
def _encode_column(name: str, col, keep_continuous: bool = False, *, look_alike: bool = True):
    """One attribute's (sorted group labels, code per row), after checking its values."""
    col = quiet_snan(_native_order(col))
    if pd.api.types.is_float_dtype(getattr(col, "dtype", None)):
        col = col + 0.0  # -0.0 and 0.0 are one group, labelled 0.0 on every engine
    if (as_bytes := bytes_like_as_bytes(col)) is not None:  # BLOBs given as bytearrays
        col = as_bytes
    factorized = _factorize_strings(col) if isinstance(col, np.ndarray) else None
    try:
        codes, uniques = factorized or pd.factorize(col, use_na_sentinel=True)
    except Exception:  # a list, Series or slice in a cell; an __eq__ that raises
        _refuse_not_one_value(col, name)
        raise
    if _first_not_one_value(uniques) is not None:  # hashed, but not one value (an __eq__)
        _refuse_not_one_value(col, name)
    refuse_bool_beside_number(col, name, uniques)  # True and 1: one hash, two groups
    numeric = pd.api.types.is_numeric_dtype(col.dtype) and not pd.api.types.is_bool_dtype(col.dtype)
    if numeric and not keep_continuous and len(uniques) > MAX_NUMERIC_GROUPS:
        raise EthicLensInputError(
            f"looks continuous: {len(uniques)} distinct numeric values "
            f"(more than {MAX_NUMERIC_GROUPS} groups)",
            column=name,
            fix=continuous_fix(name, uniques),
        )
    if len(uniques) > MAX_NUMERIC_GROUPS and not keep_continuous and is_time(uniques):
        raise times_error(name, len(uniques))
    fix = "drop those rows or give the missing values an explicit group (e.g. 'Unknown')"
    refuse_missing(codes < 0, name, fix, "group value")
    if pd.api.types.is_float_dtype(getattr(uniques, "dtype", None)):
        # NumPy's scalars print as pandas prints the column (float32 0.1 as '0.1'); the
        # Python floats an Index yields would print '0.10000000149011612'
        uniques = np.asarray(uniques)
    uniques = _unsigned_zeros(decoded_bytes(uniques, name))
    try:
        labels = [str(u) for u in uniques]
    except ValueError:  # a whole number past Python's int-to-text limit: refused by name
        check_labels_print_apart(uniques, name)
        raise
    check_label_lengths(labels, name, codes=codes)
    _refuse_surrogates(labels, name)
    blank = [label for label in labels if prints_blank(label)]
    if blank:
        raise blank_groups_error(blank, name)
    if isinstance(col.dtype, pd.CategoricalDtype):
        categories = _unsigned_zeros(decoded_bytes(col.cat.categories, name))
        empty = [str(c) for c in categories if str(c) not in labels]
        if empty:
            raise groups_without_rows(empty, name)
    check_labels_print_apart(uniques, name)
    if look_alike:
        _refuse_same_letters(labels, name)
    return _sorted_codes(labels, codes)


def _unsigned_zeros(uniques):
    """``uniques`` with a float -0.0 among objects (an object column, a category) as 0.0:
    -0.0 and 0.0 are one group, and the first row would name it ('-0.0' or '0.0' by row
    order); the counts path (``sources.canonical_zero``), Dask and a float column name it
    '0.0'. Every other value kept as it is (numerically equal values stay one group named by
    the first row)."""
    if getattr(getattr(uniques, "dtype", None), "kind", "O") in "biuUSMm":
        return uniques  # floats are looked at: a category's may be -0.0
    values = list(uniques)
    if not has_negative_zero(values):
        return uniques
    return np.array([unsigned_zero(v) for v in values], object)


def _sorted_codes(labels: list[str], codes: np.ndarray):
    """``labels`` sorted, and ``codes`` (indices into ``labels``) renumbered to match. Sorted
    as Python text ('A' before 'A\\x00'), not by np.argsort's fixed-width text, which reads
    the two as one name and left their order to the rows' (pandas and DuckDB disagreed)."""
    order = np.array(sorted(range(len(labels)), key=labels.__getitem__), dtype=np.intp)
    remap = np.empty(len(labels), dtype=np.int64)
    remap[order] = np.arange(len(labels))
    return [labels[i] for i in order], remap[codes]


def groups_without_rows(empty: list, column, unused="unused categories") -> EthicLensInputError:
    """The refusal of groups with no rows: categories no row uses (``unused`` says what to
    drop), or a counts table's groups whose cells all count 0."""
    # a Python caller drops them in pandas; a file's column keeps its categories in the file
    categories = unused == "unused categories"
    how = FaceFix(
        " (pandas: Series.cat.remove_unused_categories(); for a Parquet file, write it again "
        "after that, or store the column as text)",
        " (in a Parquet file: write it again without them, or store the column as text)",
    )
    how = how if categories else FaceFix("", "")
    where = "categories of the column's type that no row has" if categories else "every count 0"
    rest = " or audit data that contains them"
    return EthicLensInputError(
        f"group(s) {names_words(empty)} have no rows ({where})",
        column=column,
        fix=FaceFix(f"drop {unused}{how}{rest}", f"drop {unused}{how.cli}{rest}"),
    )


def blank_groups_error(blank: list[str], column: str) -> EthicLensInputError:
    """Group names that are empty or whitespace only (' ', a tab, a no-break space): no group
    a reader could tell apart; every such spelling named (no row count: on the counts path,
    DuckDB or a database, these rows are cells)."""
    shown = ", ".join(map(ascii, sorted(blank)[:5]))  # escaped: they print as nothing
    if blank == [""]:
        problem = (
            "holds an empty group name '' (a CSV reads an empty field as missing; Parquet, "
            "JSON and databases keep an empty text as a group without a name)"
        )
    else:
        problem = (
            "holds blank group names (empty, or only spaces and characters that print as "
            f"nothing): {shown}"
        )
    return EthicLensInputError(
        problem,
        column=column,
        fix="give those rows an explicit group (e.g. 'Unknown') or drop them",
    )


def _refuse_same_letters(
    labels: list[str], column: str, merge: bool = False, merges: dict | None = None
) -> None:
    """Two groups whose names are the same letters in other Unicode code points ('é' composed,
    or 'e' + a combining accent, as macOS tools write it), that differ only by invisible
    characters (a zero-width space), or only by whitespace around or between words ('A' and
    'A ', 'A B' and 'A  B') read the same: refused, each spelling named by its code points
    (quoted, escaped, for spaces). ``merge``: the face takes group edits, so the fix gives
    the merge of the spellings first (:func:`_merge_fix`; ``merges``: the user's merges of
    ``column``, new name -> its groups, which the fix extends)."""
    seen = {}
    for label in sorted(labels):  # in one order whatever order an engine found them
        nfc = as_seen(label)
        if nfc in seen:
            first, second = (" ".join(f"U+{ord(c):04X}" for c in x) for x in (seen[nfc], label))
            fix = FaceFix(
                "normalise the column to NFC first (pandas: .str.normalize('NFC'))",
                "normalise the column to NFC first: save the file with the group's accented "
                "letters written one way",
            )
            why = "the same letters in other Unicode code points"
            a, b = (unicodedata.normalize("NFC", x) for x in (seen[nfc], label))
            if a != b and a.strip() == b.strip():
                first, second = repr(seen[nfc]), repr(label)
                why = "the same name, one with whitespace around it"
                fix = FaceFix(  # the command line's: the file, not pandas code
                    "strip the whitespace around the group names (pandas: .str.strip()) or "
                    "recode the two spellings to one name",
                    "strip the whitespace around the group names in the file, or recode the "
                    "two spellings to one name",
                )
            elif a != b and a.split() == b.split():  # only the whitespace between words
                first, second = repr(seen[nfc]), repr(label)
                why = "the same words, other whitespace between them: a page shows one space"
                fix = FaceFix(
                    "write one space between words (pandas: .str.split().str.join(' ')) or "
                    "recode the two spellings to one name",
                    "write the group name with one space between its words in the file, or "
                    "recode the two spellings to one name",
                )
            elif a != b:
                why = "the same letters, one with invisible format characters"
                fix = "remove the zero-width and other format characters from the column"
            if merge and a != b and a.split() == b.split():  # a --merge-groups resolves it
                fix = _merge_fix(labels, nfc, column, a.strip() == b.strip(), merges)
            raise EthicLensInputError(
                f"distinct values print the same: {nfc!r} is written both as {first} and "
                f"as {second} ({why})",
                column=column,
                fix=fix,
            )
        seen[nfc] = label


def _merge_fix(labels: list[str], seen: str, column: str, around: bool, merges=None) -> FaceFix:
    """The fix of spellings that read as the group ``seen`` (``'F'``, ``'F '``; ``around``:
    apart by the whitespace around them, else between words): the merge that makes them one
    group, in each face's words (:func:`_merge_words`), named the spelling that is ``seen``
    itself where there is one; or the change to the data. ``merges``: the user's merges of
    ``column`` (new name -> groups): a spelling that is one of them is that merge, extended
    (``F,f:F`` beside a group ``'F '``: ``F,f,"F ":F``), never dropped."""
    spellings = sorted(g for g in labels if as_seen(g) == seen)
    new = seen if seen in spellings else spellings[0]
    merges = {str(k): names_of(v) for k, v in (merges or {}).items()}
    merged = [g for s in spellings for g in merges.pop(s, [s])]
    said, config = _merge_words(column, {**merges, new: merged}, new)
    if around:
        data = "strip the whitespace around the group names", ".str.strip()"
    else:
        data = "write one space between words", ".str.split().str.join(' ')"
    return FaceFix(
        f"{data[0]} (pandas: {data[1]}), or merge the spellings into one group: {said} in Python",
        f"merge the spellings into one group: {config}; or {data[0]} in the file",
    )


def _merge_words(column: str, merges: dict, new: str) -> tuple[str, str]:
    """The merge of ``merges[new]`` into ``new`` as a Python caller and the command line give
    it: ("--merge-groups V on the command line, merge_groups={...}", "--merge-groups V on the
    command line, groups: {merge: ...} in a config file"): a Python caller's and a config
    file's hold each of ``column``'s ``merges`` (the call replaces them all); the flag is the
    one merge's, as it reads it back (``typed_group``). The web's Merge groups field reads the
    flag's text ("--X V on the command line, k=v in Python": ``web._roles._FACES``)."""
    import shlex

    from .._text import typed_group

    typed = ",".join(typed_group(g, in_merge=True) for g in merges[new])
    flag = shlex.quote(f"{column}={typed}:{typed_group(new, in_merge=True)}")
    python = f"merge_groups={{{column!r}: {merges!r}}}"
    each = ", ".join(
        f"{_yaml_name(n)}: [{', '.join(_yaml_name(g) for g in olds)}]" for n, olds in merges.items()
    )
    config = f"groups: {{merge: {{{_yaml_name(column)}: {{{each}}}}}}}"
    line = f"--merge-groups {flag} on the command line"
    return f"{line}, {python}", f"{line}, {config} in a config file"


def _yaml_name(name: str) -> str:
    """``name`` as a config file's YAML flow style reads it back: in JSON's double quotes
    (which YAML reads as JSON writes them) unless it is plain letters, digits and ``_.-``
    and no word YAML reads as a boolean or null."""
    import json
    import re

    plain = re.fullmatch(r"[A-Za-z_][\w.-]*", name) and name.lower() not in _YAML_WORDS
    return name if plain else json.dumps(name, ensure_ascii=False)


_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}


def refuse_look_alike_groups(attrs: dict, merge: bool = True, merges=None) -> None:
    """Refuse an attribute's groups that read alike ('F' and 'F ', 'A B' and 'A  B', two
    Unicode forms of 'é'), as :func:`encode_groups` does, on the groups after the user's edits
    (``attrs``: :func:`apply_group_edits`'s): a merge or exclusion naming the spellings
    resolves them; any left are refused with the merge that would (``merge``: the face takes
    group edits; ``ethiclens counts`` does not; ``merges``: the user's ``merge_groups``,
    which the fix extends rather than drops)."""
    merges = {str(k): v for k, v in (merges or {}).items()}
    for name, (labels, _) in attrs.items():
        _refuse_same_letters(list(labels), str(name), merge, merges.get(str(name)))


@argument_kinds(
    combos=_COMBOS, columns=items_kind("a list of the protected columns", "e.g. ['race', 'sex']")
)
def check_intersection_combos(combos, columns, column: str = "intersections") -> None:
    """Every face's checks of intersections (``column``: how the face names the option): two
    or more of the protected ``columns``, none twice, each crossing once, and a crossed name
    (``race&sex``) that is no protected column's own name, which it would silently replace."""
    seen: dict = {}
    named: dict = {}  # crossed name -> the intersection named so

    def error(problem: str, fix: str) -> EthicLensInputError:
        return EthicLensInputError(problem, column=column, value=combo, fix=fix)

    for combo in combos:
        combo = list(combo)
        unknown = [a for a in combo if a not in columns]
        if len(combo) < 2 or unknown:
            said = f": {unknown[0]!r} is not a protected attribute" if unknown else ""
            problem = f"intersection needs two or more known attributes{said}"
            raise error(problem, f"use names from {names_words(columns)}")
        twice = [a for i, a in enumerate(combo) if a in combo[:i]]
        if twice:
            raise error(
                f"the intersection lists {twice[0]!r} twice (an attribute crossed with itself "
                "is just the attribute)",
                "cross two or more different attributes, e.g. race,sex",
            )
        if frozenset(combo) in seen:
            raise error(
                f"the intersection {combo} is given twice (as {seen[frozenset(combo)]} "
                "before); its groups would be counted twice",
                "give each intersection once",
            )
        seen[frozenset(combo)] = combo
        name = INTERSECTION_SEP.join(combo)
        if name in named:  # ['a&b', 'c'] and ['a', 'b&c']: one result would be lost
            raise error(
                f"the intersections {named[name]} and {combo} would both be named {name!r}: "
                "one would replace the other's groups",
                f"rename the attributes that hold {INTERSECTION_SEP!r} before crossing them",
            )
        named[name] = combo
        if name in columns:
            raise error(
                f"the intersection {combo} would be named {name!r}, the name of a protected "
                "column: the crossing would replace that column's groups",
                f"rename the column {name!r} (or drop it from the protected attributes)",
            )


@argument_kinds(combos=_COMBOS, sep=instance_kind(str, "text or None", "e.g. '&'", optional=True))
def refuse_label_clash(combos, sep: str | None = None, column="intersections") -> None:
    """Refuse two combinations of groups whose crossed labels are alike (``'x&y'`` + ``'z'``
    and ``'x'`` + ``'y&z'``), naming the first such pair in sorted order (the same pair on
    every engine and face); ``sep``: the separator, by default the audit's."""
    sep = INTERSECTION_SEP if sep is None else sep
    seen: dict = {}
    for combo in sorted(map(tuple, combos)):
        label = sep.join(combo)
        if label in seen:
            raise EthicLensInputError(
                f"groups {seen[label]} and {combo} would both be labelled {label!r}",
                column=column,
                fix=f"rename group values that contain {sep!r} before crossing",
            )
        seen[label] = combo


def cross_groups(parts: list[tuple[list[str], np.ndarray]], sep: str):
    """Intersectional groups from several encoded attributes (only combinations present).

    A row excluded from any part (code -1) is excluded from the crossing. Labels are joined
    with ``sep``; when two different combinations would print the same label (``'x&y'`` + ``'z'``
    and ``'x'`` + ``'y&z'``) that is an error rather than two groups under one name.
    """
    excluded = np.zeros(len(parts[0][1]), dtype=bool)
    codes = np.zeros(len(parts[0][1]), dtype=np.int64)
    for labels, c in parts:
        excluded |= c < 0
        codes = codes * len(labels) + np.maximum(c, 0)
    present, inverse = np.unique(codes[~excluded], return_inverse=True)
    labels, combos = [], []
    for value in present:
        names = []
        for part_labels, _ in reversed(parts):
            value, k = divmod(int(value), len(part_labels))
            names.append(part_labels[k])
        combos.append(tuple(reversed(names)))
        labels.append(sep.join(reversed(names)))
    if len(set(labels)) < len(labels):
        refuse_label_clash(combos, sep)
    labels, kept = _sorted_codes(labels, inverse)
    out = np.full(len(codes), -1, dtype=np.int64)
    out[~excluded] = kept
    return labels, out


def apply_group_edits(attrs: dict, exclude_groups, merge_groups):
    """Merge, then exclude, groups of named attributes; returns (attrs, what was done).

    Excluded rows get code -1 (left out of that attribute's comparisons only).
    """
    done = {"exclude_groups": {}, "merge_groups": {}}
    for arg, value in (("merge_groups", merge_groups), ("exclude_groups", exclude_groups)):
        if value is not None and not isinstance(value, dict):
            raise EthicLensInputError(
                "must be a dict keyed by attribute",
                column=arg,
                value=value,
                fix=f"e.g. {arg}={{'race': ...}}",
            )
    attrs = dict(attrs)
    for attr, merges in (merge_groups or {}).items():
        attr = str(attr)
        attrs[attr], done["merge_groups"][attr] = _merged(attrs, attr, merges)
    for attr, groups in (exclude_groups or {}).items():
        attr = str(attr)
        merged = done["merge_groups"].get(attr, {})
        attrs[attr], done["exclude_groups"][attr] = _excluded(attrs, attr, groups, merged)
    return attrs, done


def _merged(attrs, attr, merges):
    """``attr``'s (labels, codes) with the merges applied, and the merges as done."""
    labels, codes = _known_attribute(attrs, attr, "merge_groups")
    error = partial(_edit_error, "merge_groups", attr)
    if not isinstance(merges, dict) or not merges:
        problem = "must map a new group name to the groups it merges"
        raise error(problem, "e.g. {'Other': ['Asian', 'Native American']}", merges)
    target, used, done, named = list(labels), set(), {}, {}
    for new, olds in merges.items():
        olds = names_of(olds)
        new = str(new)
        _check_merge(labels, attr, new, olds, used, merges)
        if (seen := as_seen(new)) in named:  # 1 and '1'; 'X' and 'X '
            problem = f"two merges are named {named[seen]!r} and {new!r}, which read as one group"
            fix = "give each merged group a name of its own (or make them one merge)"
            raise error(problem, fix, new)
        named[seen] = new
        for o in olds:
            target[labels.index(o)] = new
        done[new] = olds
    new_labels = sorted(set(target))
    if len(new_labels) < 2:
        problem = "the merge leaves a single group; nothing to compare"
        raise error(problem, "leave at least two groups")
    remap = np.array([new_labels.index(t) for t in target], dtype=np.int64)
    return (new_labels, remap[codes]), done


def _check_merge(labels, attr, new, olds, used, merges) -> None:
    """One merge: two or more known groups, none merged twice, a new name not taken
    (``merges``: all of ``attr``'s, which a fix repeats)."""
    error = partial(_edit_error, "merge_groups", attr)
    if prints_blank(new):  # as the spec and --merge-groups refuse it (a zero-width space too)
        problem = "a merged group's new name is empty or only spaces"
        raise error(problem, "give the merged group a name that can be read, e.g. Other", new)
    if len(set(olds)) < 2:
        raise error("a merge needs two or more groups", "name at least two groups to merge", olds)
    for o in olds:
        _known_group(labels, o, attr, "merge_groups")
        if o in used:
            raise error(f"group {o!r} is in two merges", "put each group in one merge only")
        used.add(o)
    if len(new) > MAX_LABEL_CHARS:  # a group label like any other: the audit's limit
        raise error(
            f"the merged group's new name has {len(new):,} characters; a group label has at "
            f"most {MAX_LABEL_CHARS}",
            "give the merged group a shorter name",
            new,
        )
    if holds_secret(new):  # a group label like any other (_checks._refuse_secret_labels)
        raise error(
            "the merged group's new name holds a password or a secret key's value, which "
            "EthicLens never writes into a report, counts table or config",
            "give the merged group a plain name, e.g. Other",
            new,
        )
    if new in labels and new not in olds:
        raise error(
            f"new group name {new!r} is an existing group that is not merged",
            f"add {new!r} to the merged groups or choose another name",
        )
    alike = [g for g in labels if g not in olds and g != new and as_seen(g) == as_seen(new)]
    if alike:  # 'A  B' beside a group 'A B': a page shows both as one name
        said = ", ".join(map(repr, alike))  # F,f:F beside 'F ': F,f,"F ":F, named F still
        whole = {str(k): names_of(v) for k, v in merges.items()} | {new: [*olds, *alike]}
        words = _merge_words(str(attr), whole, new)
        add = f"add {said} to the merge and keep the name {new!r}: "
        raise error(
            f"new group name {new!r} reads as the existing group {alike[0]!r} (the same "
            "words, other spaces or invisible characters)",
            FaceFix(f"{add}{words[0]} in Python; or choose another name", add + words[1]),
        )


def _excluded(attrs, attr, groups, merged: dict):
    """``attr``'s (labels, codes) without ``groups`` (their rows coded -1), and what was left
    out. ``merged``: the merges already applied to ``attr`` (new name -> old names)."""
    labels, codes = _known_attribute(attrs, attr, "exclude_groups")
    error = partial(_edit_error, "exclude_groups", attr)
    groups = names_of(groups)
    into = {old: new for new, olds in merged.items() for old in olds}
    for grp in groups:
        if grp in into and grp not in labels:
            problem = f"group {grp!r} was merged into {into[grp]!r}, and exclusions apply after "
            problem += "merges"
            fix = f"exclude {into[grp]!r} instead, or take {grp!r} out of the merge"
            raise error(problem, fix, grp)
        _known_group(labels, grp, attr, "exclude_groups")
    drop = set(groups)
    kept = [lab for lab in labels if lab not in drop]
    if len(kept) < 2:
        problem = "excluding these groups leaves fewer than two; nothing to compare"
        raise error(problem, "exclude fewer groups", sorted(drop))
    remap = np.array([kept.index(lab) if lab in kept else -1 for lab in labels], dtype=np.int64)
    return (kept, np.where(codes >= 0, remap[np.maximum(codes, 0)], -1)), sorted(drop)


def huge_ints_written(value):
    """``value`` (a name, or a dict, list, tuple or set of them, nested) with each whole number
    past Python's int-to-text limit as :func:`errors.plain_text` writes it
    (``'100000000000…000000 (5,001 digits)'``): each check and refusal of a group or attribute
    writes the names it is given with ``str()``, which raises for such a number. Any other
    value as it is (a group named ``1`` still matches the label 1)."""
    if isinstance(value, dict):
        return {huge_ints_written(k): huge_ints_written(v) for k, v in value.items()}
    if type(value) in (list, tuple, set, frozenset):  # a namedtuple or subclass: as it is
        return type(value)(huge_ints_written(v) for v in value)
    if isinstance(value, int) and value.bit_length() > 14_000:  # near the 4,300 digits
        try:
            str(value)
        except ValueError:
            return plain_text(value)
    return value


def names_of(groups) -> list[str]:
    """The groups one merge or exclusion names (or the columns ``protected`` names), as text:
    one name, or a list, tuple, set (in sorted order: the report names them alike on every
    run), array, Series, Index or pyarrow array of them (``df['race'].unique()[2:]``,
    ``table.columns[:2]``; was read as one name, its repr, or a ValueError)."""
    if isinstance(groups, (set, frozenset)):  # 10**5000 as errors.plain_text writes it
        return sorted(map(plain_text, groups))
    if isinstance(groups, BYTES_LIKE):  # one name, as bytes is: never its byte values
        return [plain_text(bytes(groups))]
    if isinstance(groups, (str, dict)) or not isinstance(groups, Iterable):
        return [plain_text(groups)]
    if isinstance(groups, np.ndarray) and groups.ndim == 0:
        return [plain_text(groups.item())]
    if hasattr(groups, "to_pylist"):  # a pyarrow array
        groups = groups.to_pylist()
    items = groups.tolist() if hasattr(groups, "tolist") else groups
    return [plain_text(bytes(g) if isinstance(g, BYTES_LIKE) else g) for g in items]


def _edit_error(arg: str, attr, problem: str, fix: str, value=None) -> EthicLensInputError:
    """The refusal of ``arg`` (merge_groups or exclude_groups) for the attribute ``attr``."""
    return EthicLensInputError(problem, column=f"{arg}[{attr!r}]", value=value, fix=fix)


def check_group_edits(
    sensitive_features,
    exclude_groups=None,
    merge_groups=None,
    *,
    merge_fix: bool = True,
    look_alike: bool = True,
) -> None:
    """Check exclusions and merges against the groups, before any costly work (the same
    checks, and messages, as ``audit``): names that read alike are refused after the edits,
    with the merge that makes them one group (``merge_fix=False``: a face with no group
    edits, the data's change only; ``look_alike=False``: left to the caller, who checks the
    edited groups later, :func:`refuse_look_alike_groups`)."""
    n = len(sensitive_features)
    attrs = encode_groups(sensitive_features, n, look_alike=False)
    edited = apply_group_edits(attrs, exclude_groups, merge_groups)[0]
    if look_alike:
        refuse_look_alike_groups(edited, merge_fix, merge_groups)


def check_reference_kept(reference, edits: dict, columns: list) -> None:
    """Refuse a reference group that an exclusion took away (which group would the caller
    want instead?), naming the fix; one a merge took in is followed to the merged group
    (:func:`followed_references`), as a file's audit follows it. ``edits``: what
    ``apply_group_edits`` did; ``reference`` a group, or a dict per attribute."""
    if isinstance(reference, dict):
        refs = {str(attr): ref for attr, ref in reference.items()}
    else:
        refs = {columns[0]: reference} if reference is not None and len(columns) == 1 else {}
    for attr, ref in refs.items():
        if str(ref) in edits["exclude_groups"].get(attr, []):
            problem = f"the reference group {str(ref)!r} of {attr} is excluded"
            fix = f"keep it, or choose another reference: reference={{{attr!r}: GROUP}}"
            raise EthicLensInputError(
                problem, column="reference", kind="argument", value=ref, fix=fix
            )


def followed_references(refs: dict, edits: dict | None) -> dict:
    """Attribute -> reference with a group a merge took in named as the merged group
    (reference A, merge A,B:AB: AB), as ``--protected g=A --merge-groups g=A,B:AB`` reads."""
    merges = (edits or {}).get("merge_groups") or {}
    out = {}
    for attr, ref in refs.items():
        into = {str(o): new for new, olds in merges.get(attr, {}).items() for o in olds}
        out[attr] = into.get(str(ref), ref)
    return out


def _known_attribute(attrs, attr, arg):
    if attr not in attrs:
        raise EthicLensInputError(
            shortened_quotes(f"unknown attribute {attr!r}"), column=arg, fix=use_one_of(attr, attrs)
        )
    return attrs[attr]


def _known_group(labels, group, attr, arg):
    if group not in labels:
        fix = use_one_of(group, labels)
        comma = next((str(label) for label in labels if "," in str(label)), None)
        if comma:  # typed unquoted, its comma split it into two names
            fix += f'; a name holding a comma goes in double quotes: "{comma}"'
        # a group of 2,000 characters (a long whole number) is cut as every value shown is
        problem = shortened_quotes(f"attribute {attr!r} has no group {group!r}")
        raise EthicLensInputError(problem, column=arg, fix=fix)


# Memory the interval draws of one attribute may take (draws x groups x cells x 8 bytes, plus
# one array per metric): refuse beyond this rather than start a swap storm.
MAX_DRAW_BYTES = 4 * 2**30


# The draws a refusal tries before it blames the groups rather than the draws (the default)
USUAL_DRAWS = 2000


def check_draw_memory(n_boot: int, attrs: dict, cells_per_group: int) -> None:
    """Refuse draws that would not fit in memory (``n_boot`` already checked by
    ``_checks.check_draws``: the one range every command shares). ``attrs``: name -> (groups,
    codes); the attribute with the most groups sets the need. When even the usual draws would
    not fit, its groups are the cause (an ID column ticked as protected): the refusal names it
    and its group count, whatever the draws."""
    name, (groups, _) = max(attrs.items(), key=lambda item: len(item[1][0]))

    def need(draws: int) -> int:
        return int(draws) * max(len(groups) * cells_per_group, 1) * 8 * 8

    if need(n_boot) <= MAX_DRAW_BYTES:
        return
    if need(min(int(n_boot), USUAL_DRAWS)) > MAX_DRAW_BYTES:
        raise EthicLensInputError(
            f"has {len(groups):,} groups: their interval draws would need about "
            f"{need(n_boot) / 2**30:.1f} GiB (limit {MAX_DRAW_BYTES / 2**30:.0f} GiB)",
            column=str(name),
            fix="bin or merge its groups into a few (an ID-like column is not a protected "
            "attribute), or use fewer draws (n_boot)",
        )
    raise EthicLensInputError(
        f"would need about {need(n_boot) / 2**30:.1f} GiB for the interval draws "
        f"(limit {MAX_DRAW_BYTES / 2**30:.0f} GiB)",
        column="n_boot",
        value=n_boot,
        fix="use fewer draws (2000 is plenty for a 95% interval)",
    )


def resolve_reference(name: str, groups: list[str], counts: np.ndarray, requested, weights=None):
    """Index of the reference group and how it was chosen. By default the largest group by
    rows among those with weight (``weights``: each group's weight total, None unweighted): a
    group weighted all 0 compared with would leave every comparison undefined."""
    if requested is None:
        if weights is not None and (np.asarray(weights) > 0).any():
            counts = np.where(np.asarray(weights) > 0, counts, -1)
        return int(np.argmax(counts)), "largest group (default)"
    problem, fix = "unknown reference group", None
    if INTERSECTION_SEP in str(name) and str(requested) not in groups:
        # an intersection's reference defaults to the crossing of its attributes' references,
        # which may have no rows (h&f when no row is both): say so, and how to name another
        problem += " (an intersection's reference is its attributes' references crossed)"
        fix = (
            "choose references whose crossing has rows, or name one for the intersection "
            f"(Python: reference={{{str(name)!r}: GROUP}}), GROUP one of {names_words(groups)}"
        )
    if str(requested) not in groups:  # refused, the value as given (1, not the text '1')
        check_member(requested, groups, column=name, problem=problem, fix=fix)
    key = check_member(str(requested), groups, column=name, problem=problem, fix=fix)
    return groups.index(key), "given"


INTERSECTION_SEP = "&"  # joins the groups of an intersection: 'Black&Female'


def check_distinct_keys(attrs: dict) -> None:
    """Refuse two (attribute, group) pairs that print the same comparison key ``attr:group``
    (attribute ``g`` with group ``a:x`` beside attribute ``g:a`` with group ``x``): a headline
    or a baseline naming ``g:a:x`` would not say which one it means."""
    seen = {}
    for name, (groups, _) in attrs.items():
        if ":" not in str(name) and not any(":" in str(g) for g in groups):
            continue  # no colon, no clash: the common case, at any number of groups
        for group in groups:
            key = f"{name}:{group}"
            if key in seen:
                raise EthicLensInputError(
                    f"attribute {seen[key][0]!r} group {seen[key][1]!r} and attribute "
                    f"{name!r} group {group!r} would both be named {key!r} in comparisons, "
                    "headlines and baselines",
                    column=str(name),
                    fix="rename the attribute (or the group values) so no name holds ':' "
                    "where it makes them clash",
                )
            seen[key] = (name, group)


def encode_edited(sensitive_features, n: int, opts, against: str = "y_pred"):
    """Groups of each attribute (and intersection), after merges and exclusions: ``opts`` (an
    ``AuditOptions``) gives ``exclude_groups``, ``merge_groups`` and ``intersections``;
    ``against`` names the input that set the row count ``n``."""
    if getattr(opts, "bins", None) is not None:
        sensitive_features = _binned(sensitive_features, opts.bins)
    attrs = encode_groups(sensitive_features, n, against, look_alike=False)
    attrs, edits = apply_group_edits(attrs, opts.exclude_groups, opts.merge_groups)
    refuse_look_alike_groups(attrs, merges=opts.merge_groups)  # after the edits: a merge of
    # the spellings resolves them; the fix extends the user's own merges
    check_reference_kept(getattr(opts, "reference", None), edits, list(attrs))
    check_intersection_combos(opts.intersections or [], list(attrs))
    for combo in opts.intersections or []:
        attrs[INTERSECTION_SEP.join(combo)] = cross_groups(
            [attrs[a] for a in combo], INTERSECTION_SEP
        )
    return attrs, edits


def _binned(sensitive_features, bins) -> pd.DataFrame:
    """The attributes with each one ``bins`` names (attribute -> edges) in its bands, as a
    file's audit bins them (:func:`bin_attribute`); a missing value stays missing, refused
    then as every missing group value is."""
    check_bins_argument(bins)
    frame = _to_frame(sensitive_features).copy()
    names = {str(c): c for c in frame.columns}
    add = "add {attr!r} to sensitive_features"
    # a column named 2 is binned by bins={2: ...}, as reference={2: ...} names it
    bins = {str(k) if str(k) in names else k: v for k, v in bins.items()}
    try:
        edges = check_bins(bins, list(names), column="bins", add=add)
    except EthicLensInputError as exc:  # the keyword, not a column called 'bins'
        raise exc.renamed({}, "argument") from None
    for attr, attr_edges in edges.items():
        col = names[attr]
        frame[col] = bin_attribute(frame[col], attr_edges, attr, keep_missing=True).to_numpy()
    return frame
