"""Binning a numeric protected attribute into groups (ages into age bands).

A continuous column is refused as an attribute (each value would be a group); binning it is
the fix. Bins are ``[e0, e1), [e1, e2), …, [e_k-1, e_k]``: closed on the left, the last one
closed on both sides, so edges 0,25,45,65,120 cover 0 to 120 inclusive. A value outside the
edges is an error, never clipped into the nearest bin.
"""

from __future__ import annotations

import decimal
import functools
import math
from contextlib import contextmanager

import numpy as np
import pandas as pd

from .._checks import (
    LongInteger,
    check_argument_type,
    check_member,
    exact_whole,
    is_number_text,
    names_words,
    split_list,
    underflow_words,
    underflows,
)
from .._text import distinct_numbers, formatted_number_fix, number_text, printed_floats
from ..errors import SHOWN_DIGITS, EthicLensInputError, FaceFix, shown_int
from ._keywords import refusing_unknown_keywords
from ._kinds import argument_kinds, items_kind, name_kind

_EDGES = "e.g. 0,25,45,65,120"

# A float attribute with more distinct values than this is almost surely continuous (an age or an
# income), not a set of groups: auditing thousands of one-row groups helps no one.
MAX_NUMERIC_GROUPS = 50


def quiet_snan(values):
    """``values`` with each signalling decimal NaN (``Decimal('sNaN')``, which a SQL NUMERIC
    column can hand over; pandas' isna raises InvalidOperation on it) made the quiet
    ``Decimal('NaN')`` it stands for, so it is refused (or kept) as that missing value is.
    ``values`` itself when it holds none; a numeric column is not scanned."""
    dtype = getattr(values, "dtype", None)
    if isinstance(values, pd.DataFrame) or not (dtype is None or dtype == np.dtype(object)):
        return values
    try:
        pd.isna(values)
    except decimal.InvalidOperation:

        def quiet(v):
            return decimal.Decimal("NaN") if isinstance(v, decimal.Decimal) and v.is_snan() else v

        if isinstance(values, pd.Series):
            return values.map(quiet)
        arr = np.asarray(values, dtype=object)
        return np.array([quiet(v) for v in arr.ravel()], dtype=object).reshape(arr.shape)
    except Exception:  # noqa: BLE001 - odd input: the checks that follow refuse it
        pass
    return values


def is_time(values) -> bool:
    """A date, time or duration column: as continuous as numbers, but not binned by edges. Python
    dates (a Parquet date column read by pandas or DuckDB; Dask reads it as datetime64) too, and
    pandas Periods (a month, a quarter), which are dates by another name."""
    dtype = getattr(values, "dtype", None)
    if pd.api.types.is_datetime64_any_dtype(dtype) or pd.api.types.is_timedelta64_dtype(dtype):
        return True
    if isinstance(dtype, pd.PeriodDtype):
        return True
    kinds = ("date", "datetime", "time", "timedelta", "period")
    return (
        pd.api.types.is_object_dtype(dtype)
        and pd.api.types.infer_dtype(values, skipna=True) in kinds
    )


AGE_EDGES = [0, 25, 45, 65, 120]


def example_edges(values) -> list:
    """Bin edges to show in a refusal's fix that cover ``values`` (finite numbers): the age
    bands when they do (0..120), else four round steps from the smallest to the largest (an
    occupation code 10..9920: 0, 2500, 5000, 7500, 10000), so that the example given is never
    one the bins' own check refuses as leaving values outside."""
    x = np.asarray(values, dtype=float)
    x = x[np.isfinite(x)]
    if not len(x):
        return AGE_EDGES
    lo, hi = float(x.min()), float(x.max())
    if lo >= 0 and hi <= AGE_EDGES[-1]:
        return AGE_EDGES
    step = (hi / 4 - lo / 4) or 1.0
    mag = 10.0 ** math.floor(math.log10(step))
    step = math.ceil(step / mag) * mag
    start = math.floor(lo / mag) * mag
    edges = [start + i * step for i in range(5)]
    edges[-1] = max(edges[-1], math.ceil(hi))
    whole = all(float(e).is_integer() for e in edges) and max(map(abs, edges)) < 2**53
    return [int(e) for e in edges] if whole else [float(number_text(e)) for e in edges]


