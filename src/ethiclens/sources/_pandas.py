"""The pandas path: the reference reader every other engine agrees with (docs/engines.md).

The rows of a file, glob or folder read by the one rule (CSV groups as text, files matched by
column name, surplus fields refused with their line), and their counts table, refused with
``ethiclens.audit``'s words and rows.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd

from .._checks import (
    argument_kinds,
    check_label_lengths,
    check_labels_print_apart,
    instance_kind,
    refuse_bool_beside_number,
)
from .._text import printed_floats
from ..errors import DataFileError, EthicLensInputError
from ..fairness import as_scores, as_weights, groups_without_rows
from ..io import (
    COMPRESSED,
    FRAME_KIND,
    _object_starts,
    _read_parquet,
    _refuse_no_file,
    path_kind,
    read_table,
    refuse_short_rows,
)
from ._counts_table import (
    Roles,
    canonical_zero,
    counts_of,
    refuse_reserved,
    refusing_roles_keywords,
    sorted_cells,
)
from ._duckdb import CSV, PARQUET, file_layout
from ._rules import (
    JSON_NAME,
    FileLayout,
    _hive_keys,
    _label,
    _zero_one_text,
    check_columns,
    join_files,
    joined_columns,
    json_row_place,
    missing_groups_error,
    missing_in_file_error,
    missing_values_error,
    name_file_rows,
    named_below,
    no_rows_error,
    numbers,
    ragged_error,
    record_engine,
    refuse_as_audit,
    refuse_blank_groups,
    refuse_header_line,
    refuse_pos_label,
    stray_labels,
    stray_labels_error,
    type_groups,
    type_labels,
)


@argument_kinds(
    path=path_kind(),
    columns=instance_kind(list | tuple, "a list of column names", "e.g. ['y', 'pred']"),
)
def read_csv_file(path, columns: list, dtype=None) -> pd.DataFrame:
    """``columns`` of one CSV file as every reader takes them: a row with more fields than the
    header is refused naming its line (pandas reading only some columns would drop the surplus
    silently, so the whole row is parsed). A path that names no file ('', a folder, a missing
    one) is refused as every reader refuses it, never pandas' FileNotFoundError."""
    _refuse_no_file(path)
    try:
        frame = pd.read_csv(path, dtype=dtype, encoding="utf-8-sig")
    except (pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise _unreadable_csv(path, str(exc)) from None
    # pandas takes a first data row one field longer than the header (a surplus value, or a
    # comma ending every row) as naming each row: refused as a longer row is, by its line
    if not isinstance(frame.index, pd.RangeIndex):
        raise _unreadable_csv(path, "a row has more fields than the header")
    refuse_short_rows(frame, [path])  # a row with fewer fields: its last ones read as empty
    for column in columns:
        if column not in frame.columns:  # one file of several without a column read
            raise missing_in_file_error(path, column, list(frame.columns))
    return frame[list(columns)]  # a tuple too (as its guard takes), never one key


def _unreadable_csv(path, reason: str) -> DataFileError:
    """The refusal of a CSV file pandas could not read as a table: its first row with surplus
    fields, or its first byte that is not UTF-8, as every engine names them; else ``reason``."""
    return ragged_error([path]) or DataFileError(
        f"cannot read {Path(path).name}: {reason.strip().splitlines()[0]}",
        fix="check the file is comma-separated with the same number of fields on every row",
    )


@refusing_roles_keywords
@named_below
def read_rows(target, roles) -> pd.DataFrame:
    """The role columns of TARGET (file, glob or folder) read by pandas by the rule: CSV groups
    as text (leading zeros kept), files matched by column name, a row with surplus fields
    refused with its line. Hand the columns to ``ethiclens.audit``; that is the reference
    every other engine agrees with."""
    if _pandas_only(target):
        # JSON, other compressions: no engine but pandas reads them; a CSV's text by the rule
        text = dict.fromkeys(roles.columns, str) if _packed_csv(target) else None
        frame = read_table(target, csv_dtype=text)
        check_columns(frame.columns, roles, target)
        frame = frame[list(roles.columns)]
        return _typed_csv(_typed_labels(frame, roles, target), roles) if text else frame
    columns, layout = file_layout(target)
    check_columns(columns, roles, target, layout)
    refuse_reserved(roles.protected)  # as the counting engines refuse it
    frames, number_cols = [], _number_columns(roles)
    for f in layout.files:
        keys = _hive_keys(f, target) if layout.hive else {}
        wanted = [c for c in roles.columns if c not in keys]
        if layout.kind == "parquet":
            frame = _read_parquet(f, columns=wanted)
        else:
            # every column read as text: a 'True' score or weight is the text the other engines
            # refuse as not a number, not a boolean pandas would take for 1
            frame = _typed_labels(read_csv_file(f, wanted, dict.fromkeys(wanted, str)), roles, f)
        for k, v in keys.items():
            if k in roles.columns:
                frame[k] = v
        frames.append(frame)
    if len(frames) > 1:
        frames = _printed_if_widened(frames, number_cols)
    frame = join_files(frames, joined_columns(roles, counted=False))
    if frame.empty:
        raise no_rows_error(target)
    if layout.kind == "csv":
        return _typed_csv(frame, roles)
    for col in roles.protected:  # a float -0.0 is the group 0.0 on every engine
        frame[col] = canonical_zero(frame[col])
    return frame


def _typed_labels(frame: pd.DataFrame, roles, path) -> pd.DataFrame:
    """The text ``frame`` of one CSV file ``path``: a line repeating its header refused, its
    labels typed as every engine types them (each file's on their own)."""
    number_cols = _number_columns(roles)
    named = {c: c for c in frame.columns if c in roles.protected or c not in number_cols}
    refuse_header_line(frame, named, [path])
    for col in frame.columns:
        if col not in {*roles.protected, *number_cols}:
            frame[col] = type_labels(frame[col])
    return frame


def _typed_csv(frame: pd.DataFrame, roles) -> pd.DataFrame:
    """CSV rows (text, labels typed): scores and weights typed as numbers, groups by the rule
    (a float -0.0 is the group 0.0 on every engine)."""
    _type_csv_numbers(frame, [c for c in _number_columns(roles) if c in frame.columns])
    for col in roles.protected:
        frame[col] = canonical_zero(type_groups(frame[col]))
    return frame


def _printed_if_widened(frames: list, columns: list) -> list:
    """Parquet ``frames`` whose float32 (or float16) score or weight ``columns`` another file
    stores wider: those columns read as the decimals they print as (:func:`printed_floats`),
    which joining them to float64 would lose (0.7 would be 0.699999988), as the other engines
    read each file."""
    mixed = [c for c in columns if len({str(f[c].dtype) for f in frames}) > 1]
    return [f.assign(**{c: printed_floats(f[c]) for c in mixed}) if mixed else f for f in frames]


def _number_columns(roles) -> list:
    """The score and weight columns that are not also a label (a label stays typed)."""
    labels = {getattr(roles, "y_true", None), getattr(roles, "y_pred", None)}
    return [c for c in (roles.y_score, roles.weight) if c and c not in labels]


def _type_csv_numbers(frame: pd.DataFrame, columns: list) -> None:
    """A CSV's score and weight ``columns``, read as text, typed as numbers by the reader when
    every value is one (a CSV has no string type: ``fairness.typed_numbers_error`` refuses
    only a column typed as text in the data); a column holding other text stays text, so the
    audit names its first value that is not a number."""
    for col in columns:
        values, _, notnum = numbers(frame[col], text=True)
        if not notnum.any():
            frame[col] = values


@argument_kinds(
    exc=instance_kind(EthicLensInputError, "a refusal", "e.g. the EthicLensInputError caught"),
    target=path_kind(),
)
def name_rows(exc: EthicLensInputError, target) -> EthicLensInputError:
    """``exc``, a refusal of the rows :func:`read_rows` read from TARGET whose "first at row
    N" counts them from 0, naming that row by its file and line instead (the header is line 1;
    a Parquet file's row from 1), as every engine names it; a JSON file's by its record's line,
    else its row from 1."""
    if not _pandas_only(target):
        return name_file_rows(exc, file_layout(target)[1])
    if _packed_csv(target):
        return name_file_rows(exc, _packed_layout(target))
    json_file = JSON_NAME.search(str(target))  # a Path too, as a CSV's is taken
    return name_file_rows(exc, _JsonRows(str(target))) if json_file else exc


class _JsonRows:
    """Where a JSON file's rows lie, for :func:`name_file_rows`: the line a row's record starts
    on where each record starts a line of its own (``_rules.json_record_line``), as a repeated
    key is named; else ``FILE row R`` counted from 1, as a Parquet file's row."""

    def __init__(self, path):
        self.path = path

    def place(self, index: int) -> str | None:
        return json_row_place(self.path, index, _object_starts)

    def first(self, column, test) -> None:
        return None  # a blank group name is refused without a row, as for any DataFrame


def _pandas_only(target) -> bool:
    """TARGET is one file of a kind only pandas reads (JSON: its rows named by _JsonRows)."""
    path = Path(target)
    return path.is_file() and not path.name.lower().endswith(CSV + PARQUET)


def _packed_csv(target) -> bool:
    """TARGET is one CSV file compressed otherwise than by gzip (.csv.bz2, .csv.zip, .csv.xz):
    only pandas reads it, by the CSV rule (its text typed, its rows named by their line)."""
    path = Path(target)
    packed = path.suffix.lower() in COMPRESSED and Path(path.stem).suffix.lower() == ".csv"
    return packed and _pandas_only(target)


def _packed_layout(target) -> FileLayout:
    """The one CSV file TARGET (:func:`_packed_csv`) as :func:`name_file_rows` reads it."""
    return FileLayout([os.fspath(target)], "csv", target=os.fspath(target))


@refusing_roles_keywords
def pandas_counts(target, roles):
    """The counts table of TARGET counted by pandas, read and checked by the rule: the rows of
    :func:`read_rows`, refused with ``audit``'s words and rows (missing labels, scores, weights,
    groups, unused categories; the first bad row by its file and line), then counted.
    ``attrs["ethiclens_engine"]`` is ``"pandas"``."""
    rows = read_rows(target, roles)
    try:
        _check_rows(rows, roles, _first_written(target))
    except EthicLensInputError as exc:
        raise name_rows(exc, target) from None
    if roles.weight:  # a float32 weight counted as the decimal it prints as, as audited
        rows[roles.weight] = printed_floats(rows[roles.weight])
    # in its keys' order, as every other engine's (finish_counts) and a written file's
    return record_engine(sorted_cells(counts_of(rows, roles)), "pandas")


def _first_written(target):
    """``first(column, test)`` of TARGET's files (``FileLayout.first``: the first row whose
    value as written, a CSV's text or a Parquet value, passes ``test``, and that value), as the
    other engines find it; None for a file only pandas reads (JSON: its rows keep their
    number)."""
    if _packed_csv(target):
        return lambda column, test: _packed_layout(target).first(column, test)
    if _pandas_only(target):
        return None
    return lambda column, test: file_layout(target)[1].first(column, test)  # once refused


def _check_rows(rows: pd.DataFrame, roles, first=None) -> None:
    """``audit``'s refusals of the rows (the first bad one counted from 0); ``first``
    (:func:`_first_written`) names a stray label's row and shows its value as written."""
    n = len(rows)
    _check_labels(rows, roles, first)
    if roles.y_score:
        as_scores(rows[roles.y_score], n)
    if roles.weight:
        as_weights(rows[roles.weight], n)
    for col in roles.protected:
        miss = rows[col].isna().to_numpy()
        if miss.any():
            raise missing_groups_error(int(miss.sum()), _first_row(miss), col)
        check_label_lengths(rows[col].to_numpy(), col)
        refuse_bool_beside_number(rows[col], col)  # a JSON file's true beside 1: one group
        refuse_blank_groups(rows[col], col, lambda test, col=col: _first_row(test(rows[col])))
        if isinstance(rows[col].dtype, pd.CategoricalDtype):
            used = {str(v) for v in pd.unique(rows[col])}
            if empty := [str(c) for c in rows[col].cat.categories if str(c) not in used]:
                raise groups_without_rows(empty, col)
            rows[col] = rows[col].astype(object)


_ROLES_KIND = instance_kind(
    Roles, "a sources.Roles", "e.g. Roles(y_true='y', y_pred='p', protected=['g'])"
)


@argument_kinds(rows=FRAME_KIND, roles=_ROLES_KIND)
def refuse_stray_labels(rows: pd.DataFrame, roles, target) -> None:
    """The label checks of every engine on ``rows``, read from TARGET by :func:`read_rows`:
    ``roles.y_pred``, then ``roles.y_true``, where ``roles.binary_labels`` asks for 0/1
    (``"audit"``: an audit given no ``--pos-label``, in its words), without stray values (a
    1.5 or a 0.5 among 0/1, codes), the first such row named by its file and line and its
    value as written, as the counting engines name it (a column of scores is refused in the
    scores' words, naming no row). A column with missing values or lists stops the check:
    the audit refuses it in its own words, in its order."""
    try:
        _check_labels(rows, roles, _first_written(target), stop=True)
    except EthicLensInputError as exc:
        raise name_rows(exc, target) from None


def _check_labels(rows: pd.DataFrame, roles, first, *, stop: bool = False) -> None:
    """No missing prediction or label; with ``roles.binary_labels``, no stray label
    (:func:`_refuse_stray_labels`). ``stop``: at the first column with missing values or
    lists, refuse nothing more (the audit's own checks refuse it); else, for an audit given no
    ``--pos-label``, refuse as it does (:func:`_rules.refuse_as_audit`)."""
    audit = getattr(roles, "binary_labels", False) == "audit" and not stop
    passed, labels = [], {}
    for col, role in ((roles.y_pred, "y_pred"), (roles.y_true, "y_true")):
        if not col:
            continue
        miss = rows[col].isna().to_numpy()
        if miss.any() and stop:
            return
        if miss.any():
            refuse_as_audit(passed)  # the audit checks the columns before this one first
            raise missing_values_error(int(miss.sum()), _first_row(miss), _label(col, role))
        try:
            uniques = list(pd.unique(rows[col]))
        except TypeError:  # a list or mapping in a cell: refused later, naming its type
            if stop:
                return
            continue
        # 1 and '1' (files of two types) refused as every engine refuses them, first
        check_labels_print_apart(uniques, _label(col, role))
        if stray_labels(uniques) and getattr(roles, "binary_labels", False):
            _refuse_stray_labels(rows[col], uniques, _label(col, role), role, first, roles)
        if audit:
            passed.append((rows[col], None, col, role))
        refuse_pos_label(labels, rows[col].reset_index(drop=True), role, roles, None)
    refuse_as_audit(passed)
    refuse_pos_label(labels, None, None, roles, None, lambda c: rows[c].reset_index(drop=True))


def _refuse_stray_labels(values: pd.Series, uniques, column: str, role: str, first, roles) -> None:
    """:func:`stray_labels_error` of a label column: its first row that does not read as 0/1
    and that row's value, as written in the file where ``first`` finds it (0.50, not the 0.5
    pandas typed), as every engine names them."""

    def odd(s: pd.Series) -> np.ndarray:
        return ~s.map(_zero_one_text).to_numpy(dtype=bool)

    mask = odd(values)
    where, value = _first_row(mask), values.iloc[int(mask.argmax())]
    hit = first(values.name, odd) if first is not None else None
    if hit and isinstance(hit[0], str):
        where, value = f", first at {hit[0]}", hit[1]
    audit = roles.binary_labels == "audit"
    raise stray_labels_error(
        uniques, int(mask.sum()), where, value, column, role, total=len(values), audit=audit
    )


def _first_row(miss: np.ndarray) -> str:
    return f", first at row {int(np.argmax(miss))}"
