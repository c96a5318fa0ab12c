"""What a PCER audit or a membership-inference attack takes from one data split, and what a
DP-SGD trainer takes (:class:`PreparedData`: features, labels and groups of one seed's split,
built by :func:`ethiclens.experiments.prepare` for the benchmark datasets).

Like TF Privacy's ``AttackInputData``: labels, predictions, groups and optionally per-example
losses, for the train split (members) and the test split (non-members).
"""

from __future__ import annotations

import datetime
import decimal
import math
import os
import re
import shlex
import sys
import unicodedata
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .._checks import (
    TEXT_LIKE,
    bytes_like_as_bytes,
    check_argument_type,
    check_label_lengths,
    check_labels_print_apart,
    check_one_per_row,
    exact_whole,
    first_row,
    is_zero_one,
    label_fix,
    names_words,
    naming_file,
    plain,
    positive_value,
    refuse_missing,
)
from .._keywords import refusing_unknown_keywords
from ..errors import EthicLensInputError, FaceFix
from ..fairness import (
    align_inputs,
    encode_groups,
    groups_without_rows,
    look_alike_clash,
    refuse_unknown,
)
from ..io import _first_not_one_value, _not_one_value_error, read_table, require_columns

_FIRST_ROW = re.compile(r"first at row \d+")
_TIMES = (
    datetime.date,
    datetime.time,
    datetime.timedelta,
    np.datetime64,
    np.timedelta64,
    pd.Period,
)


def refusing_unknown(target):
    """``target`` (a function, or a class: its constructor and public methods) refusing a
    keyword it does not take as :func:`pcer_audit` and every package's entry points refuse
    one (``_keywords.refusing_unknown_keywords``): UnknownKeywordError (the project's input
    error, still a TypeError) with the closest keyword, before any other check."""
    return refusing_unknown_keywords(target, init=isinstance(target, type))


@refusing_unknown
@dataclass
class SplitPredictions:
    """One split's labels, 0/1 predictions, group labels and (optional) per-example losses.

    Attributes
    ----------
    y_true, y_pred : array of 0/1
    groups : array of str
        One group label per row.
    loss : array of float, optional
        Per-example losses (enable the membership-inference attack).
    name : str, optional
        ``train`` or ``test``, used in error messages. Without it the split's role is not
        known yet: a refusal of its fields waits for :func:`pcer_audit` or
        :func:`membership_inference`, which name it by the argument it is given as.
    ids : array, optional
        One identifier per row (a person's or a record's id). A test row whose id is a train
        row's is a member given as a non-member: :func:`pcer_audit` notes how many and which.
        Without ids it notes test rows identical to a distinctive train row (every column of
        the two files, :func:`read_splits`; else labels, predictions, groups and losses).
    """

    y_true: np.ndarray
    y_pred: np.ndarray
    groups: np.ndarray
    loss: np.ndarray | None = None
    name: str | None = None
    ids: np.ndarray | None = None
    _refusal: EthicLensInputError | None = field(
        default=None, init=False, repr=False, compare=False
    )
    # a fingerprint of each row's values in every column both files hold (read_splits)
    _row_keys: np.ndarray | None = field(default=None, init=False, repr=False, compare=False)
    # row index -> where it lies in its file ("test.csv line 152"; read_split's name_rows)
    _place: object = field(default=None, init=False, repr=False, compare=False)
    # (the ids array, its numbers): computed once per split (:func:`_split_id_numbers`)
    _id_numbers: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self):
        # The checks name the field ("y_true"), an argument of this class: the split goes in
        # the problem, so that a message never calls "train y_true" a column.
        try:
            self._check_fields()
        except EthicLensInputError as exc:
            if self.name is None:  # refused where its role is known (check_split_groups)
                self._refusal = exc
                return
            raise self._named(exc, self.name) from None

    @staticmethod
    def _named(exc: EthicLensInputError, role: str) -> EthicLensInputError:
        return argument_error(f"{role} split: {exc.problem}", exc.column, exc.value, exc.fix)

    def check(self, role: str) -> None:
        """Raise the refusal of this split's fields, naming it ``role`` (train or test)."""
        if self._refusal is not None:
            raise self._named(self._refusal, role)

    def _check_fields(self) -> None:
        # pandas inputs pair by index label as the audit pairs them, never silently by position
        named = {"y_true": self.y_true, "y_pred": self.y_pred, "groups": self.groups}
        aligned = align_inputs(**named, loss=self.loss, ids=self.ids)
        self.y_true, self.y_pred, self.groups, self.loss, self.ids = aligned
        self.y_true = _binary(self.y_true, "y_true")
        self.y_pred = _binary(self.y_pred, "y_pred")
        self.groups = _groups(self.groups, "groups")
        n = len(self.y_true)
        _same_rows_as(self.y_pred, "y_pred", n, "pass arrays for the same rows")
        _same_rows_as(self.groups, "groups", n, "pass arrays for the same rows")
        if self.loss is not None:
            check_one_per_row(self.loss, "loss")
            if np.iscomplexobj(self.loss):  # numpy would keep the real part, with a warning
                self.loss = _real_losses(np.asarray(self.loss))
            self.loss = _float_losses(self.loss)
            fix = "pass one loss per row of the split (the rows of y_true)"
            _same_rows_as(self.loss, "loss", n, fix, "not")
            _check_losses(self.loss)
        if self.ids is not None:
            check_one_per_row(self.ids, "ids")
            self.ids = np.array(self.ids, dtype=object)  # a copy, read-only: its numbers
            self.ids.setflags(write=False)  # are cached (the caller's array may change)
            _refuse_nested(self.ids, "ids")
            _same_rows_as(self.ids, "ids", n, "give one id per row")
            refuse_missing(_isna(self.ids), "ids", "give every row an id (or no ids)", "id")

    def mask(self, group: str) -> np.ndarray:
        """Boolean mask of the rows of ``group``."""
        self.check(self.name or "this")
        return self.groups == group


def _same_rows_as(values, label: str, n: int, fix, against: str = "y_true") -> None:
    """A field of one value per row of ``y_true`` (``n`` rows)."""
    if len(values) != n:
        raise EthicLensInputError(
            f"{label} has {len(values)} rows, {against} {n}", column=label, fix=fix
        )