def continuous_fix(column: str, values) -> FaceFix:
    """The fix of numbers taken as groups that look continuous: bin them (with edges that
    cover ``values``), or, when they are group codes (an occupation, a county), make them text:
    in pandas, as strings; in a file, as text that is not a number, since every engine reads a
    CSV field of digits as a number, quoted or not (Parquet: a string column)."""
    edges = example_edges(values)
    flag = f"--bins {column}={','.join(map(str, edges))}"
    bins = "{" + f"{column!r}: [{', '.join(map(str, edges))}]" + "}"
    python = (
        f"bin it into a few groups first ({flag} on the command line, bins={bins} in "
        "Python); if the numbers really are group codes, convert the column to strings "
        f"(pandas: df[{column!r}] = df[{column!r}].astype(str))"
    )
    cli = (
        f"bin it into a few groups first ({flag}); if the numbers really are group codes, "
        "write them in the file as text that is not a number (e.g. 'code 2850'; a CSV field "
        "of digits is read as a number, quoted or not), or save the file as Parquet with "
        "the column as strings"
    )
    return FaceFix(python, cli)


def times_error(column: str, n_distinct: int) -> EthicLensInputError:
    """The refusal of dates or times as groups past :data:`MAX_NUMERIC_GROUPS` values (as
    continuous), or as values to bin (one text for the audit's groups and every engine's bins)."""
    problem, then = "holds dates or times; only numbers can be binned", ", then audit it unbinned"
    if n_distinct > MAX_NUMERIC_GROUPS:
        then = ""
        problem = f"looks continuous: {n_distinct} distinct dates or times "
        problem += f"(more than {MAX_NUMERIC_GROUPS} groups)"
    fix = FaceFix(
        f"map it to a few periods first (e.g. the year: pandas df[{column!r}].dt.year){then}",
        "map it to a few periods first (e.g. a year/period column written into the file, given "
        f"as --protected){then}",
    )
    return EthicLensInputError(problem, column=column, fix=fix)


@contextmanager
def data_column(column):
    """A refusal naming ``column``, a column of the data, calls it a column, also when it is
    spelled like an argument or an option of the command line (TARGET, STORE, -lab)."""
    try:
        yield
    except EthicLensInputError as exc:
        if exc.column != column or exc.kind == "column":
            raise
        raise exc.renamed({}, "column") from None


def about_data_column(func):
    """``func(name, ...)`` under :func:`data_column` for the column ``name``."""

    @functools.wraps(func)
    def run(name, *args, **kwargs):
        with data_column(name):
            return func(name, *args, **kwargs)

    return run


def check_bin_edges(edges, column: str) -> list[float]:
    """``edges`` as floats: at least two, finite, strictly increasing. Text is read as the
    command line reads ``--bins age=18,40,60``: edges separated by commas (``"18,40,60"``), a
    refusal quoting it as typed."""
    typed = edges if isinstance(edges, str) else None
    if typed is not None:
        edges = split_list(typed, column)
    elif isinstance(edges, (bytes, bytearray, dict, set, frozenset)) or not np.iterable(edges):
        # bytes iterate as character codes, a dict as its keys, a set in no order of its own
        raise EthicLensInputError(
            "bin edges must be a list of numbers", column=column, value=edges, fix=_EDGES
        )
    else:
        # a generator, read once; a float32 column's 0.1 is 0.1, as printed
        edges = list(printed_floats(edges) if getattr(edges, "ndim", 0) == 1 else edges)
    for e in edges:  # "1e-400" is refused as typed, not binned as the edge 0 it reads as
        if isinstance(e, str) and is_number_text(e.strip()) and underflows(e.strip()):
            raise EthicLensInputError(
                underflow_words(e.strip()), column=column, value=typed or edges, fix=_EDGES
            )
    try:
        # Python's float() also reads "1_0" as 10 and "٣" as 3: text is read by every face's
        # rule (spaces beside the commas of "0, 25" are kept out of the number); True is no edge
        if any(_not_a_number(e) for e in edges):
            raise ValueError
        out = [wide_float(e) for e in edges]
        problem = "bin edges must be at least two finite numbers in increasing order"
    except (TypeError, ValueError):
        out, problem = None, "bin edges must be numbers"
    rounded = next(
        ((e, why) for e, f in zip(edges, out or (), strict=False) if (why := _rounded(e, f))), None
    )
    if rounded is not None:  # 2**53 + 1 would bin, and print, as 2**53
        written = getattr(rounded[0], "yaml_text", rounded[0])  # a config file's, as written
        problem = f"bin edge {str(written).strip()} {rounded[1]}"
    if (
        out is None
        or rounded is not None
        or len(out) < 2
        or not all(np.isfinite(out))
        or any(b <= a for a, b in zip(out, out[1:], strict=False))
    ):
        raise EthicLensInputError(problem, column=column, value=typed or edges, fix=_EDGES)
    return out


