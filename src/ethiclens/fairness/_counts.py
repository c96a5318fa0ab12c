"""Per-group confusion counts: the core data structure of the audit engine.

Every metric of the engine except ECE is a function of per-group cell counts, so a group of a
million rows is four numbers. Cells are ``tp, fp, fn, tn`` when labels exist and ``pos, neg``
(predicted positive / negative) when only predictions are given.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .._checks import names_words, plain, use_one_of
from ..errors import EthicLensInputError, with_found
from ..io import _first_not_one_value, _not_one_value_error
from ._kinds import argument_kinds, instance_kind
from ._validate import (
    NUMBERS_FIX,
    PosLabelAbsent,
    as_binary,
    as_binary_columns,
    named_twice,
    unicode_forms,
)

LABELLED_CELLS = ("tp", "fp", "fn", "tn")
UNLABELLED_CELLS = ("pos", "neg")


def cell_index(y_pred: np.ndarray, y_true: np.ndarray | None) -> np.ndarray:
    """Cell of each row: tp=0, fp=1, fn=2, tn=3 with labels; pos=0, neg=1 without."""
    y_pred = np.asarray(y_pred, dtype=np.int8)
    if y_true is None:
        return 1 - y_pred
    return (1 - y_pred) * 2 + (1 - np.asarray(y_true, dtype=np.int8))


# Significant digits of weighted sums: engines (and rows against a counts table) add the same
# weights in different orders, and float addition is not associative; rounded to this many
# digits (enough for any count), one input gives one report on every engine.
SUM_DIGITS = 12


def round_significant(values, digits: int = SUM_DIGITS) -> np.ndarray:
    """``values`` rounded to ``digits`` significant digits (as ``%.{digits}g`` prints them),
    in their shape."""
    array = np.asarray(values, float)
    flat = [float(f"{v:.{digits}g}") for v in array.ravel()]
    return np.array(flat, dtype=float).reshape(array.shape)


def cell_sums(flat: np.ndarray, shape: tuple, weights=None) -> np.ndarray:
    """Rows (or ``weights`` summed) per cell, from each row's flat cell ``group * n_cells +
    cell``: one ``bincount``, shaped ``(n_groups, n_cells)``."""
    return np.bincount(flat, weights=weights, minlength=shape[0] * shape[1]).reshape(shape)


@dataclass(frozen=True)
class GroupCounts:
    """Confusion cells per group of one protected attribute.

    Attributes
    ----------
    attribute : str
        Name of the protected attribute.
    groups : tuple of str
        Group labels, in the row order of ``counts``.
    labelled : bool
        True when cells are ``tp, fp, fn, tn``; False for ``pos, neg``.
    counts : ndarray of shape (n_groups, n_cells)
        Row counts per cell (unweighted); sample floors use these.
    weighted : ndarray of shape (n_groups, n_cells)
        Sums of sample weights per cell (equal to ``counts`` without weights); point estimates
        use these.
    """

    attribute: str
    groups: tuple[str, ...]
    labelled: bool
    counts: np.ndarray
    weighted: np.ndarray

    def __post_init__(self):  # lists of counts (one built by hand) as the arrays they stand for
        for name in ("counts", "weighted"):
            object.__setattr__(self, name, np.asarray(getattr(self, name)))

    @property
    def cells(self) -> tuple[str, ...]:
        return LABELLED_CELLS if self.labelled else UNLABELLED_CELLS

    @property
    def n(self) -> np.ndarray:
        return self.counts.sum(axis=1)

    def zero_weight_reason(self, indices) -> str | None:
        """Why a weighted metric of groups ``indices`` is 0/0 when a group has rows but weights
        that are all zero (``None`` when no group does)."""
        zero = [i for i in indices if self.n[i] > 0 and not self.weighted[i].sum() > 0]
        if not zero:
            return None
        parts = [f"{self.groups[i]!r} (n = {int(self.n[i])})" for i in zero]
        return f"the weights of {', '.join(parts)} are all zero; weighted rates are 0/0"

    def label_counts(self) -> tuple[np.ndarray, np.ndarray]:
        """Rows with a positive and a negative true label per group (labelled data only)."""
        tp, fp, fn, tn = self.counts.T
        return tp + fn, fp + tn

    @classmethod
    def from_arrays(cls, attribute, groups, codes, cells, labelled, sample_weight=None):
        """Count cells per group with two ``bincount`` calls: O(n), no Python loop over rows."""
        shape = (len(groups), 4 if labelled else 2)
        flat = codes.astype(np.int64) * shape[1] + cells
        counts = cell_sums(flat, shape)
        weighted = (
            counts.astype(float) if sample_weight is None else cell_sums(flat, shape, sample_weight)
        )
        return cls(attribute, tuple(groups), labelled, counts, weighted)


# ---------------------------------------------------------------------------------------------
# The counts table's cells are checked like rows (docs/adr/0009-data-engines.md): every sum must
# be one that some rows could have produced, or the audit refuses with the cell named.

COUNT, WEIGHT_SUM, WEIGHT_SQ_SUM = "count", "weight_sum", "weight_sq_sum"
SCORE_BIN, SCORE_SUM, Y_TRUE, Y_PRED = "score_bin", "score_sum", "y_true", "y_pred"
RESERVED = (Y_TRUE, Y_PRED, COUNT, WEIGHT_SUM, WEIGHT_SQ_SUM, SCORE_BIN, SCORE_SUM)
# attrs key (and Parquet metadata) listing the table's protected-attribute columns
ATTRIBUTES_ATTR = "ethiclens_attributes"
# Counts are added as float64 on the way to the int64 cells: above 2**53 they are no longer exact.
MAX_COUNT = 2**53
# Relative slack for sums of floats added in another order (an engine's SUM, a float32 column).
REL_TOL = 1e-6
_FIX_TOOL = "build the table with ethiclens counts or ethiclens.sources.counts_of"
FIX_BUILD = "build it with ethiclens counts or ethiclens.sources.counts_of"  # the table


def _in_table(i: int) -> str:
    """Where row ``i`` (0-based) of a counts table given as a DataFrame lies."""
    return f"row {i} of the counts table"


def _cell(table, i: int, where=_in_table) -> str:
    """The cell of row ``i``, by its key values: ``cell (race='A', y_true=1, y_pred=0)``, and
    ``where(i)``: the row's place (a file's line or row when the table was read from one)."""
    keys = [c for c in table.columns if c not in RESERVED]
    keys += [c for c in (Y_TRUE, Y_PRED, SCORE_BIN) if c in table.columns]
    inner = ", ".join(f"{c}={plain(table[c].iloc[i])!r}" for c in keys)
    place = where(i)
    return f"cell ({inner}) {'in' if place.startswith('row ') else 'at'} {place}"


# cells that are no count or sum, though pandas reads some as numbers: a duration as its
# nanoseconds, a complex number as its real part, a period as its day number
_NOT_NUMBERS = (
    bool,
    np.bool_,
    complex,
    pd.Period,
    dt.date,
    dt.timedelta,
    np.datetime64,
    np.timedelta64,
)


def _numbers(series) -> np.ndarray:
    """A column as float64; text, None, booleans (``True`` is no count, as the CLI's ``true``
    is none), dates, durations, periods, complex numbers and overflowing values become NaN
    (refused as such, the cell and its value named)."""
    kind = getattr(series.dtype, "kind", "O")
    if kind in ("m", "M", "c") or isinstance(series.dtype, pd.PeriodDtype):
        return np.full(len(series), np.nan)
    if series.dtype == object:
        odd = series.map(lambda v: isinstance(v, _NOT_NUMBERS))
        series = series.where(~odd.to_numpy(dtype=bool))
    try:
        out = pd.to_numeric(series, errors="coerce")
    except OverflowError:  # a Python int past float's range (10**400)
        huge = series.map(lambda v: isinstance(v, int) and abs(v) > sys.float_info.max)
        out = pd.to_numeric(series.where(~huge.astype(bool)), errors="coerce")
    with np.errstate(over="ignore", invalid="ignore"):
        values = np.asarray(out, dtype=float)
    if pd.api.types.is_bool_dtype(series.dtype):
        return np.full(len(values), np.nan)
    if series.dtype == object:
        booleans = series.map(lambda v: isinstance(v, bool | np.bool_)).to_numpy(dtype=bool)
        return np.where(booleans, np.nan, values)
    return values


def _refuse_text_numbers(table, label, where) -> None:
    """A count, sum or score-bin column whose text cells ('12', b'12': a string column) all
    spell numbers is refused, the first text cell named, as a score or weight column of text
    is: no count is read from text. Text that is no number ('x', a CSV's bad cell) is refused
    as no number."""
    for col in (COUNT, WEIGHT_SUM, WEIGHT_SQ_SUM, SCORE_SUM, SCORE_BIN):
        if col not in table.columns or pd.api.types.is_numeric_dtype(table[col].dtype):
            continue
        text = table[col].map(lambda v: isinstance(v, str | bytes | bytearray)).to_numpy(bool)
        # a bytearray is read as its bytes (b'5' and bytearray(b'5') are one text)
        cells = table[col][text].astype(object).map(_as_bytes)
        if text.any() and np.isfinite(_numbers(cells)).all():
            what, fix = "a number written as text (a string column)", _FIX_TEXT
            _refuse(table, text, what, label(col), fix, col, where)


def _refuse_bool_bins(table, label, where) -> None:
    """A score bin written True/False (a bool column, or bool cells) is no bin number: read
    as none, every such cell was two rows of one cell (True and True), refused as duplicates."""
    if SCORE_BIN not in table.columns:
        return
    bins = table[SCORE_BIN]
    if pd.api.types.is_bool_dtype(bins.dtype):
        bad = np.ones(len(table), dtype=bool)
    elif bins.dtype == object:
        bad = bins.map(lambda v: isinstance(v, bool | np.bool_)).to_numpy(bool)
    else:
        return
    if bad.any():
        what = "a score bin written as True/False (a bin is a whole number from 0)"
        fix = "store each cell's score bin number (0 .. n_bins - 1); " + FIX_BUILD
        _refuse(table, bad, what, label(SCORE_BIN), fix, SCORE_BIN, where)


_FIX_TEXT = NUMBERS_FIX  # in pandas for Python, in the file for the faces that give files


def _as_bytes(value):
    return bytes(value) if isinstance(value, bytearray) else value


def _refuse(table, bad: np.ndarray, what: str, column: str, fix: str, source: str, where):
    """Refuse the first cell where ``bad``; ``source`` is the table column whose value is shown."""
    i = int(np.flatnonzero(bad)[0])
    more = int(bad.sum()) - 1
    tail = f" ({more} more cell(s) like it)" if more else ""
    raise EthicLensInputError(
        f"{_cell(table, i, where)}: {what}{tail}",
        column=column,
        value=plain(table[source].iloc[i]),
        fix=fix,
    )


@argument_kinds(
    table=instance_kind(
        pd.DataFrame,
        "a counts table (a pandas DataFrame)",
        "build it with ethiclens.sources.counts_of",
    ),
    names=instance_kind(dict, "a dict of role -> column, or None", "e.g. None", optional=True),
    where=instance_kind(
        Callable, "a function of a row's index, or None", "e.g. None", optional=True
    ),
)
def check_counts_cells(
    table,
    *,
    names=None,
    n_bins=None,
    where=None,
    check_labels=False,
    pos_label=None,
    attributes=None,
) -> None:
    """Refuse a counts table whose cells no rows could have produced; else return ``None``.

    Checked per cell (the message names the cell by its attribute, label and prediction values
    and the column): ``count`` a whole number from 0 to 2**53, and their total too; sums finite
    and >= 0, and 0 in an empty cell; ``weight_sq_sum`` between ``weight_sum**2 / count`` and
    ``weight_sum**2`` (a Kish effective sample size from 1 to ``count``); ``score_sum`` (the
    cell's weighted score sum, scores in [0, 1]) from 0 to ``weight_sum`` (``count`` when
    unweighted) and, when ``n_bins`` is given, its mean inside the cell's score bin; no cell in
    two rows. Sums agree to a relative 1e-6 (float rounding). Then, in the audit's words with
    the first row named, the keys of cells that count rows: none missing; score bins whole,
    from 0 (to ``n_bins - 1`` when given).

    Parameters
    ----------
    table : DataFrame
        A counts table (``ethiclens.audit_counts``).
    names : dict, optional
        Role -> source column name (the table's ``attrs["ethiclens_columns"]``), for messages.
    n_bins : int, optional
        The number of equal-width score bins the table was built with.
    where : callable, optional
        Row index (0-based) -> where that row lies, for messages (``"c.csv line 5"`` when the
        table was read from a file); by default ``"row i of the counts table"``.
    check_labels, pos_label : bool, default False; label, optional
        Check ``y_true``/``y_pred`` as the audit reads them with ``pos_label`` (its own).
    attributes : collection of str, optional
        The attributes to be audited: a missing value is refused only in these (default: every
        attribute the table declares); another attribute's is no reason to refuse.
    """
    names = names or {}
    where = where or _in_table
    label = column_labeller(names)
    refuse_columns_twice(table)
    _check_counts_columns(table)
    if len(table) == 0:
        return  # the audit says what is missing
    _refuse_not_one_value(table, label, where, attributes)
    _refuse_text_numbers(table, label, where)
    _refuse_bool_bins(table, label, where)
    count = _numbers(table[COUNT])
    _check_cell_numbers(table, count, n_bins, label, where, attributes)
    _check_keys(table, count, n_bins, label, where, attributes)
    if check_labels:
        _check_labels(table, count > 0, pos_label, names, where)


def _check_cell_numbers(table, count, n_bins, label, where, attributes) -> None:
    """The cells' numbers (``check_counts_cells``): counts, sums, no cell twice, the weights'
    squares and the scores' sums."""
    _check_count_column(table, count, where)
    sums = _cell_sums(table)
    _check_sums(table, count, sums, label, where)
    _check_duplicates(table, where, _refused_as_missing(table, count, attributes))
    if WEIGHT_SUM in sums and WEIGHT_SQ_SUM in sums:
        _check_squares(table, count, sums[WEIGHT_SUM], sums[WEIGHT_SQ_SUM], label, where)
    if SCORE_SUM in sums:
        mass = sums[WEIGHT_SUM] if WEIGHT_SUM in sums else count
        _check_scores(table, mass, sums[SCORE_SUM], n_bins, label, WEIGHT_SUM in sums, where)


def column_labeller(names):
    """Column -> its name in messages: ``"w (weight_sum)"`` when a source column is named."""

    def label(col):
        of = {WEIGHT_SQ_SUM: WEIGHT_SUM, SCORE_SUM: SCORE_BIN}.get(col)  # a sum's source role
        src = names.get(col) or (names.get(of) if of else None)
        return f"{src} ({col})" if src and src != col else col

    return label


def _cell_sums(table) -> dict:
    """The table's sum columns as numbers, a score sum 0 in a cell with no valid score bin."""
    sums = {c: _numbers(table[c]) for c in (WEIGHT_SUM, WEIGHT_SQ_SUM, SCORE_SUM) if c in table}
    if SCORE_SUM in sums and SCORE_BIN in table.columns:
        # a missing score (no bin) or one outside [0, 1] (bin -1): refused by the key check
        # in the audit's words ("scores must lie in [0, 1]"), not by their sums
        b = _numbers(table[SCORE_BIN])
        scored = np.isfinite(b) & (b >= 0) & (b == np.floor(b))
        sums[SCORE_SUM] = np.where(scored, sums[SCORE_SUM], 0.0)
    return sums


def _refuse_not_one_value(table, label, where, attributes=None) -> None:
    """No cell of a key column (the prediction, label, score bin, then the attributes, as
    :func:`_check_keys` orders them) that is not one value (a list, a Series, an object whose
    hash or == raises): refused by ``io``'s one rule and wording, the first row named."""
    keys, n_keys = _key_columns(table, attributes)
    for k, col in enumerate(keys):
        if (i := _first_not_one_value(table[col])) is not None:
            value = table[col].iloc[i]
            raise _not_one_value_error(value, label(col), _first_at(where, i), k >= n_keys)


def _key_columns(table, attributes=None) -> tuple[list, int]:
    """The key columns in checking order: prediction, label, score bin, then ``attributes`` (the
    audited ones) when given, else those declared, else all unreserved; and how many come first."""
    roles = [c for c in (Y_PRED, Y_TRUE, SCORE_BIN) if c in table.columns]
    declared = table.attrs.get(ATTRIBUTES_ATTR)  # another column is refused as unknown
    said = [str(c) for c in declared] if isinstance(declared, list | tuple) else None
    said = [str(c) for c in attributes] if attributes is not None else said
    attrs = [c for c in table.columns if c not in RESERVED and (said is None or str(c) in said)]
    return roles + attrs, len(roles)


def _first_at(where, i: int) -> str:
    """``", first at c.csv line 7"``: where a refusal's first row lies, as the row checks say."""
    return f", first at {where(i)}"


def _check_keys(table, count, n_bins, label, where, attributes=None) -> None:
    """No missing key in a cell that counts rows (the prediction, label and score bin first, as
    the audit checks them, then the attributes the table declares); score bins whole numbers
    from 0 to ``n_bins - 1`` (from 0 when ``n_bins`` is not known). The first row is named."""
    keys, _ = _key_columns(table, attributes)
    refuse_missing_keys(table, count, keys, label, where)
    if SCORE_BIN not in table.columns:
        return
    b = _numbers(table[SCORE_BIN])
    top = np.inf if n_bins is None else n_bins
    with np.errstate(invalid="ignore"):
        bad = ~((b >= 0) & (b < top) & (b == np.floor(b))) & (count > 0)
    if bad.any():
        i = int(np.argmax(bad))
        bins = "below 0 or not whole" if n_bins is None else f"outside 0 .. {n_bins - 1}"
        raise EthicLensInputError(
            f"scores must lie in [0, 1]; {int(count[bad].sum())} do not (score bins {bins})"
            + _first_at(where, i),
            column=label(SCORE_BIN),
            value=plain(table[SCORE_BIN].iloc[i]),
            fix="pass calibrated probabilities (e.g. predict_proba[:, 1]), not logits or ranks; "
            "and the same n_bins the table was built with",
        )


def refuse_missing_keys(table, count, keys, label, where=None) -> None:
    """No missing value in the columns ``keys`` of a cell that counts rows (``count`` > 0):
    how many rows and cells lack one, and where the first lies when ``where`` is given."""
    for col in keys:
        missing = table[col].isna().to_numpy() & (count > 0)
        if missing.any():
            what = "score(s)" if col == SCORE_BIN else "value(s)"
            first = "" if where is None else _first_at(where, int(np.argmax(missing)))
            raise EthicLensInputError(
                f"{int(count[missing].sum())} missing {what} (in {int(missing.sum())} cell(s) "
                f"of the counts table){first}",
                column=label(col),
                fix="drop or impute those rows before auditing"
                if col in (Y_PRED, Y_TRUE, SCORE_BIN)  # else a group: the rows' audit's fix
                else "drop those rows or give the missing values an explicit group "
                "(e.g. 'Unknown')",
            )


def _check_labels(table, counted, pos_label, names: dict, where) -> None:
    """The labels and predictions of the cells that count rows as the audit reads them
    (``as_binary_columns`` with ``pos_label``); a refusal names the first row whose value is
    refused on its own among three or more (a 2 among 0/1); where no row is to blame (1 beside
    '1', two values to recode or a ``pos_label`` to give) the audit refuses in its own words."""
    roles = [c for c in (Y_PRED, Y_TRUE) if c in table.columns]
    named = {r: table[r][counted].rename(names.get(r, r)).reset_index(drop=True) for r in roles}
    try:
        as_binary_columns(named, pos_label, counts=_numbers(table[COUNT])[counted])
    except EthicLensInputError as exc:
        said = {str(exc.column), str(exc.column).rsplit(" (", 1)[0]}  # 'pred (y_pred)', 'y_pred'
        role = next((r for r in roles if named[r].name in said), None)
        try:
            values = pd.unique(table[role][counted]) if role else []
        except TypeError:  # a list or mapping as a label: the audit's words name it
            values = []
        odd = []
        for v in values:
            try:
                as_binary(pd.Series([v], dtype=object, name=named[role].name), role, pos_label)
            except PosLabelAbsent:
                pass  # a value other than pos_label: fine among the others
            except EthicLensInputError:
                odd.append(v)
        if not odd or len(values) <= 2:
            return  # no stray row to name: the audit refuses the column in its own words
        # text '0' and '1' are refused alone too; beside an 'x', the 'x' is the one to fix
        odd = [v for v in odd if str(v).strip() not in ("0", "1")] or odd
        i = int(np.argmax(table[role].isin(odd).to_numpy() & counted))
        shown = exc.value if exc.value is not None else plain(table[role].iloc[i])
        # '; first at': the values listed as words run on into ', first at'
        said = f"{exc.problem}; first at {where(i)}"
        raise with_found(
            EthicLensInputError(said, column=exc.column, value=shown, fix=exc.fix), exc
        ) from None


def _check_sums(table, count, sums: dict, label, where) -> None:
    """Every sum finite and >= 0, and 0 in a cell of 0 rows."""
    for col, v in sums.items():
        bad = ~np.isfinite(v) | (v < 0)
        if bad.any():
            fix = "drop or fix the rows whose value is missing, infinite or negative"
            if col != SCORE_SUM:
                fix += " (or so large that its square overflows: rescale it)"
            _refuse(table, bad, "must be finite and >= 0", label(col), fix, col, where)
    for col, v in sums.items():
        bad = (count == 0) & (v != 0)
        if bad.any():
            what = f"a cell of 0 rows has {col} {v[int(np.flatnonzero(bad)[0])]:.6g}, not 0"
            _refuse(table, bad, what, label(col), _FIX_TOOL, col, where)


def refuse_columns_twice(table) -> None:
    """Two columns of one name (as text: 0 and '0' too): which was meant? (a look at one
    returns both, and its checks went wrong: a broadcast error, or a silent pass)."""
    twice = named_twice(table.columns)  # two Unicode forms of 'café' print alike too
    if twice:
        raise EthicLensInputError(
            f"the counts table has two columns named {twice[1]!r}{unicode_forms(*twice)}",
            column=twice[1],
            fix="rename the columns so each name is unique",
        )


def _check_counts_columns(table) -> None:
    """The columns every counts table has (``y_pred``, ``count``) and the attributes it declares
    are there: a missing one is named, before a cell is read (without it two cells could look
    the same)."""
    declared = table.attrs.get(ATTRIBUTES_ATTR)
    declared = [str(c) for c in declared] if isinstance(declared, list | tuple) else []
    for col in (Y_PRED, COUNT, *declared):
        if col not in table.columns:
            said = (
                f" (it declares the attributes {names_words(declared)})" if col in declared else ""
            )
            fix = FIX_BUILD
            if col in [str(n) for n in table.index.names]:  # groupby(...).size().to_frame()
                said, fix = " (it is in the table's index)", "call .reset_index() on the table"
            raise EthicLensInputError(f"missing from the counts table{said}", column=col, fix=fix)


def _check_count_column(table, count, where) -> None:
    """Whole numbers from 0 to 2**53, adding up to at most 2**53 (exact in float64)."""
    bad = ~np.isfinite(count) | (count < 0) | (count != np.floor(count))
    if bad.any():
        _refuse(table, bad, "counts must be whole numbers >= 0", COUNT, _FIX_TOOL, COUNT, where)
    too_many = "check the column: no audit has this many rows (a sum overflowed, or it holds ids)"
    raw = table[COUNT]  # 2**53 + 1 reads as float 2**53: whole numbers are compared as given
    bad = count > MAX_COUNT
    if pd.api.types.is_integer_dtype(raw.dtype):
        bad |= raw.to_numpy() > MAX_COUNT
    if bad.any():
        what = f"a count above 2**53 = {MAX_COUNT:,} rows cannot be added exactly"
        _refuse(table, bad, what, COUNT, too_many, COUNT, where)
    bad = np.cumsum(count) > MAX_COUNT
    if bad.any():
        what = f"the counts add up past 2**53 = {MAX_COUNT:,} rows here (no longer exact)"
        first = np.arange(len(bad)) == int(np.argmax(bad))
        _refuse(table, first, what, COUNT, too_many, COUNT, where)


def _refused_as_missing(table, count, attributes) -> np.ndarray | None:
    """The rows :func:`_check_keys` refuses for a missing key (a cell that counts rows), which
    the duplicate check leaves to it: two all-NaN-label cells are a missing label, not a cell
    to add up. None when a key column cannot be read as missing or not."""
    keys, _ = _key_columns(table, attributes)
    try:
        missing = np.zeros(len(table), dtype=bool)
        for col in keys:
            missing |= table[col].isna().to_numpy(dtype=bool)
    except Exception:  # noqa: BLE001 - an odd value: the key checks refuse it in their words
        return None
    return missing & (count > 0)


def _check_duplicates(table, where, skip=None) -> None:
    keys = [c for c in table.columns if c not in (COUNT, WEIGHT_SUM, WEIGHT_SQ_SUM, SCORE_SUM)]
    try:
        codes = table.groupby(keys, sort=False, dropna=False).ngroup().to_numpy()
    except Exception:  # a column not audited holding lists: refused as unknown, or ignored
        return
    sizes = np.bincount(codes[~skip] if skip is not None else codes, minlength=codes.max() + 1)
    dup = sizes[codes] > 1
    if skip is not None:
        dup &= ~skip
    if dup.any():
        i = int(np.flatnonzero(dup)[0])
        rows = np.flatnonzero(codes == codes[i]).tolist()
        named = str if where is _in_table else where  # "rows 0, 3" or "c.csv line 2, ..."
        shown = ", ".join(map(named, rows[:5])) + (", ..." if len(rows) > 5 else "")
        at = "rows " if where is _in_table else ""
        raise EthicLensInputError(
            f"{_cell(table, i, where)} appears in {len(rows)} rows ({at}{shown}); each cell is one "
            "row, and duplicates are never added up silently",
            column=COUNT,
            fix="add up the duplicate rows into one (or drop the copies) before auditing",
        )


def _check_squares(table, count, ws, wq, label, where) -> None:
    """(Σw)²/n <= Σw² <= (Σw)²: the Kish effective sample size (Σw)²/Σw² lies in [1, n]."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ratio = np.where(ws > 0, wq / ws, 0.0)  # Σw²/Σw: no overflow for large weights
        low = ws / np.maximum(count, 1)
        # Σw² of 0 beside Σw > 0 is an underflow the audit names itself (rescale the weights)
        bad = (ws > 0) & (wq > 0) & ((ratio < low * (1 - REL_TOL)) | (ratio > ws * (1 + REL_TOL)))
        bad |= (ws == 0) & (wq > 0)
        n_eff = np.where(ratio > 0, ws / ratio, np.inf)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        if ws[i] == 0:
            what = "weight_sq_sum is above 0 while weight_sum is 0"
        else:
            what = (
                f"weight_sum {ws[i]:.6g} and weight_sq_sum {wq[i]:.6g} give a Kish effective "
                f"sample size (Σw)²/Σw² of {n_eff[i]:.6g}, outside [1, count = {int(count[i])}]"
            )
        fix = (
            "weight_sq_sum is the cell's sum of squared weights, from weight_sum**2 / count to "
            "weight_sum**2; recount the cell (ethiclens counts --weight; weights so small that "
            "their squares underflow must be rescaled first)"
        )
        _refuse(
            table, bad, f"impossible sums: {what}", label(WEIGHT_SQ_SUM), fix, WEIGHT_SQ_SUM, where
        )


def _check_scores(table, mass, ssum, n_bins, label, weighted, where) -> None:
    """0 <= score_sum <= mass (weight_sum or count); with n_bins its mean inside the bin."""
    bound = WEIGHT_SUM if weighted else COUNT
    recount = (
        f"score_sum is the cell's sum of {'weight × score' if weighted else 'scores'}; "
        "recount the cell (ethiclens counts --y-score)"
    )
    bad = ssum > mass * (1 + REL_TOL)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        what = (
            f"score_sum {ssum[i]:.6g} is above {bound} {mass[i]:.6g} (scores lie in [0, 1], so "
            f"a cell's {'weighted ' if weighted else ''}score sum lies in [0, {bound}])"
        )
        _refuse(table, bad, what, label(SCORE_SUM), recount, SCORE_SUM, where)
    if n_bins is None or SCORE_BIN not in table.columns:
        return
    b = _numbers(table[SCORE_BIN])
    ok = np.isfinite(b) & (b >= 0) & (b < n_bins) & (b == np.floor(b))
    b = np.where(ok, b, 0.0)
    lo, hi = b / n_bins - REL_TOL, (b + 1) / n_bins + REL_TOL
    bad = ok & (mass > 0) & ((ssum < lo * mass) | (ssum > hi * mass))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        k, mean = int(b[i]), ssum[i] / mass[i]
        what = (
            f"the mean score score_sum / {bound} = {mean:.6g} lies outside its score bin {k} "
            f"of {n_bins}, [{k / n_bins:g}, {(k + 1) / n_bins:g}]"
        )
        fix = f"audit with the number of score bins the table was built with; {recount}"
        _refuse(table, bad, what, label(SCORE_SUM), fix, SCORE_SUM, where)


def counts_attributes(table, protected, declared) -> list[str]:
    """The attribute columns of a counts table; a column nobody declared is refused, not guessed.

    ``declared`` is the table's own list (``attrs["ethiclens_attributes"]``, written by every
    EthicLens counter); without it the caller's ``protected`` declares them. A table that
    declares nothing, audited without ``protected``, is refused: any text column would
    otherwise become a protected attribute.
    """
    other = [str(c) for c in table.columns if c not in RESERVED]
    reserved = [c for c in RESERVED if c in table.columns]
    if declared is not None:
        known, said = [str(c) for c in declared], "the table declares the attributes"
    elif protected is not None:
        known, said = [str(c) for c in protected], "the attributes named are"
    else:
        if not other:
            return []
        raise EthicLensInputError(
            f"the counts table does not say which of its columns {other} are protected "
            "attributes, and none were named",
            column=other[0],
            fix="name them (--protected COL, or protected=[...]); tables written by ethiclens "
            "counts and ethiclens.sources declare them",
        )
    if declared is not None and protected is not None:
        stray = [str(p) for p in protected if str(p) not in known]
        if stray:
            raise EthicLensInputError(
                f"is not an attribute of this counts table ({said} {known})",
                column=stray[0],
                fix=use_one_of(stray[0], known),
            )
    unknown = [c for c in other if c not in known]
    if unknown:
        raise EthicLensInputError(
            f"is not a column of this counts table ({said} {known}; an unknown column is "
            "refused, not audited as an attribute)",
            column=unknown[0],
            fix=f"drop the column; allowed: {known + reserved}"
            + (
                " (an attribute added later goes into table.attrs['ethiclens_attributes'])"
                if declared is not None
                else " (or name it as an attribute too)"
            ),
        )
    return list(protected) if protected is not None else [c for c in other if c in known]