def argument_error(problem: str, name: str, value=None, fix=None) -> EthicLensInputError:
    """A refusal of the Python argument ``name`` (not a column, not an option)."""
    return EthicLensInputError(problem, column=name, kind="argument", value=value, fix=fix)


def _float_losses(loss) -> np.ndarray:
    """Losses as floats (numeric text read as numbers); a whole number past float's range
    (10**400) is infinite, refused as such by :func:`_check_losses`. A date, a time or a
    duration is no loss (pandas would give its nanoseconds): refused as any other value that
    is not a number, naming how many and the first."""
    series = pd.Series(loss)
    kind = series.dtype.kind
    if kind not in "OmM":
        return np.asarray(loss, dtype=float)
    arr = np.array(series.astype(object), dtype=object)
    bad = np.fromiter((kind != "O" or isinstance(v, _TIMES) for v in arr), bool, len(arr))
    if not bad.any():
        huge = [isinstance(v, int) and abs(v) > sys.float_info.max for v in arr]
        arr[huge] = [math.inf if v > 0 else -math.inf for v in arr[huge]]
        arr[_isna(arr)] = np.nan  # pd.NA too (a "string" column's): missing, not text
        try:
            return arr.astype(float)
        except (TypeError, ValueError):
            bad = pd.isna(pd.to_numeric(pd.Series(arr), errors="coerce")).to_numpy()
    raise _losses_error(bad, "not numbers", arr, "give numeric per-example losses")


def _real_losses(loss: np.ndarray) -> np.ndarray:
    """Complex losses whose imaginary parts are all 0, as real numbers; any other is refused."""
    bad = loss.imag != 0
    if bad.any():
        fix = "give real per-example losses (e.g. the log-loss −log p(y|x))"
        raise _losses_error(bad, "not real numbers", loss.tolist(), fix)
    return loss.real


def _losses_error(bad: np.ndarray, problem: str, values, fix: str) -> EthicLensInputError:
    """The refusal of the losses flagged in ``bad``: how many, the first row and its value."""
    first = int(bad.argmax())
    return EthicLensInputError(
        f"{int(bad.sum())} loss value(s) are {problem}{first_row(first)} (value {values[first]!r})",
        column="loss",
        fix=fix,
    )


def _check_losses(loss: np.ndarray) -> None:
    """Per-example losses are finite and non-negative (the first bad row is named; a missing
    one, NaN, is told from an infinite one: the fixes differ)."""
    n_missing = int(np.isnan(loss).sum())
    for bad, problem, fix in (
        (
            ~np.isfinite(loss),
            f"are NaN or infinite ({n_missing} missing, {int(np.isinf(loss).sum())} infinite)",
            "drop the rows without a loss or compute theirs; for an infinite log-loss clip "
            "probabilities before computing it (e.g. to [1e-7, 1-1e-7])"
            if n_missing
            else "clip probabilities before computing log-losses (e.g. to [1e-7, 1-1e-7])",
        ),
        (
            loss < 0,
            "are negative",
            "give per-example losses such as the log-loss −log p(y|x), which are ≥ 0",
        ),
    ):
        if bad.any():
            first = int(np.flatnonzero(bad)[0])
            shown = f" (value {loss[first]:g})" if problem == "are negative" else ""
            raise EthicLensInputError(
                f"{int(bad.sum())} loss value(s) {problem}, first at row {first}{shown}",
                column="loss",
                fix=fix,
            )


def _refuse_nested(arr: np.ndarray, name: str, group: bool = False, of: str = "") -> None:
    """One value per row: the first cell of ``arr`` (an object array) that is not one value
    (``io._not_one_value``: a list, a mapping, an array, a Series, a slice, an object whose
    ``__hash__`` or ``__eq__`` raises) refused in the audit's words, by its row (``of``: the
    file's name after it) and value."""
    if (i := _first_not_one_value(arr)) is not None:
        raise _not_one_value_error(arr[i], name, f"{first_row(i)}{of}", group)


def _isna(arr: np.ndarray) -> np.ndarray:
    """``pd.isna``, a signalling decimal NaN (``Decimal('sNaN')``, on which pandas raises
    InvalidOperation) missing too."""
    try:
        return pd.isna(arr)
    except decimal.InvalidOperation:
        snan = np.vectorize(lambda v: isinstance(v, decimal.Decimal) and v.is_snan(), otypes=[bool])
        return snan(arr) | pd.isna(np.where(snan(arr), None, arr))


def _binary(values, name) -> np.ndarray:
    check_one_per_row(values, name)
    arr = np.asarray(values)
    if arr.dtype == object:
        _refuse_nested(arr, name)
    missing = _isna(arr) if arr.dtype.kind in "fO" else np.zeros(arr.shape, bool)
    refuse_missing(missing, name, "drop those rows")
    try:
        uniq = set(pd.unique(arr.ravel()).tolist())  # np.unique cannot sort 1 beside '1'
    except TypeError:  # a bytearray (a database's BLOB): the bytes it holds, as audit reads it
        arr = bytes_like_as_bytes(arr)
        uniq = set(pd.unique(arr.ravel()).tolist())
    if not uniq <= {0, 1}:
        check_labels_print_apart(uniq, name)  # 1 and '1', 10**5000: as audit refuses them
        odd = int((~pd.Series(arr.ravel()).isin([0, 1])).sum())  # a stray 0.5: few rows
        raise EthicLensInputError(
            f"must be 0/1, found {names_words(sorted(map(str, uniq))[:6])}",
            column=name,
            fix=label_fix(name, uniq, rows=(odd, arr.size)),
        )
    return arr.astype(np.int8)


def _groups(values, name) -> np.ndarray:
    """Group labels as strings; a missing label is refused, never turned into a group 'nan'."""
    check_one_per_row(values, name)
    if pd.api.types.is_float_dtype(getattr(values, "dtype", None)):
        values = np.asarray(values) + 0.0  # -0.0 is the group 0.0, as the audit reads floats
    arr = np.asarray(values, dtype=object)
    _refuse_nested(arr, name, group=True)
    _refuse_missing_groups(_isna(arr), name)
    check_label_lengths(arr, name)  # the audit's limit on a group label
    # every other check the audit makes of group values, with its message (1 beside '1',
    # ' a' beside 'a', blank names, bytes that are not text): the labels are the audit's, a
    # row's group its label
    labels, codes = encode_groups({name: arr}, len(arr))[name]
    _refuse_unused_categories(_unused_categories(values), name)
    return np.asarray(labels, dtype=object)[codes]