def _rounded(edge, as_float: float) -> str | None:
    """Why ``as_float`` is not ``edge``: a whole number (an int, or text of digits) past 2**53
    that it rounds, or a decimal (a Decimal, number text) with more digits than it holds
    (24.99999999999999999999 would bin, and print, as 25); None where it is the edge."""
    whole = exact_whole(edge)
    if not math.isfinite(as_float) or (whole is not None and as_float == whole):
        return None
    if whole is not None:
        return "is a whole number no float holds exactly"
    edge = getattr(edge, "yaml_text", edge)  # a config file's float, as the file wrote it
    if isinstance(edge, str) and is_number_text(edge.strip()):
        edge = decimal.Decimal(edge.strip())
    if isinstance(edge, decimal.Decimal) and edge != decimal.Decimal(repr(as_float)):
        return f"has more digits than a float holds (it would be {number_text(as_float)})"
    return None


def _not_a_number(edge) -> bool:
    if isinstance(edge, str):
        return not is_number_text(edge.strip())
    return isinstance(edge, (bool, np.bool_))


def wide_float(v) -> float:
    """``float(v)``; a whole number past float's range (an edge or a weight of 10**400) as an
    infinity of its sign, refused as not finite, not an OverflowError; a float32 (or float16)
    as the decimal it prints as (0.1, as :func:`printed_floats` reads such a column)."""
    if isinstance(v, (np.float32, np.float16)):
        return float(str(np.float32(v)))  # float16 at float32's width, as printed_floats
    try:
        return float(v)
    except OverflowError:
        return math.inf if v > 0 else -math.inf


def check_bins_argument(bins) -> None:
    """A Python ``bins=`` argument refused unless a dict of attribute -> bin edges (audit's
    and bin_counts' words, one place)."""
    check_argument_type(
        bins,
        dict,
        column="bins",
        problem="must be a dict of attribute -> bin edges, not a",
        fix="e.g. bins={'age': [0, 25, 45, 65, 120]}",
    )


def check_bins(
    bins: dict, columns, column: str = "--bins", add: str = "add --protected {attr}"
) -> dict[str, list[float]]:
    """Every attribute of ``bins`` (attribute → edges) is one of the audited ``columns``, and
    its edges pass :func:`check_bin_edges`; returns the edges as floats, in the given order.
    ``add``: how the caller audits another attribute, in its words."""
    out = {}
    for attr, edges in bins.items():
        fix = f"{add.format(attr=attr)}, or bin one of {names_words(sorted(columns))}"
        problem = "bins an attribute that is not audited"
        check_member(attr, columns, column=column, problem=problem, fix=fix)
        out[attr] = check_bin_edges(edges, column)
    return out


def bin_labels(edges: list[float]) -> list[str]:
    """``["[0, 25)", …, "[65, 120]"]``; edges are written exactly, as the shortest text that
    reads back as them (``[1234567, 2345678)``), so labels stay distinct."""
    texts = distinct_numbers(edges)
    labels = [f"[{a}, {b})" for a, b in zip(texts, texts[1:], strict=False)]
    labels[-1] = labels[-1][:-1] + "]"
    return labels