def _unused_categories(values) -> list[str]:
    """The categories of a categorical group column (a pandas Series or Categorical) that no
    row has; none for any other column."""
    if not isinstance(getattr(values, "dtype", None), pd.CategoricalDtype):
        return []
    column = pd.Series(values, copy=False)
    used = {str(v) for v in pd.unique(column.dropna())}
    return [str(c) for c in column.cat.categories if str(c) not in used]


def _refuse_unused_categories(unused: list[str], name) -> None:
    """Categories no row has are groups without rows: refused as ``audit`` refuses them
    (``fairness.groups_without_rows``: its rule and words), never dropped silently from the
    report (``compare``, the monitor and P2NIA refuse them too)."""
    if unused:
        raise groups_without_rows(unused, name)


def _refuse_missing_groups(missing: np.ndarray, column) -> None:
    """Refuse the rows ``missing`` marks: a row without a group is never a group 'nan'."""
    if missing.any():
        raise EthicLensInputError(
            f"{int(missing.sum())} row(s) have no group (missing value)"
            f"{first_row(int(missing.argmax()))}",
            column=column,
            fix="drop those rows or give them an explicit group name",
        )


@refusing_unknown
@dataclass(frozen=True, kw_only=True)
class PreparedData:
    """Standardised features, labels and binary groups for one seed's 70/30 split.

    Attributes
    ----------
    dataset : str
    X_train, X_test : ndarray of float32
    y_train, y_test : ndarray of float32
    groups_train, groups_test : dict
        PCER attribute -> array of group names.
    group_orders : dict
        PCER attribute -> ``(group0, group1)``; ΔPCER = PCER_0 − PCER_1.
    positive_is_favorable : bool
    description : str
        The feature transform, in words.
    features : str
        The dataset's named feature set (``full`` or ``paper``).
    """

    dataset: str
    X_train: np.ndarray
    X_test: np.ndarray
    y_train: np.ndarray
    y_test: np.ndarray
    groups_train: dict  # attribute -> array of group names
    groups_test: dict
    positive_is_favorable: bool
    description: str
    features: str = "full"
    group_orders: dict = field(default_factory=dict)  # attribute -> (group0, group1)

    @property
    def n_features(self) -> int:
        return self.X_train.shape[1]


def check_split_columns(**roles) -> None:
    """The label, prediction, group, loss and id columns of :func:`read_split` (``y_true``,
    ``y_pred``, ``protected``, ``loss``, ``ids``; None: not given) name different columns, as
    ``p2nia release`` requires of its roles: one column as labels and predictions makes every
    accuracy 1, as groups and labels makes the groups the outcome. The refusal names the
    argument that repeats a column named before it."""
    refuse_unknown("check_split_columns", roles, ("y_true", "y_pred", "protected", "loss", "ids"))
    seen: list = []
    for name, col in roles.items():
        if col is not None and col in seen:
            raise argument_error(
                "the label, prediction, group, loss and id columns must differ",
                name,
                [c for c in roles.values() if c is not None],
                "name a different column for each",
            )
        seen.append(col)


@refusing_unknown
def read_split(
    path,
    *,
    name: str,
    y_true: str,
    y_pred: str,
    protected: str,
    loss=None,
    ids=None,
    name_rows=None,
):
    """One split's predictions read from a CSV/Parquet/JSON file, checked like ``pcer audit``
    checks them: the columns exist, every row has a group and one value per cell, group labels
    are short, losses are numbers. Returns :class:`SplitPredictions` (what :func:`pcer_audit`
    takes); ``ids``, a column of record ids (``SplitPredictions.ids``). ``name_rows(exc, path)``,
    when given, names a refused row, and the rows of the overlap note, by its file line (the
    CLI passes the audit's own: ``sources.name_rows``)."""
    columns = _checked_columns({"path": path}, y_true, y_pred, protected, loss, ids)
    split, frame = _read_split(path, name, columns, name_rows)
    split._row_keys = _fingerprint(frame, sorted(frame.columns, key=str))
    return split


def _checked_columns(paths: dict, y_true, y_pred, protected, loss, ids) -> dict:
    """:func:`read_split`'s and :func:`read_splits`' arguments: each path a path, each column
    argument one column's name (``y_true``, ``y_pred``, ``protected`` given); returns the
    columns by the SplitPredictions field each fills."""
    roles = {"y_true": y_true, "y_pred": y_pred, "protected": protected, "loss": loss, "ids": ids}
    for name, path in paths.items():
        fix = f"name one .csv, .parquet or .json file, e.g. {name}='train.csv'"
        problem = "must be a file path (a str or a pathlib.Path), not a"
        check_argument_type(path, str | os.PathLike, column=name, problem=problem, fix=fix)
        if isinstance(path, str) and not path.strip():  # '' would read the working folder
            raise argument_error("must not be empty", name, path, fix)
    for name, col in roles.items():
        if col is None and name in ("y_true", "y_pred", "protected"):
            raise argument_error(
                "is required: the name of a column of the file",
                name,
                fix=f"e.g. {name}='{'group' if name == 'protected' else name}'",
            )
        if col is not None and (isinstance(col, bool) or not isinstance(col, str | int)):
            raise argument_error(
                f"must be one column's name, not a {type(col).__name__}",
                name,
                col,
                "name one column of the file (text)",
            )
    return {"y_true": y_true, "y_pred": y_pred, "groups": protected, "loss": loss, "ids": ids}


def _read_split(path, name: str, columns: dict, name_rows, given: str = "path"):
    """:func:`read_split`'s split, and the frame it was read from."""
    y_true, y_pred, protected, loss, ids = columns.values()
    check_split_columns(y_true=y_true, y_pred=y_pred, protected=protected, loss=loss, ids=ids)
    # group names as written, as a P2NIA release reads them: parsed as numbers, '1', '01' and
    # '1.0' were all the group 1.0 (two groups merged, or one left and the audit refused);
    # a typed column (Parquet's, JSON's numbers) as text too, so that a CSV's groups and its
    # compare row for row; a mixed one (1 and '1') stays, refused as printing the same
    with naming_file(given):  # the parameter that gave the path: path, train_path, test_path
        frame = read_table(path, csv_dtype={protected: str})
    require_columns(frame, [c for c in columns.values() if c is not None], path)
    groups = frame[protected]
    unused = _unused_categories(groups)  # a Parquet file's categories: before they are text
    if not pd.api.types.is_object_dtype(groups):
        frame[protected] = groups.where(groups.isna(), groups.astype(str))
    try:
        _check_frame(frame, columns, path, name_rows)
        _refuse_unused_categories(unused, protected)  # after the rows' own refusals, as audit
        split = SplitPredictions(
            frame[y_true].to_numpy(),
            frame[y_pred].to_numpy(),
            frame[protected].to_numpy(),
            loss=frame[loss].to_numpy() if loss else None,
            name=name,
            ids=frame[ids].to_numpy() if ids else None,
        )
    except EthicLensInputError as exc:
        exc = _with_file_words(exc, frame[protected], name)
        raise _in_file(exc, columns, path, name_rows) from None
    if name_rows:
        split._place = lambda index: _placed(index, path, name_rows)
    return split, frame


def _placed(index: int, path, name_rows) -> str | None:
    """Where data row ``index`` (from 0) of ``path`` lies as ``name_rows`` names a refused
    row (``test.csv line 152``); None where it keeps its number (a JSON file)."""
    said = name_rows(EthicLensInputError(f"row{first_row(index)}", column="ids"), path).problem
    place = said.partition("first at ")[2]
    return None if not place or place == f"row {index}" else place


def _in_file(exc: EthicLensInputError, columns: dict, path, name_rows) -> EthicLensInputError:
    """A refusal of a split read from ``path``: the field SplitPredictions names (``y_pred``)
    is the user's column, and the first bad row (counted from 0) is the file's line as
    ``name_rows(exc, path)`` names it, else a row of ``path``."""
    column, kind = (
        (columns[exc.column], None) if columns.get(exc.column) else (exc.column, exc.kind)
    )
    problem = exc.problem
    if not name_rows and first_row(0)[:-1] in problem and str(path) not in problem:
        problem = _FIRST_ROW.sub(lambda m: f"{m.group(0)} of {path}", problem, count=1)
    out = EthicLensInputError(problem, column=column, value=exc.value, fix=exc.fix, kind=kind)
    return name_rows(out, path) if name_rows else out


def _check_frame(frame, columns: dict, path, name_rows) -> None:
    """The checks of :func:`read_split` before SplitPredictions' own (first bad row counted
    from 0: :func:`_in_file` names it)."""
    y_true, y_pred, protected, loss, ids = columns.values()
    _refuse_missing_groups(frame[protected].isna().to_numpy(), protected)
    for col in (y_true, y_pred, protected, *([ids] if ids else [])):
        # name_rows names a group's 'first at row N' by the file's line; a label's 'found a
        # list at row N' it keeps: the file named after it
        of = "" if name_rows and col == protected else f" of {path}"
        _refuse_nested(frame[col].to_numpy(), col, col == protected, of)
    check_label_lengths(frame[protected], protected, first_row)  # the audit's limit on a label
    for role, col in (("y_true", y_true), ("y_pred", y_pred)):
        _check_binary_column(frame[col], col, f"the {role} column of {path}", role)
    if loss:
        values = pd.to_numeric(frame[loss], errors="coerce")
        bad = (values.isna() & frame[loss].notna()).to_numpy()
        if bad.any():
            first = int(bad.argmax())
            raise EthicLensInputError(
                f"{int(bad.sum())} value(s) are not numbers{first_row(first)} "
                f"(value {frame[loss].iloc[first]!r})",
                column=loss,
                fix="give numeric per-example losses (e.g. the log-loss)",
            )


@refusing_unknown
def read_splits(
    train_path,
    test_path,
    *,
    y_true: str,
    y_pred: str,
    protected: str,
    loss=None,
    ids=None,
    name_rows=None,
):
    """The train split (members) and the test split (non-members) of ``pcer audit``, each read
    and checked by :func:`read_split` (``ids``, ``name_rows`` as there: with ids, a test row is
    a train row by its id, never by its other columns); one file given as both is
    refused (the same rows as train and test make every accuracy gap δ_g = 0 by construction;
    :func:`pcer_audit` refuses two files of the same rows, after checking its arguments)."""
    paths = {"train_path": train_path, "test_path": test_path}
    columns = _checked_columns(paths, y_true, y_pred, protected, loss, ids)
    try:
        same = os.path.samefile(train_path, test_path)
    except OSError:  # a missing file is reported when it is read
        same = False
    if same:  # in the arguments' words: ``pcer audit`` renames them its flags
        raise argument_error(
            f"is the train_path file {train_path} again: {NOTHING_MEASURED}",
            "test_path",
            test_path,
            "give the model's held-out rows as test_path and its training rows as train_path",
        )
    (train, frame_tr), (test, frame_te) = (
        _read_split(path, name, columns, name_rows, f"{name}_path")
        for name, path in (("train", train_path), ("test", test_path))
    )
    # rows compared in the columns both files hold (a file's own extra column is no difference)
    shared = sorted(set(frame_tr.columns) & set(frame_te.columns), key=str)
    train._row_keys, test._row_keys = _fingerprint(frame_tr, shared), _fingerprint(frame_te, shared)
    return train, test


# Why one set of rows cannot be both splits (every face says it in these words).
NOTHING_MEASURED = (
    "the same rows as train and test make every accuracy gap δ_g = acc_train − acc_test "
    "exactly 0, so PCER measures nothing"
)


def _fields(train: SplitPredictions, test: SplitPredictions) -> list[str]:
    """The fields the audit reads of a row: labels, predictions, groups, and losses where
    both splits carry them."""
    both = train.loss is not None and test.loss is not None
    return ["y_true", "y_pred", "groups", *(["loss"] if both else [])]