@refusing_unknown_keywords
@argument_kinds(
    values=items_kind(
        "an array of the attribute's values (a list, numpy array or pandas Series)",
        "e.g. pd.Series([23, 41, 67])",
        ordered=True,
    ),
    column=name_kind("one column name", "name the attribute, e.g. 'age'"),
)
def bin_attribute(
    values, edges, column: str = "attribute", *, rows=None, keep_missing: bool = False
) -> pd.Series:
    """The bin label of each value (a string such as ``"[25, 45)"``).

    Parameters
    ----------
    values : array-like of numbers
        The protected attribute, e.g. ages.
    edges : sequence of numbers
        Increasing bin edges; every value must lie within ``[edges[0], edges[-1]]``.
    column : str
        Name used in error messages.
    rows : array-like of int, optional
        Rows each value stands for (a counts table's ``count``), so messages count rows.
    keep_missing : bool
        A missing value stays missing (None) instead of being refused, so that the audit
        refuses it as every engine does: a missing group value, in the audit's order of checks.

    Returns
    -------
    pandas.Series of str
        Indexed like ``values`` when it is a Series.
    """
    with data_column(column):
        edges = check_bin_edges(edges, column)
        if is_time(values):
            raise times_error(column, pd.Series(values).nunique())
        index = values.index if isinstance(values, pd.Series) else None
        values = printed_floats(values)  # a float32 0.7 is binned as the 0.7 it prints as
        raw = pd.Series(np.asarray(quiet_snan(values), dtype=object))
        numeric = _as_numbers(raw)
        bad = numeric.isna() & raw.notna()
        if bad.any():
            # the first in sorted order: an engine that counts where the data lives (DuckDB, a
            # database) hands its values over in no fixed order
            first = min(raw[bad].unique(), key=str)
            raise EthicLensInputError(
                f"holds non-numeric values (first: {first!r}); only numbers can be binned",
                column=column,
                fix=formatted_number_fix(first, "drop --bins for a categorical attribute"),
            )
        missing = numeric.isna().to_numpy()
        if missing.any() and not keep_missing:
            raise EthicLensInputError(
                f"{int(numeric.isna().sum())} missing value(s)",
                column=column,
                fix="drop or fill the rows with a missing value before binning",
            )
        x = numeric.to_numpy(dtype=float)
        exact = _whole_past_floats(raw, x) | _decimals_on_edges(values, raw, x, edges)
        _refuse_outside(x, missing, edges, rows, column, exact)
        idx = np.searchsorted(edges, np.nan_to_num(x), side="right") - 1
        if exact:  # compared as the whole numbers they are (int vs float: exact)
            at, whole = list(exact), np.asarray(list(exact.values()), dtype=object)
            idx[at] = np.searchsorted(_exact_edges(edges), whole, side="right") - 1
        idx = np.minimum(idx, len(edges) - 2)
        labels = np.asarray(bin_labels(edges), dtype=object)[np.maximum(idx, 0)]
        labels[missing] = None
        return pd.Series(labels, index=index, name=column if index is None else values.name)


def _as_numbers(raw: pd.Series) -> pd.Series:
    """``raw`` (objects) as numbers to bin, NaN where a value is none."""
    try:
        numeric = pd.to_numeric(raw, errors="coerce")
    except OverflowError:  # an int past float's range (10**400): an infinity, outside the edges
        huge = raw.map(lambda v: wide_float(v) if isinstance(v, int) else v)
        numeric = pd.to_numeric(huge, errors="coerce")
    long = numeric.isna() & raw.map(_long_whole_text)  # past int()'s 4,300 digits: ±inf
    if long.any():
        numeric = numeric.astype(float).mask(long, raw[long].map(float))
    if pd.api.types.is_complex_dtype(numeric.dtype):  # 1+2j is no number on an axis to bin
        numeric = pd.to_numeric(
            raw.map(lambda v: None if isinstance(v, complex) else v), errors="coerce"
        )
    return numeric


def _long_whole_text(value) -> bool:
    """Whether ``value`` is the text of a whole number with more digits than ``int()`` takes
    (which ``pd.to_numeric`` then reads as no number)."""
    if not isinstance(value, str) or not is_number_text(value.strip(), whole=True):
        return False
    return len(value.strip().lstrip("+-")) > SHOWN_DIGITS and exact_whole(value) is None


def _whole_past_floats(raw: pd.Series, x: np.ndarray) -> dict:
    """{position: value} of the whole numbers in ``raw`` past 2**53 that their float ``x``
    rounds (2**53 + 3 reads as 2**53 + 4), and of the numbers past a float's range (10**5000,
    1e400 and Decimal('1e5000') read as inf): binned, and named in a refusal, by their exact
    value."""
    out = {}
    at = np.flatnonzero(~np.isnan(x) & (np.abs(x) >= 2.0**53))
    for i, given in zip(at.tolist(), raw.to_numpy()[at].tolist(), strict=True):
        v = exact_whole(given)  # an int, or text of digits ("9007199254740995")
        if v is None and _long_whole_text(given):  # shown shortened, as written
            v = LongInteger(given.strip())
        if v is None and np.isinf(x[i]):  # 1e400 or Decimal('1e5000'): the number it is
            v = _overflowed(given)
        if v is not None and v != float(x[i]):  # a Python float: np.float64 would round the int
            out[i] = v
    return out


def _overflowed(given) -> decimal.Decimal | None:
    """The finite number a value past a float's range stands for (number text ``1e400``, a
    ``Decimal('1e5000')``) as a Decimal; None for an infinity itself, or anything else."""
    if isinstance(given, str) and is_number_text(given.strip()):
        given = decimal.Decimal(given.strip())
    if isinstance(given, decimal.Decimal) and given.is_finite():
        return given
    return None


def _decimals_on_edges(values, raw: pd.Series, x: np.ndarray, edges: list[float]) -> dict:
    """{position: Decimal} of the decimals in ``raw`` (a Decimal, as a Parquet or database
    DECIMAL column gives; or number text) that their float ``x`` rounds onto an edge
    (24.99999999999999999999 reads as 25.0, 100.00000000000000000001 as 100.0): binned, and
    checked against the outer edges, by their exact value. Rounding keeps order, so a decimal
    whose float is no edge lies in the float's band. ``values``: the column given (one of
    NumPy numbers holds no decimal, and is not looked at). Each distinct value is read once."""
    if getattr(getattr(values, "dtype", None), "kind", "O") not in "OUS":
        return {}
    at = np.flatnonzero(np.isin(x, edges))
    codes, distinct = pd.factorize(raw.to_numpy()[at])
    exact = [_decimal_off_edge(v) for v in distinct]
    keep = np.asarray([v is not None for v in exact] + [False], dtype=bool)[codes]
    return {i: exact[c] for i, c in zip(at[keep].tolist(), codes[keep].tolist(), strict=True)}


def _decimal_off_edge(given):
    """``given`` as a Decimal where its float (an edge) is not the number it is, else None."""
    if isinstance(given, str) and is_number_text(given.strip()):
        given = decimal.Decimal(given.strip())
    if isinstance(given, decimal.Decimal) and given.is_finite():
        return given if given != _edge_value(float(given)) else None
    return None


def _edge_value(edge: float) -> decimal.Decimal:
    """The number a float bin edge stands for, exactly: its shortest text (0.1, not the float's
    0.1000000000000000055…, as check_bin_edges takes no edge with more digits), or the whole
    number it is (2**60). A decimal value is compared with this, so Decimal('0.1') is in
    [0.1, 0.3) as the float 0.1 is."""
    edge = float(edge)
    return decimal.Decimal(int(edge)) if edge.is_integer() else decimal.Decimal(repr(edge))


def _exact_edges(edges: list[float]) -> np.ndarray:
    """The numbers the edges stand for (:func:`_edge_value`), objects, to compare exactly."""
    return np.asarray([_edge_value(e) for e in edges], dtype=object)


def _range_end(v) -> str:
    """An end of the data range as a refusal shows it: a whole number shortened past
    ``SHOWN_DIGITS`` digits (``shown_int``), a Decimal as it writes itself (``1E+400``; a long
    one to 12 digits), a float as :func:`number_text` writes it."""
    if isinstance(v, int):
        return shown_int(v)
    if isinstance(v, decimal.Decimal):
        return str(v) if len(str(v)) <= SHOWN_DIGITS else f"{v:.12g}"
    return number_text(v)


def _refuse_outside(x: np.ndarray, missing, edges, rows, column: str, exact=None) -> None:
    """Refuse values outside ``[edges[0], edges[-1]]``, counting the rows they stand for;
    ``exact``: the whole numbers a float rounds, compared as they are."""
    outside = ~missing & ((x < edges[0]) | (x > edges[-1]))
    if exact:
        whole = np.asarray(list(exact.values()), dtype=object)
        low, high = _exact_edges(edges)[[0, -1]]
        outside[list(exact)] = (whole < low) | (whole > high)
    if outside.any():
        n_out = outside.sum() if rows is None else np.asarray(rows)[outside].sum()
        # the edges as given, the data range exact: 65.0000001 shows why it is past 65
        low, high = number_text(edges[0]), number_text(edges[-1])
        rest = ~missing  # the floats no exact whole number stands for (2**53 + 3 is not + 4)
        rest[list(exact or ())] = False
        seen = [
            *(exact or {}).values(),
            *(float(f(x[rest])) for f in (np.min, np.max) if rest.any()),
        ]
        least, most = (_range_end(v) for v in (min(seen), max(seen)))
        raise EthicLensInputError(
            f"{int(n_out)} row(s) with values outside the bin edges [{low}, {high}] (data range "
            f"{least} to {most})",
            column=column,
            fix="widen the first or last edge to cover the data",
        )