def same_rows(train: SplitPredictions, test: SplitPredictions) -> str | None:
    """How two non-empty splits hold the same rows in every field the audit reads (labels,
    predictions, groups, and losses where both carry them): ``"in the same order"`` (a copy of
    one file given as both, one frame passed twice), ``"in another order"`` (a shuffled copy:
    every δ_g is 0 all the same), or None when the rows differ."""
    fields = _fields(train, test)
    if len(train.y_true) == 0 or len(train.y_true) != len(test.y_true):
        return None
    if all(np.array_equal(getattr(train, f), getattr(test, f)) for f in fields):
        return "in the same order"
    a, b = (
        pd.DataFrame({f: getattr(s, f) for f in fields}).sort_values(
            fields, kind="stable", ignore_index=True
        )
        for s in (train, test)
    )  # each split's rows sorted by every field: compared regardless of order
    return "in another order" if all(np.array_equal(a[f], b[f]) for f in fields) else None


def shared_rows_note(train: SplitPredictions, test: SplitPredictions, order) -> str | None:
    """A note on the test rows that are train rows (:func:`shared_test_rows`), how many, the
    first few and how many per group of ``order``; None when there are none."""
    shared = shared_test_rows(train, test)
    if shared is None:
        return None
    hit, what = shared
    rows = np.flatnonzero(hit)
    more = f" and {len(rows) - 5} more" if len(rows) > 5 else ""
    per = pd.Series(test.groups[hit]).value_counts()
    by_group = ", ".join(f"{int(per[g])} in group {g}" for g in order if g in per.index)
    return (
        f"{len(rows)} of {len(hit)} test row(s) {what} ({_where(train, test, rows[:5], more)}; "
        f"{by_group}): a training row given as held out is a member counted as a "
        "non-member, which pulls acc_test toward acc_train, δ_g and the attack's AUC − 0.5 "
        "toward 0, and so overstates PCER_g. If they are training rows, drop them from the "
        "test split; if they are other records that happen to be identical, this note does "
        "not apply"
    )


def _where(train: SplitPredictions, test: SplitPredictions, rows: np.ndarray, more: str) -> str:
    """The first test ``rows`` of the overlap note: their ids, else their file lines as a
    refused row is named (``test.csv lines 152, 153``), else their numbers counted from 0."""
    if train.ids is not None and test.ids is not None:
        return f"test ids {', '.join(str(v) for v in test.ids[rows])}{more}"
    places = [test._place(int(i)) for i in rows] if test._place else [None]
    heads = {p.rpartition(" ")[0] for p in places if p}
    if None in places or len(heads) != 1:
        return f"test rows {', '.join(map(str, rows))}{more}, counted from 0"
    return f"{heads.pop()}s {', '.join(p.rpartition(' ')[2] for p in places)}{more}"


def shared_test_rows(train: SplitPredictions, test: SplitPredictions):
    """The test rows that are train rows, as (a mask of the test rows, how they match in
    words), or None when there are none: by ``ids`` when both splits carry them (:func:`_by_ids`),
    else a test row identical to a train row that no other train row equals, in every column
    the two files share (:func:`read_splits`) or, with losses, in the fields the audit reads.
    Rows are only matched so when most train rows are distinctive (three 0/1-like fields tell
    no row apart) and more test rows match than three times the share of train rows that
    equal another (chance: a record the data holds twice is not a training row held out)."""
    if train.ids is not None and test.ids is not None:
        hit, what = _by_ids(train, test), "have the id, label, prediction and group of a train row"
    else:
        keys_tr, keys_te, what = _row_keys(train, test)
        if keys_tr is None or not np.isin(keys_te, keys_tr).any():
            return None
        keys, counts = np.unique(keys_tr, return_counts=True)
        repeated = 1 - (counts == 1).sum() / len(keys_tr)  # train rows another one equals
        if repeated > 0.5:  # rows do not identify themselves
            return None
        hit = np.isin(keys_te, keys[counts == 1])
        # a test row equals a train row by chance about as often as train rows equal each
        # other (float32 losses of a million rows collide): only a clear excess is a leak
        if hit.sum() <= 3 * repeated * len(keys_te):
            return None
    return (hit, what) if hit is not None and hit.any() else None


def _by_ids(train: SplitPredictions, test: SplitPredictions) -> np.ndarray | None:
    """The test rows whose id is a train row's and whose label, prediction, group (and loss,
    where both splits carry losses) are that row's too: the same record. None when most test
    rows that share an id with train differ from its row: those ids do not name records (row
    numbers 0, 1, 2, ... of each split, say)."""
    fields = _fields(train, test)
    numbers = [_split_id_numbers(s) for s in (train, test)]
    if all(n.notna().all() for n in numbers):  # 7 and 7.0 (an id column read as floats) alike
        keys = [n.to_numpy() for n in numbers]
        if keys[0].dtype != keys[1].dtype:  # as Python numbers: exact, 7 == 7.0 still
            keys = [k.astype(object) for k in keys]
    else:
        keys = [pd.Series(s.ids).astype(str).to_numpy() for s in (train, test)]
    # text keys stay object: a pandas 3 str index's isin makes a pyarrow scalar of every
    # train id (1,000,000 ids: 7.4 s, as object 1.8 s); the same answers
    tr, te = (
        pd.DataFrame({f: getattr(s, f) for f in fields}, index=pd.Index(k, dtype=k.dtype))
        for s, k in zip((train, test), keys, strict=True)
    )
    shared = te.index.isin(tr.index)
    if not shared.any():
        return None
    tr = tr[~tr.index.duplicated(keep=False)]  # an id of two train rows names neither
    same = (tr.reindex(te.index).to_numpy() == te.to_numpy()).all(axis=1)
    return same if same.sum() >= shared.sum() / 2 else None


def _split_id_numbers(split: SplitPredictions) -> pd.Series:
    """:func:`_id_numbers` of a split's ids, once per ids array (an audit matches the same
    splits' ids up to four times: its checks and its attack's)."""
    held = split._id_numbers
    if held is None or held[0] is not split.ids:
        held = split._id_numbers = (split.ids, _id_numbers(split.ids))
    return held[1]


def _id_numbers(ids: np.ndarray) -> pd.Series:
    """Ids as numbers (numeric text read as one; NaN where an id is none): whole numbers and
    their text exactly where pandas made doubles from 2**53 on (21-digit ids, a CSV's Python
    ints or a string column's digits), which a double cannot tell from their neighbours."""
    numbers = pd.to_numeric(pd.Series(ids), errors="coerce")
    if numbers.dtype.kind != "f" or not (big := (numbers.abs() >= 2.0**53).to_numpy()).any():
        return numbers
    kept = numbers.to_numpy(dtype=object)  # below 2**53 a double is exact: 7.0 == 7
    exact = [exact_whole(v) for v in ids[big]]  # None: keep the number pandas read
    kept[big] = [x if e is None else e for e, x in zip(exact, kept[big], strict=True)]
    return pd.Series(kept, dtype=object)


def _row_keys(train: SplitPredictions, test: SplitPredictions):
    """Each row's key for :func:`shared_rows_note`: the files' fingerprints, else the audit's
    fields with losses; (None, None, None) when neither."""
    if train._row_keys is not None and test._row_keys is not None:
        what = "are identical to a train row in every column both files hold"
        return train._row_keys, test._row_keys, what
    # without losses, or no loss of test a train row's: no key
    if train.loss is None or test.loss is None or not np.isin(test.loss, train.loss).any():
        return None, None, None
    # the groups as codes of one factorisation of both splits: numbers hash fast
    codes = pd.factorize(np.concatenate([train.groups, test.groups]))[0]
    parts = (codes[: len(train.groups)], codes[len(train.groups) :])
    keys = tuple(
        _fingerprint(pd.DataFrame({"y": s.y_true, "p": s.y_pred, "g": g, "loss": s.loss}))
        for s, g in zip((train, test), parts, strict=True)
    )
    return *keys, "match a train row in label, prediction, group and loss"


_HASH_STEP = 0x100000001B3  # an odd multiplier (FNV's prime): column order matters


def _fingerprint(frame: pd.DataFrame, columns=None) -> np.ndarray:
    """A 64-bit hash of each row's values (a number as its float, 1 and 1.0 alike; any
    other value as its text)."""
    out = np.zeros(len(frame), np.uint64)
    with np.errstate(over="ignore"):  # a column at a time: no copy of a wide frame
        for c in frame.columns if columns is None else columns:
            col = frame[c]
            numeric = pd.api.types.is_numeric_dtype(col) and not pd.api.types.is_bool_dtype(col)
            hashed = _number_hashes(col) if numeric else _hashes(col.astype(str))
            out = out * np.uint64(_HASH_STEP) + hashed
    return np.asarray(out, np.uint64)


def _hashes(values: pd.Series) -> np.ndarray:
    return pd.util.hash_pandas_object(values, index=False).to_numpy()


def _number_hashes(col: pd.Series) -> np.ndarray:
    """Each number hashed as its float, but a whole number from 2**53 on (a 64-bit record id,
    which a double cannot tell from its neighbours) as its exact digits, a float's alike."""
    as_float = col.astype(float)
    out = _hashes(as_float).copy()
    big = (np.abs(as_float) >= 2.0**53).to_numpy() & np.isfinite(as_float.to_numpy())
    if big.any():
        out[big] = _hashes(pd.Series([str(int(v)) for v in col[big].tolist()]))
    return out


def check_split_types(train, test) -> None:
    """Both splits are :class:`SplitPredictions` (a DataFrame or a tuple of arrays is refused
    naming the argument, never read as one)."""
    for role, split in (("train", train), ("test", test)):
        check_argument_type(
            split,
            SplitPredictions,
            column=role,
            problem="must be a SplitPredictions (labels, predictions, groups, losses), not a",
            fix=f"wrap the {role} split's arrays: SplitPredictions(y_true, y_pred, groups, "
            "loss=...), or read it from a file with read_split(path, ...)",
        )


def check_split_groups(
    train: SplitPredictions, test: SplitPredictions, group_order
) -> tuple[str, ...]:
    """The group order of :func:`~ethiclens.privacy.pcer_audit` and
    :func:`~ethiclens.privacy.membership_inference` (one check for both): the same groups in
    both splits, and ``group_order`` listing each exactly once (default: sorted)."""
    check_split_types(train, test)
    train.check("train")
    test.check("test")
    for role, split in (("train", train), ("test", test)):
        if len(split.y_true) == 0:
            raise argument_error(
                "has no rows: there is nothing to audit",
                role,
                fix=f"give the {role} split's labels, predictions and groups",
            )
    groups_tr, groups_te = set(map(str, train.groups)), set(map(str, test.groups))
    if groups_tr != groups_te:
        # a group train writes one way and test another that reads the same ('café' composed
        # in one file, decomposed in the other; 'a' and 'a ') is one group spelled twice, not
        # two groups: refused with the audit's own message and fix, each spelling escaped
        only = (sorted(groups_tr - groups_te), sorted(groups_te - groups_tr))
        found = look_alike_clash(*only, "groups")
        if found is not None:
            train_spelling, test_spelling, exc = found
            raise argument_error(
                f"train and test write one group differently (train {ascii(train_spelling)}, "
                f"test {ascii(test_spelling)}): {exc.problem}",
                "groups",
                fix=FaceFix(f"{exc.fix}, in both splits", _spelling_cli_fix(*found[:2])),
            )
        _refuse_number_spellings(*only)
        said = [f"only in {r} {_some(o)}" for r, o in (("train", only[0]), ("test", only[1])) if o]
        raise argument_error(
            f"train and test have different groups: {', '.join(said)}",
            "groups",
            fix="audit the same groups in both splits (drop or merge the missing ones)",
        )
    _refuse_many_groups(sorted(groups_tr))
    return _group_order(group_order, groups_tr)


def _spelling_cli_fix(a: str, b: str) -> str:
    """``pcer audit``'s fix (files, not pandas) for a group its two files write ``a`` and ``b``,
    two spellings ``look_alike_clash`` read alike, told apart as ``encode_groups`` does."""
    a, b = (unicodedata.normalize("NFC", x) for x in (a, b))
    if a == b:  # the same letters in other code points (the start is the Python face's)
        return (
            "normalise the column to NFC first: save both files with the group's accented "
            "letters written the same way (e.g. as the --train file writes them)"
        )
    how = (
        "without whitespace around it"
        if a.strip() == b.strip()
        else "with one space between its words"
        if a.split() == b.split()
        else "without zero-width or other invisible characters"
    )
    return f"write the group the same way in both files, {how}"


def _with_file_words(exc: EthicLensInputError, groups: pd.Series, role: str):
    """``exc``, a refusal of the ``role`` file's split, with ``pcer audit``'s words where the
    audit's refusal of its group column's bytes (``decoded_bytes``) says pandas: bytes that are
    not UTF-8 text, or bytes beside text (a look-alike keeps the words ``audit`` gives)."""
    if exc.column != "groups" or "pandas" not in str(exc.fix):
        return exc
    raw = [v for v in pd.unique(groups) if isinstance(v, bytes)]
    if not raw:
        return exc
    try:
        [v.decode("utf-8") for v in raw]
        what = "text of one type (UTF-8 text, not bytes beside text)"
    except UnicodeDecodeError:
        what = "UTF-8 text (decoded from its encoding first, e.g. latin-1)"
    fix = FaceFix(exc.fix, f"write the --{role} file's --protected column as {what}")
    return EthicLensInputError(
        exc.problem, column=exc.column, value=exc.value, fix=fix, kind=exc.kind
    )


# The most groups a PCER audit compares: its spreads' intervals take every pair of groups
# (200 groups: 19,900 pairs, seconds; 1,000 groups' 499,500 pairs took minutes).
MAX_GROUPS = 200


def _refuse_many_groups(labels: list[str]) -> None:
    """Groups that are all numbers (written as Python prints them: a file's typed column) and
    too many to be groups refused by the fairness audit's own rule and words (a continuous
    column: one group per row); then more than :data:`MAX_GROUPS` groups of any kind. Numbers
    as the audit types them (``sources.type_groups``): integers as int64, never merged as
    floats past 2**53; one too large for int64 is text."""
    for kind, dtype in ((int, np.int64), (float, float)):
        try:
            numbers = np.array([kind(label) for label in labels], dtype=dtype)
        except (ValueError, OverflowError):
            continue
        written = all(str(kind(x)) == label for x, label in zip(numbers, labels, strict=True))
        if written and not np.isnan(numbers).any():  # 'nan' is a name, not a missing value
            try:
                encode_groups({"groups": numbers}, len(numbers))
            except EthicLensInputError as exc:  # looks continuous
                raise argument_error(exc.problem, "groups", fix=CONTINUOUS_FIX) from None
            if {"0.0", "-0.0"} <= set(labels):  # the audit reads both as the group 0.0
                raise argument_error(
                    "writes the group 0.0 two ways, '0.0' and '-0.0': one group to the "
                    "fairness audit, which reads the column as numbers",
                    "groups",
                    fix="write -0.0 as 0.0 in both splits",
                )
    n = len(labels)
    if n > MAX_GROUPS:
        raise argument_error(
            f"has {n:,} groups, more than the {MAX_GROUPS} a PCER audit compares (its "
            f"spreads take every pair of groups: {n * (n - 1) // 2:,} pairs)",
            "groups",
            fix=f"merge groups into at most {MAX_GROUPS} (e.g. the rare ones into 'other'), "
            "or audit a coarser attribute",
        )


# The fix of a continuous group column: Python's words, and pcer audit's in files and flags
# (it has no --bins), carried as every FaceFix is.
CONTINUOUS_FIX = FaceFix(
    "bin it into a few groups first (e.g. pd.cut(df[col], [0, 25, 45, 65, 120]).astype(str)); "
    "if the numbers really are group codes, write them as text that is not a number (e.g. "
    "'code 7')",
    "bin it into a few groups first: write a column of ranges into both files (e.g. 0-24, "
    "25-44, 45-64, 65+) and give its name as --protected (pcer audit has no --bins); if the "
    "numbers really are group codes, write them as text that is not a number (e.g. code 7)",
)


# A group label that reads as a number (1, -3, 1.0, 1.50, 1e3), or a bool column's truth.
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
_TRUTHS = {"True": 1.0, "False": 0.0}


def _as_number(label: str) -> float | None:
    if label in _TRUTHS:
        return _TRUTHS[label]
    return float(label) if _NUMBER.fullmatch(label) and np.isfinite(float(label)) else None


def _written_as(label: str) -> str:
    """How a column that holds ``label`` writes its groups, in words."""
    if label in _TRUTHS:
        return "truths (a bool column)"
    if re.fullmatch(r"[+-]?0\d+", label):
        return "zero-padded digits (a text column)"
    if _INTEGER.fullmatch(label):
        return "integers"
    return "decimals (a float column, as pandas reads an integer column with a missing value)"


_INTEGER = re.compile(r"[+-]?\d+")
_PLAIN_INTEGER = re.compile(r"-?(0|[1-9]\d*)")  # as an integer column writes it


def _refuse_number_spellings(only_train: list[str], only_test: list[str]) -> None:
    """Refuse a group that train and test write as one number spelled two ways (``1.0`` in a
    float column, ``1`` in an integer one; ``True`` and ``1``): two groups to the audit, one
    to the user, who is told why and how to write them alike."""
    numbers = {_as_number(b): b for b in only_test}
    pairs = [
        (a, numbers[v]) for a in only_train if (v := _as_number(a)) is not None and v in numbers
    ]
    if not pairs:
        return
    a, b = pairs[0]
    more = f" (and {len(pairs) - 1} more group(s) written so)" if len(pairs) > 1 else ""
    fix = f"write each group the same way in both splits (e.g. {b!r} in both)"
    cli = f"write each group the same way in both files (e.g. {b!r} in both)"
    if bool(_PLAIN_INTEGER.fullmatch(a)) != bool(_PLAIN_INTEGER.fullmatch(b)):
        whole, other, side = (a, b, "test") if _PLAIN_INTEGER.fullmatch(a) else (b, a, "train")
        fix = (
            f"write each group the same way in both splits, as the integer {whole!r}: e.g. in "
            "pandas df[col] = pd.to_numeric(df[col]).astype('Int64') on the "
            f"{side} split's group column"
        )
        cli = (
            f"write each group the same way in both files, as the integer {whole!r}: save the "
            f"--{side} file's group column as whole numbers ({whole!r}, not {other!r}); "
            f"preparing it in pandas: df[col] = pd.to_numeric(df[col]).astype('Int64') on the "
            f"{side} split's group column"
        )
    how = (
        f"train's group column holds {_written_as(a)}, test's {_written_as(b)}"
        if _written_as(a) != _written_as(b)
        else "the same number written two ways"
    )
    raise argument_error(
        f"train and test write one group differently (train {a!r}, test {b!r}){more}: {how}, "
        "so the same value would be audited as two groups",
        "groups",
        fix=FaceFix(fix, cli),
    )


def _some(names: list[str], limit: int = 10) -> str:
    """The first ``limit`` of ``names`` and how many more (an id column read as groups has one
    per row: a refusal stays one readable line)."""
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return f"{names[:limit]}{more}"


def _group_order(group_order, groups: set[str]) -> tuple[str, ...]:
    """A sequence of names (never one string: read character by character) listing every group
    exactly once; None: the groups sorted. A set or dict is refused: its order is not the
    caller's (a set of strings iterates in a per-process hash order)."""
    one = isinstance(group_order, TEXT_LIKE)  # a bytearray too: not its byte values
    unordered = isinstance(group_order, set | frozenset | dict)
    if one or unordered or not (group_order is None or hasattr(group_order, "__iter__")):
        raise argument_error(
            "must be a sequence of group names, not "
            + (
                "one string (it would be read character by character)"
                if one
                else f"a {type(group_order).__name__}: its order is not the one you wrote "
                "(a set's changes from run to run)"
                if unordered
                else f"a single {type(group_order).__name__}"
            ),
            "group_order",
            group_order,
            "e.g. group_order=['A', 'B']",
        )
    order = tuple(map(str, group_order)) if group_order is not None else tuple(sorted(groups))
    if len(set(order)) != len(order) or set(order) != groups:
        fix = f"use an order of {sorted(groups)}"
        quoted = any(_needs_quotes(g) for g in groups)  # else the flag's words are these
        cli = f"write the names as a CSV row, e.g. --group-order {group_order_flag(groups)}"
        raise argument_error(
            "group_order must list every group exactly once",
            "group_order",
            list(order),
            FaceFix(fix, cli) if quoted else fix,
        )
    return order


def _needs_quotes(name: str) -> bool:
    """Whether ``pcer audit --group-order`` (split at commas, each name stripped) needs ``name``
    in double quotes: it holds a comma or spaces around it, or starts with a quote."""
    return "," in name or name != name.strip() or name.startswith('"')


def group_order_flag(groups) -> str:
    """``--group-order``'s value (shell-quoted) naming ``groups`` sorted, as a CSV row: a name
    that needs it in double quotes (``'" Female"," Male"'``)."""
    names = ['"' + g.replace('"', '""') + '"' if _needs_quotes(g) else g for g in sorted(groups)]
    return shlex.quote(",".join(names))


def refuse_same_rows(train: SplitPredictions, test: SplitPredictions) -> None:
    """One set of rows given as both splits refused: the same object, or the same rows in any
    order (the CLI names test its --test file). Call it after the other arguments' checks."""
    fix = "give the model's held-out rows as the test split and its training rows as train"
    order_of_rows = None if train is test else same_rows(train, test)
    if train is test or order_of_rows:
        what = (
            "is the train object again"
            if train is test
            else f"holds the same rows as train, {order_of_rows}"
        )
        raise argument_error(f"{what}: {NOTHING_MEASURED}", "test", fix=fix)
    shared = shared_test_rows(train, test)
    if shared is not None and shared[0].all():  # a subset of train: no row is held out
        raise argument_error(
            f"holds only train rows: all {len(shared[0])} test rows {shared[1]}, so no "
            "accuracy is measured on held-out rows and δ_g = acc_train − acc_test measures "
            "no privacy cost",
            "test",
            fix=fix,
        )


def _check_binary_column(values, col: str, where: str, role: str) -> None:
    """A label or prediction column of 0/1: other values are refused, named with how many rows
    hold them and the first (``pcer audit`` has no positive-label option: PCER compares
    correctness, and the favourable direction is ``--positive``). Text ``'0'``/``'1'`` (a CSV
    column read as text because of one stray word) counts as 0/1, so only the stray values are
    named; the fix drops or corrects them, or thresholds scores, never a recoding that would
    map the real 0/1 values to 0."""
    bad = ~values.map(is_zero_one).to_numpy(dtype=bool) & values.notna().to_numpy()
    if not bad.any():
        if values.map(lambda v: isinstance(v, str)).any():
            raise EthicLensInputError(
                f"{where} holds its 0/1 values as text",
                column=col,
                fix=_label_fix(col, role, pd.unique(values.dropna())),
            )
        return
    first = int(bad.argmax())
    other = pd.unique(values[bad])
    shown = [plain(v) for v in other[:6]]
    more = f" and {len(other) - 6} more" if len(other) > 6 else ""
    raise EthicLensInputError(
        f"{where} must be 0/1: {int(bad.sum())} row(s) hold other values {names_words(shown)}{more}"
        f"{first_row(first)} (value {plain(values.iloc[first])!r})",
        column=col,
        fix=_label_fix(col, role, pd.unique(values.dropna()), (int(bad.sum()), len(values))),
    )


def _label_fix(col: str, role: str, values, rows=None) -> str:
    """``label_fix``'s words for a file's label or prediction column, carrying ``pcer
    audit``'s where they give pandas code (:class:`FaceFix`): what to write into the file, and
    the flag of ``role`` (it has no threshold option), then that code for a file prepared in
    pandas."""
    fix = label_fix(col, values, rows=rows)
    code = fix.partition(", e.g. in pandas ")[2]
    if not code:  # no code: the words are the file's too
        return fix
    uniq = [plain(v) for v in values]
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in uniq)
    if numeric and (len(uniq) > 3 or not all(float(v).is_integer() for v in uniq)):
        cut = "0.5" if all(0 <= v <= 1 for v in uniq) else "the model's decision threshold T"
        cli = (
            f"threshold it into a 0/1 column first: write 1 where {col!r} is at least {cut} "
            f"and 0 elsewhere into a column of both files, and give its name as "
            f"--{role.replace('_', '-')} (pcer audit takes 0/1, not scores)"
        )
    elif all(is_zero_one(v) for v in uniq):
        cli = f"store {col!r} as integers 0 and 1 in the file (a number column, not text)"
    else:
        cli = (
            f"the column holds two values {names_words(sorted(uniq, key=None if numeric else str))}"
            ": write it into the "
            f"file as 0/1, with 1 for {positive_value(uniq)!r}"
        )
    return FaceFix(fix, f"{cli}; preparing it in pandas: {code}")
