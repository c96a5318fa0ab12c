"""Per-window counts of a target with a time column, counted where the data is.

A window is ``Kd`` (K days, UTC, the first starting on the first day the store saw) or ``N``
rows (rows numbered in time order across the whole target; only full windows are processed).
The counts table has one row per (window, protected values..., y_true, y_pred) with ``count``;
DuckDB runs one GROUP BY over files, globs and folders, pandas reads other formats (or
everything under ``--engine pandas``), a database runs it itself (day and row windows); Dask
and Spark count files on a cluster (``_engines``, which picks the engine). Rows are placed
by their timestamp, so rows out of order within or across files are simply sorted (documented in
docs/monitoring.md).
"""

from __future__ import annotations

import csv
import datetime as dt
import glob
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from .._checks import (
    bytes_like_as_bytes,
    check_labels_print_apart,
    decoded_bytes,
    label_texts,
    names_words,
    plain,
    whole_number,
)
from .._keywords import refusing_unknown_keywords
from .._text import printed_floats
from ..errors import (
    DataFileError,
    EmptyInputError,
    EthicLensInputError,
    FaceFix,
    absent_label_named,
    plain_text,
    shortened_digits,
)
from ..fairness import (
    PosLabelAbsent,
    negative_values_notes,
    round_significant,
    values_written_alike,
)
from ..io import (
    _BEING_WRITTEN,
    _first_not_one_value,
    _not_one_value_error,
    _path_exists,
    _read_parquet,
    ragged_error,
    refuse_password_names,
)
from ..sources import (
    NA_TEXT,
    as_pandas_reads,
    canonical_zero,
    duckdb_connection,
    duckdb_failure,
    duckdb_literal_paths,
    forget_duckdb_database,
    hive_keys,
    interval_refusal,
    mixed_line_ends,
    parquet_key_types,
    read_csv_file,
    refuse_reserved,
    refuse_stray_counted,
    register_pandas_types,
    resolve_files,
    row_place,
)
from ._edits import (
    binned_groups,
    check_groups,
    label_text,
    names_one,
    plural,
    positive_labels,
    typed_text,
)

DAY = 86400
WINDOW, COUNT, TS = "_ethiclens_window", "_ethiclens_count", "_ethiclens_ts"
# with --propensity: per cell the sums of 1/π and 1/π² and the smallest π; with --weight w the
# same with w for 1/π (the sums of w and w², the smallest 1/w) and also the largest 1/w (a group
# whose weights are all equal is counted as unweighted, exactly)
# the counts' own columns, prefixed so that no role's column can take their names (a role
# column with the prefix is refused): any other column name works as a role
INTERNAL = "_ethiclens_"
# the prediction's and the label's columns in the counted table
PRED, LABEL = "_ethiclens_y_pred", "_ethiclens_y_true"
WSUM, W2SUM, PMIN, PMAX = "_ethiclens_w", "_ethiclens_w2", "_ethiclens_pmin", "_ethiclens_pmax"
WEIGHTED = (WSUM, W2SUM, PMIN, PMAX)
# per cell: its rows whose time lies in one of ``Columns.held``'s spans
HELD = "_ethiclens_held"
# a held span taken a microsecond wider each side: engines cut times to the microsecond, and a
# row counted in too many only lets a short window pass as before, never refuses a whole one
_HELD_SLACK = 1e-6


def held_mask(ts, held) -> np.ndarray:
    """Which of the epoch seconds ``ts`` lie in one of the ``held`` spans (``Columns.held``)."""
    ts = np.asarray(ts, dtype=float)
    inside = np.zeros(len(ts), dtype=bool)
    with np.errstate(invalid="ignore"):
        for lo, hi in held:
            inside |= (ts >= lo - _HELD_SLACK) & (ts <= hi + _HELD_SLACK)
    return inside


def held_sql(ts: str, held) -> str:
    """SQL true for a row whose epoch seconds ``ts`` lie in one of the ``held`` spans."""
    spans = [
        f"({ts} BETWEEN {float(lo) - _HELD_SLACK!r} AND {float(hi) + _HELD_SLACK!r})"
        for lo, hi in held
    ]
    return " OR ".join(spans) or "FALSE"


# how a cell's count and weight sums add up when cells are summed (the extremes kept)
SUMMED = {COUNT: "sum", WSUM: "sum", W2SUM: "sum", PMIN: "min", PMAX: "max"}
# the row column each weight sum is taken from (``_ethiclens_p``: π, or 1/w with --weight)
TERMS = {WSUM: WSUM, W2SUM: W2SUM, PMIN: "_ethiclens_p", PMAX: "_ethiclens_p"}
# the usable weights (and propensities from MIN_WEIGHT): their squares and inverses, summed
# over a window's rows, stay finite (only the weights' ratios matter, so a feed beyond them can
# be rescaled); NaN, which sorts above all in DuckDB, Spark and PostgreSQL, is refused with them
MIN_WEIGHT, MAX_WEIGHT = "1e-100", "1e100"
# under --pos-label a store remembers at most this many values of each label column, none
# longer than this (meta label_values)
MAX_LABEL_VALUES, MAX_LABEL_TEXT = 100, 200
# every engine hands labels over as text
LABEL_VALUES = {
    "0": 0, "1": 1, "false": 0, "true": 1, "False": 0, "True": 1, "FALSE": 0, "TRUE": 1,
    "0.0": 0, "1.0": 1,
}  # fmt: skip


@dataclass(frozen=True)
class Window:
    """``kind`` is ``days`` or ``rows``; ``size`` the number of days or rows."""

    kind: str
    size: int

    def __str__(self) -> str:
        return f"{self.size}d" if self.kind == "days" else str(self.size)


# the largest windows: 100 years of days (times end in 2262, pandas' last day), 10¹² rows
MAX_DAYS, MAX_ROWS = 36_500, 10**12


def parse_window(text) -> Window:
    """``1d``, ``7d``, ``30d`` (any ``Kd`` up to ``MAX_DAYS``) or ``N`` rows (up to
    ``MAX_ROWS``), in ASCII digits without padding.

    Padding is a space or a sign around the digits (`` 5``, ``+5``); leading zeros are read
    as the number (``01d`` is ``1d``), as are ``7 d`` and ``7D`` (``7d``)."""
    if isinstance(text, int) and not isinstance(text, bool):  # of any size (str(): 4,300 digits)
        kind, size = "rows", text
    else:
        raw = str(text).lower()  # ASCII digits only, unpadded: "٣", "３" or " 5" is not 3, 5
        m = re.fullmatch(r"([0-9]+) *d", raw)
        kind, size = ("days", m.group(1)) if m else ("rows", raw)
        size = whole_number(size) if re.fullmatch(r"[0-9]+", size) else 0  # any length
    top = MAX_DAYS if kind == "days" else MAX_ROWS
    if 1 <= size <= top:
        return Window(kind, int(size))
    if size > top:
        problem = f"is larger than the largest window ({top:,} {kind})"
        fix = "give a window of at most 36500d, or at most 10¹² rows"
    else:
        problem = "is not a window size"
        fix = "give days as 1d, 7d or 30d (any Kd), or a number of rows such as 10000"
    raise EthicLensInputError(problem, column="--window", value=_shown_window(text), fix=fix)


def _shown_window(text):
    """A window as typed, its digits shortened as every long whole number is shown
    (``999999999999…999999 (3,000 digits)d``)."""
    m = re.fullmatch(r"([+-]?)([0-9]{41,})(.*)", text) if isinstance(text, str) else None
    if m is None:
        return text
    sign, digits, rest = m.groups()
    return shortened_digits(sign + digits[:12], digits[-6:], len(digits)) + rest


@refusing_unknown_keywords(init=True)  # Columns(typo=...): audit()'s refusal
@dataclass(frozen=True)
class Columns:
    """Which column plays which part: the time, the prediction, the protected attributes, the
    label (optional) and each row's sampling probability (``--propensity``, optional); which
    label and prediction value is positive when they are not 0/1 (``--pos-label``); each
    row's survey weight (``--weight``, optional; it acts as 1/π); and the numeric attributes
    counted in bins (``--bins``: {attribute: edges}, optional)."""

    time: str
    y_pred: str
    protected: tuple = ()
    y_true: str | None = None
    propensity: str | None = None
    pos_label: str | int | float | bool | None = None
    weight: str | None = None
    bins: dict | None = None
    # the time spans ((first, last) epoch seconds) of the rows a last run held back: each
    # engine also counts a day window's rows in them (``HELD``), that those rows are still there
    held: tuple = ()
    # under --pos-label, the values the store has seen its label columns write beside the
    # positive value (meta ``label_values``, all columns together; None: no store yet), so a
    # TARGET in which no column holds it is counted when it writes only those (all negative)
    label_values: tuple | None = None
    # of ``label_values``, those the store has seen (a separate baseline's: the rest are this
    # run's TARGET's, which a refusal says); None: all of them
    stored_label_values: tuple | None = None

    @property
    def weighting(self) -> str | None:
        """``propensity``, ``weight`` or None: how the rows are weighted."""
        return "propensity" if self.propensity else "weight" if self.weight else None

    @property
    def weighted_by(self) -> list[str]:
        """The column weighting the rows (``--propensity`` or ``--weight``), if any."""
        return [c for c in (self.propensity, self.weight) if c]

    @property
    def weighted_label(self) -> tuple[str, str]:
        """(the weighting column as a refusal names it, its role): with its role, as the audit
        names a weight column and the monitor its label ('w (sample_weight)', 'pi
        (propensity)', 'y (y_true)'); one label for the weight column on every face."""
        column, role = self.weighted_by[0], "propensity" if self.propensity else "sample_weight"
        return (role if column == role else f"{column} ({role})"), role

    @property
    def roles(self) -> list[str]:
        """The columns counted: label, prediction, protected attributes."""
        return [c for c in (self.y_true, self.y_pred) if c] + list(self.protected)

    @property
    def labels(self) -> list[str]:
        return [self.y_true] if self.y_true else []


@dataclass
class Counted:
    """The counts of a target: ``table`` (window, attributes..., y_true, y_pred, count) and
    ``windows`` (window, start, end, rows, complete) with times in epoch seconds (UTC)."""

    table: pd.DataFrame
    windows: pd.DataFrame
    origin_day: int | None
    t_min: float
    t_max: float
    engine: str
    # under --pos-label, {role: values} of each label column that holds the positive value
    # (``y_pred``, ``y_true``), as written: the run adds them to the store's ``label_values``
    label_values: dict | None = None
    # under --pos-label, the audit's note on the other values counted as negative
    # (``fairness.negative_values_notes``): the run's notes say it
    label_notes: list | None = None


# an in-memory target (``run_monitor`` from Python): its kind of files, and how its rows are
# named in messages (by their index label, as a file's by their line)
FRAME = "frame"
_FRAME_ROWS = "the DataFrame's row"


def frame_kind(target) -> str | None:
    """``pandas``, ``dask`` or ``spark`` for a DataFrame given as the target; None for a path."""
    if isinstance(target, pd.DataFrame):
        return "pandas"
    module = type(target).__module__
    if module.startswith("pyspark"):
        return "spark"
    return "dask" if module.startswith("dask") else None


def refuse_unread_kind(target, frame: bool = True) -> None:
    """A file of a kind the monitor does not read (its engines read CSV and Parquet; JSON, a
    CSV compressed otherwise than .gz, a spreadsheet: not), refused in its words before the
    audit's reader, which offers the pandas engine or .json, would refuse it. ``frame``: the
    Python face may give its rows as a DataFrame instead (a baseline may not)."""
    path, cli = str(target), "save the rows as .csv or .parquet"
    low = Path(path).name.lower()
    is_file = _path_exists(path, "TARGET") and Path(path).is_file()  # a name too long: refused
    if is_file and not low.endswith((".csv", ".csv.gz", ".parquet", ".pq")):
        if _being_written_name(path):  # converting a file cut short is no fix: wait for it
            done = path[: -len(Path(path).suffix)]
            cli = f"if it is still being written, run again once it is complete, on {done}"
            cli += "; otherwise save the rows as .csv or .parquet"
        # the reader of its kind: a JSON array is no JSON lines, a spreadsheet no JSON
        lines = ", lines=True" if ".jsonl" in low or ".ndjson" in low else ""
        read = f"read_json(path{lines})" if ".json" in low else "read_csv(path)"
        read = "read_excel(path)" if ".xls" in low else read
        raise EthicLensInputError(
            "the monitor reads .csv, .csv.gz, .parquet and .pq files only",
            column="TARGET",
            value=path,
            fix=FaceFix(
                f"{cli}, or give them as a DataFrame: target=pd.{read}",
                cli=cli,
            )
            if frame
            else cli,
        )


MIXED_FIX = (
    "convert them to one kind, all .csv or all .parquet (the monitor counts every row of TARGET)"
)


def monitor_files(target, config: bool = True) -> tuple[list[str], str, bool]:
    """``sources.resolve_files`` for the monitor (``target`` refused first as
    :func:`refuse_unread_kind` refuses it): a folder or glob holding files of another kind
    than CSV and Parquet, or of both, is refused with the fix the monitor takes, convert them
    (the audit's also offers to audit one JSON file alone, which the monitor refuses, or one
    kind, which leaves the other kind's rows out of windows they belong to). A relative path that
    is not there is said to be read from the current folder, as the audit says it, unless
    ``config`` is False (a baseline, which no config file gives)."""
    refuse_unread_kind(target)
    try:
        return resolve_files(str(target))
    except EthicLensInputError as exc:
        fix = getattr(exc, "not_alone", None)
        refused_kind = exc.problem.startswith("a folder or glob may hold only")
        if refused_kind and (partial := _being_written(str(target))):  # one to wait for
            fix = _being_written_fix(str(target), partial, exc.problem)
        elif exc.problem == "mixes CSV and Parquet files":  # the audit's "audit one kind" would
            fix = MIXED_FIX  # drop the other kind's rows: windows short, or late rows refused
        path = str(target)  # not there: a relative path is read where the command runs (audit's)
        if (
            config
            and not (os.path.exists(path) or glob.glob(path, recursive=True) or os.path.isabs(path))
            and "\x00" not in path
            and not path.startswith("~")  # read as written: io's fix says so
            and "://" not in path  # a URL: io's fix says where a database goes
        ):  # a NUL: no name at all, wherever it is read
            fix = f"{exc.fix} (a relative path is read from the current folder, also when a "
            fix += "config file gives it)"
        if fix in (None, exc.fix):
            raise
        raise type(exc)(exc.problem, column=exc.column, value=exc.value, fix=fix) from None


# the data files the monitor reads, named before a being-written suffix (io's _BEING_WRITTEN)
_DATA_NAMES = (".csv", ".csv.gz", ".parquet", ".pq")


def _being_written(target: str) -> list[str]:
    """The files of the folder or glob ``target`` named as a data file still being written
    (``d4.csv.part``, ``d4.csv.gz.tmp``): a folder holding one is refused by the sources as
    holding a kind no engine reads, whose fix, convert it, does not fit a file to wait for."""
    path = Path(target)
    try:
        found = path.rglob("*") if path.is_dir() else map(Path, glob.glob(target, recursive=True))
        return sorted(
            str(f)
            for f in found
            if _being_written_name(str(f))
            and not any(p.startswith(("_", ".")) for p in f.parts[len(path.parts) :])
        )
    except (OSError, ValueError):  # unreadable, or no pattern: the sources' refusal stands
        return []


def _being_written_fix(target: str, partial: list[str], problem: str) -> str:
    """The monitor's fix for a folder or glob holding ``partial`` files: run again once they
    are complete; a window processed without their rows is never processed again. Other
    kinds the sources' ``problem`` names beside them (``.json``) keep their fix: waiting
    alone would be refused again."""
    first = partial[0]
    done = first[: -len(Path(first).suffix)]
    leave = "move it out of the folder" if Path(target).is_dir() else "narrow the glob"
    fix = (
        f"if {first} is still being written, run again once it is complete (renamed to "
        f"{done}): the monitor counts every row of TARGET, and a window processed without "
        f"its rows is not processed again; if it is a leftover, {leave}"
    )
    held = re.search(r" holds (.+) files \(", problem)
    others = [k for k in held.group(1).split(" and ") if not _being_written_name(k)] if held else []
    if others:
        them = "move them out of the folder" if Path(target).is_dir() else "narrow the glob"
        fix += f"; the {' and '.join(others)} files: {them}, or convert them to .csv or .parquet"
    return fix


def _being_written_name(name: str) -> bool:
    """Whether ``name`` (a path or a kind as the sources write it, ``.csv.part``) is a data
    file's name while it is being written."""
    path = Path(name)
    return path.suffix.lower() in _BEING_WRITTEN and path.stem.lower().endswith(_DATA_NAMES)


def describe_target(target) -> str:
    """How reports and messages name a target: its path, or ``a pandas DataFrame (N rows)``,
    ``a Dask DataFrame``, ``a Spark DataFrame`` (not counted just to be named)."""
    kind = frame_kind(target)
    if kind is None:
        return str(target)
    if kind == "pandas":
        return f"a pandas DataFrame ({plural(len(target), 'row')})"
    return f"a {kind.capitalize()} DataFrame"


@dataclass(frozen=True)
class _Files:
    """The files of a target as ``sources.resolve_files`` found them, and their columns; an
    in-memory DataFrame is one "file" of kind ``FRAME``, ``target`` its description."""

    target: str
    files: list
    kind: str
    hive: bool
    columns: list
    # label and prediction columns stored as booleans in some Parquet files and as numbers in
    # others, read as numbers on every engine (``bool_number_columns``); the propensity or
    # weight, a float32 read as the decimal it prints as (``read_file``)
    numbered: tuple = ()
    printed: tuple = ()

    @property
    def holder(self) -> str:
        """What a message names as holding no rows: the one file TARGET resolved to (alone, in
        a folder or in a hive partition folder), as for a file named alone; else TARGET."""
        one = len(self.files) == 1 and self.kind != FRAME
        return str(self.files[0]) if one else self.target

    @property
    def folder_keys(self) -> set:
        """The columns that are hive folder keys (``g=NA/``): their values are the folder
        names' text, never a CSV missing-value word (``NA`` is a group), as the audit reads
        them on every engine."""
        return {k for f in self.files for k in hive_keys(f, self.target)} if self.hive else set()


def _check_columns(columns, needed: list, target) -> None:
    """Each (flag, column) of ``needed`` is one of ``columns``; a missing one refused naming
    the option that gave it (``--time``, ``--protected``, ...) and the column."""
    from ..io import column_not_found

    for flag, col in needed:
        if col not in columns:
            found = column_not_found(col, columns, target)
            error = EthicLensInputError(
                f"column {str(col)!r} not found in {target}", column=flag, fix=found.fix
            )
            error.missing_column = col  # a baseline's refusal says it is the baseline's
            raise error


def _role_flags(cols: Columns) -> list:
    """(flag, column) of every column ``cols`` names, in the order they are checked."""
    weighted = [("--weight" if cols.weight else "--propensity", c) for c in cols.weighted_by]
    return [
        ("--time", cols.time),
        *([("--y-true", cols.y_true)] if cols.y_true else []),
        ("--y-pred", cols.y_pred),
        *(("--protected", c) for c in cols.protected),
        *weighted,
    ]


def _check_roles(cols: Columns, available, target) -> None:
    used = [cols.time, *cols.roles, *cols.weighted_by]
    for name in used:
        if str(name).startswith(INTERNAL):
            raise EthicLensInputError(
                f"column names starting with {INTERNAL!r} are the monitor's own",
                column=name,
                fix="rename the column",
            )
    refuse_password_names(used)  # every role, as the audit's: the monitor's JSON names them
    refuse_reserved(cols.protected)  # as the audit and sql_counts, before "not in the file"
    _check_columns(available, _role_flags(cols), target)
    if len(set(used)) < len(used):
        flag = "--weight" if cols.weight else "--propensity"
        raise EthicLensInputError(
            "one column plays two roles",
            column="--time",
            value=cols.time,
            fix=f"give --time, --y-true, --y-pred, --protected and {flag} different columns",
        )


ENGINES = ("auto", "duckdb", "pandas", "dask", "spark")


def _engine(engine: str) -> str:
    if engine == "auto":
        try:
            import duckdb  # noqa: F401

            return "duckdb"
        except ImportError:
            return "pandas"
    if engine not in ENGINES:
        raise EthicLensInputError(
            "the monitor counts files with duckdb, pandas, dask or spark",
            column="--engine",
            value=engine,
            fix="give --engine auto, duckdb, pandas, dask or spark",
        )
    return engine


def weights_error(cols: Columns, bad, rows, where) -> None:
    """Refuse the rows whose propensity or weight (``cols.weighting``) is not usable."""
    if cols.weight:
        held = f"a weight that is missing, not a number, 0 or less, or outside [{MIN_WEIGHT}, "
        held += f"{MAX_WEIGHT}]"
        fix = (
            "every row needs a positive, finite weight (the number of rows it stands for): fix "
            "those rows, or drop rows that should not count (a weight of 0); only the weights' "
            "ratios matter, so weights beyond the range can be divided or multiplied by one "
            "constant"
        )
    else:
        held = f"a propensity that is missing, not a number, below {MIN_WEIGHT} or above 1"
        fix = (
            "every row needs its probability of having been sampled, a number in (0, 1]: fix "
            "those rows, or drop rows that could not have been sampled (π = 0 has no inverse "
            f"weight; below {MIN_WEIGHT} its square overflows)"
        )
    raise EthicLensInputError(
        f"{bad:,} of {rows:,} rows hold {held}{where}",
        column=cols.weighted_label[0],
        fix=fix,
    )


def valid_weight_sql(expr: str, cols: Columns) -> str:
    """SQL true for a usable propensity (in [MIN_WEIGHT, 1]) or weight (in [MIN_WEIGHT,
    MAX_WEIGHT]) ``expr``."""
    return f"{expr} >= {MIN_WEIGHT} AND {expr} <= {'1' if cols.propensity else MAX_WEIGHT}"


# the times every engine can place (pandas' nanosecond timestamps end in April 2262)
TIME_RANGE = ("1678-01-01", "2262-01-01")
_TIME_BOUNDS = tuple(pd.Timestamp(t, tz="UTC").timestamp() for t in TIME_RANGE)


def in_time_range(t_min, t_max) -> bool:
    """Whether epoch seconds ``t_min`` to ``t_max`` lie inside ``TIME_RANGE``."""
    return _TIME_BOUNDS[0] <= float(t_min) and float(t_max) < _TIME_BOUNDS[1]


def time_range_error(time: str, value, where: str = "") -> EthicLensInputError:
    """A time outside ``TIME_RANGE`` (``value``: as written, or as ISO 8601)."""
    return EthicLensInputError(
        f"holds a time outside {TIME_RANGE[0]} to {TIME_RANGE[1]}, the times the monitor can "
        f"place{where}",
        column=time,
        value=value,
        fix="fix or drop the rows with impossible times (e.g. a placeholder such as 9999-12-31)",
    )


def _iso_or_seconds(seconds: float) -> str:
    """Epoch seconds as ISO 8601 UTC, or as seconds beyond Python's years 1 to 9999."""
    try:
        return dt.datetime.fromtimestamp(seconds, dt.UTC).isoformat().replace("+00:00", "Z")
    except (ValueError, OverflowError, OSError):
        return f"{seconds:.0f} s after 1970-01-01"


_ISO_FIX = (
    "write times as ISO 8601 (2024-05-01, 2024-05-01T13:00:00, with an optional offset such as "
    "+02:00; without one, UTC is assumed)"
)


class NoRows(EmptyInputError):
    """A target of header-only files, or a database table or query without rows: a run adds
    nothing (``run_monitor``); a first run, with no store to report on, is refused.
    ``note``: how the run's note names what has no rows (None: the target's name);
    ``engine``: the engine that counted it."""

    note: str | None = None
    engine: str | None = None  # the engine that found no rows


def header_only(files, kind: str, hive: bool) -> bool:
    """Whether TARGET is one CSV file with a header and no data row (a day without traffic):
    refused by the file rule (``sources.file_columns``), counted here as no rows. A file
    with another problem is refused as the audit refuses it."""
    from ..io import preflight_file

    if len(files) != 1 or kind != "csv":
        return False
    try:
        preflight_file(files[0])
    except DataFileError:
        preflight_file(files[0], require_rows=False)  # another problem: refused here
        return True
    return False


def header_names(path, target=None, hive: bool = False) -> list[str] | None:
    """The column names of a header-only CSV file, a hive file's partition keys (the folders
    between TARGET and it) appended as the file rule appends them; None when a key is also a
    column (refused by the file rule)."""
    names = _header(path)
    keys = [p.partition("=")[0] for p in Path(path).relative_to(target).parts[:-1]] if hive else []
    return None if set(keys) & set(names) else [*names, *keys]


def _time_errors(time, missing, bad, example, rows, target, where="", bad_where=None) -> None:
    """Refuse rows without a time (``missing``, the first ``where``) and rows whose time is not
    one (``bad``, the first ``bad_where``, its value ``example``): each count with its own first
    row, both in one message when both occur."""
    if rows == 0:  # target: what holds no rows (_Files.holder)
        exc = NoRows(f"{target} has no data rows", fix="export the data again")
        exc.note = f"{target} has no rows"
        raise exc
    if not (missing or bad):
        return
    no_time = f"{missing:,} of {rows:,} rows have no time{where}"
    not_time = f"a value that is not a date or time{where if bad_where is None else bad_where}"
    if missing and bad:
        more = "1 more holds" if bad == 1 else f"{bad:,} more hold"
        problem = f"{no_time}; {more} {not_time}"
        fix = "every row needs a timestamp: fill or drop the rows without one, and " + _ISO_FIX
    elif missing:
        problem, example = no_time, None
        fix = (
            "every row needs a timestamp (ISO 8601, e.g. 2024-05-01T13:00:00Z): fill or drop "
            "those rows"
        )
    else:
        problem, fix = f"{bad:,} of {rows:,} rows hold {not_time}", _epoch_said(example) + _ISO_FIX
    raise EthicLensInputError(problem, column=time, value=example, fix=fix)


def _epoch_said(example) -> str:
    """The start of the fix of a time written as a Unix epoch count (1704067282 seconds,
    1704067282000 milliseconds, as a log or a database export writes it): what it reads as
    (the monitor reads no epoch counts); '' for anything else, or a count that would fall
    outside 1980 to 2100 (a compact date 202405011300 is none)."""
    text = str(example).strip()
    digits = text[:-2] if text.endswith(".0") else text
    if not (digits.isascii() and digits.isdigit() and 9 <= len(digits) <= 16):
        return ""
    if len(digits) == 10 and _compact_hour(digits):  # 2024010112: a date and hour, no count
        return ""
    unit, per = next(
        (u, k)
        for u, k, n in (("s", 1, 11), ("ms", 10**3, 14), ("us", 10**6, 17))
        if len(digits) < n
    )
    when = _iso_or_seconds(int(digits) / per)
    if not "1980" <= when[:4] <= "2100":  # 202405011300: a compact date, no epoch count
        return ""
    words = {"s": "seconds", "ms": "milliseconds", "us": "microseconds"}[unit]
    return f"the times look like Unix epoch {words} ({text} is {when}): convert them and "


def _compact_hour(digits: str) -> bool:
    """Whether ten digits write a date and an hour, YYYYMMDDHH (1900 to 2100)."""
    try:
        when = dt.datetime.strptime(digits, "%Y%m%d%H")
    except ValueError:
        return False
    return 1900 <= when.year <= 2100


# -- DuckDB ------------------------------------------------------------------------------------


def _q(name: str) -> str:
    if "\x00" in str(name):  # DuckDB cannot name it (the audit's DuckDB reader's words)
        raise EthicLensInputError("column names may not contain NUL", column=repr(name))
    return '"' + str(name).replace('"', '""') + '"'


def _duckdb_raw(src: _Files, cols: Columns, window: Window):
    import duckdb

    # each path escaped: DuckDB globs every path ('d[1].csv' counted d1.csv's rows)
    params = {} if src.kind == FRAME else {"files": duckdb_literal_paths(src.files)}
    source = "_ethiclens_frame" if src.kind == FRAME else _duckdb_source(src, params)
    con = duckdb_connection()
    try:
        con.execute("SET TimeZone = 'UTC'")
        if src.kind == FRAME:  # DuckDB scans the pandas DataFrame where it is
            con.register(source, _scannable(src.files[0]))
        source = _checked_csv_source(con, src, source, params)
        text = src.kind not in ("parquet", FRAME)
        query = _DuckQuery(con, source, params, cols, text, src.folder_keys)
        # a bad value's first file and line: named by the pandas reader, which refuses it too
        query.name_first_bad = lambda: _pandas_raw(src, cols, window)
        query.types = _key_types(src, cols)
        if cols.weighting:
            _duckdb_check_weights(query)
        if window.kind == "days":  # one scan: the time checks ride along in the GROUP BY
            raw = _duckdb_days(query, src.holder)
            t_min, t_max = raw["_ethiclens_tmin"].min(), raw["_ethiclens_tmax"].max()
        else:
            raw, t_min, t_max = _duckdb_rows(query, src.holder, window)
        if not in_time_range(t_min, t_max):
            query.name_first_bad()
    except duckdb.Error as exc:
        forget_duckdb_database(exc)
        if src.kind == FRAME and (
            isinstance(exc, (duckdb.DataError, duckdb.NotImplementedException))
            or type(exc) is duckdb.Error
        ):
            # a column DuckDB's scan cannot type (an object column of times naive and aware,
            # of bools and ints) or has no type for (a Period, an Interval, a sparse or complex
            # column), or a Python error in its scan (a whole number past Python's int-to-text
            # limit): counted as the pandas engine counts it, the same answer or refusal
            return _pandas_raw(src, cols, window)
        csv = src.files if src.kind not in ("parquet", FRAME) else ()
        raise duckdb_failure(exc, src.target, csv) from None
    finally:
        con.close()
    return raw, float(t_min), float(t_max)


def _scannable(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` as DuckDB can scan it in place: a column of numbers, times or objects (numpy's,
    or pandas' tz-aware times and nullable Int64/boolean) viewed with reversed or strided rows
    (``df.iloc[::-1]``) makes its scan fail (std::bad_cast), so such columns are copied into
    contiguous arrays first; every other column stays where it is."""
    strided = {}
    for i in range(frame.shape[1]):
        column = frame.iloc[:, i]
        if isinstance(column.dtype, np.dtype):
            arrays = [column.to_numpy(copy=False)]
        else:  # the arrays behind a tz-aware time (_ndarray) or a nullable column (_data, _mask)
            arrays = [getattr(column.array, name, None) for name in ("_ndarray", "_data", "_mask")]
        if any(isinstance(a, np.ndarray) and not a.flags["C_CONTIGUOUS"] for a in arrays):
            strided[i] = column.copy()
    if not strided:
        return frame
    out = frame.copy(deep=False)
    for i, values in strided.items():
        out.isetitem(i, values)
    return out


def _duckdb_source(src: _Files, params: dict) -> str:
    """The FROM item reading the files (every CSV value as text)."""
    # hive keys as the text of the folder names, as pandas reads them (DuckDB would type
    # d=2020-1-1 as the date 2020-01-01, t=2020-01-01T05:00 as a timestamp, 7 as a number)
    # and no hive keys where the target is none: a g=c/ folder's c replaced the file's g
    opts = ", hive_partitioning = true, hive_types_autocast = false" if src.hive else ""
    opts = opts or ", hive_partitioning = false"
    if src.kind == "parquet":
        if src.numbered:  # a bool and a number are united as the number (else: the first's)
            opts += ", union_by_name = true"
        return f"read_parquet($files{opts})"
    if mixed_line_ends(src.files) or any(_lone_cr(f) for f in src.files):
        # else DuckDB refuses a \r\n line under a \n header, and a lone \r beside \n ("state
        # machine reached an invalid state"; read as pandas reads it when not strict; beside
        # \r\n it is refused or counted by pandas before: ``_lone_cr_or_duckdb``)
        opts += ", strict_mode = false"
    if len({tuple(_header(f)) for f in src.files}) > 1:
        # files list the columns in different orders: match them by name, not by position
        if any(c != c.strip() for c in src.columns):
            raise EthicLensInputError(
                "files list the columns in different orders and some names have spaces around them",
                column="TARGET",
                value=src.target,
                fix="export the files with one column order, or use --engine pandas",
            )
        # no text reads as NULL (an empty field is ''): a line of only spaces or tabs, its
        # file's first field blank and the rest not there, skipped as pandas skips it
        params["no_null_text"] = "\x01ethiclens"
        every = list(dict.fromkeys(c for f in src.files for c in _named(f)))
        blank = " OR ".join(
            f"(trim({_q(first)}, ' \t') = ''"
            + "".join(f" AND {_q(c)} IS NULL" for c in every if c != first)
            + ")"
            for first in dict.fromkeys(_header(f)[0] for f in src.files)
        )
        return (
            "(SELECT * FROM read_csv($files, header = true, delim = ',', quote = '\"', "
            "escape = '\"', union_by_name = true, all_varchar = true, null_padding = true, "
            f"nullstr = $no_null_text{opts}) "
            f"WHERE NOT coalesce({blank}, false))"
        )
    names = in_files(src)
    # as the audit reads a CSV: a short row's last fields are NULL, a surplus field lands in
    # one more column (both refused with their line by ``_checked_csv_source``), even an
    # empty one: no text reads as NULL (an empty field is '', missing like pandas' NA words)
    params["cols"] = {**{n: "VARCHAR" for n in names}, SURPLUS: "VARCHAR"}
    params["no_null_text"] = "\x01ethiclens"
    # a line of only spaces or tabs skipped, as pandas skips it (DuckDB skips only an empty
    # line): its one field blank, the rest not there (NULL; an empty field would be '')
    rest = f" AND {_q(names[1])} IS NULL" if len(names) > 1 else ""
    return (
        "(SELECT * FROM read_csv($files, header = true, delim = ',', quote = '\"', escape = '\"', "
        "null_padding = true, auto_detect = false, nullstr = $no_null_text, "
        f"columns = $cols{opts}) WHERE NOT (trim({_q(names[0])}, ' \t') = ''{rest}))"
    )


def _lone_cr(path: str) -> bool:
    """A CSV file ending a line in a lone \\r beside \\n or \\r\\n (the line ends Spark
    misreads it beside: ``sources.lone_cr_refused``)."""
    from ..sources import lone_cr_refused

    return lone_cr_refused(path, "spark")


def in_files(src: _Files) -> list:
    """The columns the files hold: ``src.columns`` but the hive keys (the folders name them)."""
    n_hive = len(Path(src.files[0]).relative_to(src.target).parts) - 1 if src.hive else 0
    return src.columns[: len(src.columns) - n_hive]


# the column of a CSV row's surplus fields (no header names it: the name only has to differ)
SURPLUS = "_ethiclens_surplus_field"


def _checked_csv_source(con, src: _Files, source: str, params: dict) -> str:
    """``source``, read without DuckDB's parallel CSV scanner where it asks for that (a quoted
    line break, which it cannot pad); a CSV row with more fields than its header refused,
    naming its line (as the audit refuses it)."""
    import duckdb

    if src.kind in ("parquet", FRAME):
        return source
    if "cols" not in params:  # files of several column orders: a padded last field is NULL
        _refuse_unnamed_fields(con, src, source, params)
        # (a header's trailing empty names not counted: a row may leave them out)
        lasts = {_q(_named(f)[-1]) for f in src.files if len(_named(f)) > 1}
        if lasts:
            padded = " OR ".join(f"{last} IS NULL" for last in sorted(lasts))
            found = con.execute(f"SELECT count(*) FROM {source} WHERE {padded}", params)
            _refuse_short_rows(src, found.fetchone()[0])
        return source
    names = in_files(src)
    # a row with fewer fields than the header: its last field NULL (null_padding; no text is
    # read as NULL), as a short row is refused by its line on every engine (``ragged_error``)
    short = f"count(*) FILTER (WHERE {_q(names[-1])} IS NULL)" if len(names) > 1 else "0"
    count = f"SELECT count({_q(SURPLUS)}), {short} FROM "
    try:
        found, padded = con.execute(count + source, params).fetchone()
    except duckdb.Error as exc:
        if "parallel=false" not in str(exc):
            raise
        source = source.replace("null_padding = true,", "null_padding = true, parallel = false,")
        found, padded = con.execute(count + source, params).fetchone()
    if found:
        surplus = RuntimeError("a row has more fields than the header")
        raise duckdb_failure(surplus, src.target, src.files)
    _refuse_short_rows(src, padded)
    return source


def _refuse_unnamed_fields(con, src: _Files, source: str, params: dict) -> None:
    """Files read by name (several column orders): a row with more fields than its header
    that DuckDB's sniffer saw makes a column no header names (``column4``), its other rows
    NULL: refused by its line, as pandas and the audit refuse it (a row past the sniffer's
    sample fails DuckDB's read alike)."""
    named = {c for f in src.files for c in _header(f)} | src.folder_keys
    read = [d[0] for d in con.execute(f"SELECT * FROM {source} LIMIT 0", params).description]
    # (a header's trailing empty name, a spreadsheet's unnamed last column, is such a column
    # too, its rows no surplus: the files' rows are checked as pandas checks them)
    if any(c not in named for c in read) and (err := ragged_error(src.files)):
        raise err


def _refuse_short_rows(src: _Files, padded: int) -> None:
    """Where ``padded`` rows have no last field (or, read by name, a file lacks the column),
    refuse the first row with fewer fields than its header, by its line."""
    if padded and (err := ragged_error(src.files)):
        raise err


# the times every engine reads: ISO 8601 extended dates, with hours and minutes (seconds and
# fractions optional) and an offset written right after the time. pandas alone would also read
# 20240101, 2024-01-01T22 and "… +02:00"; DuckDB alone a named zone ("… Europe/Paris"), an
# offset of 24 hours or more and the hour 24: every engine refuses all of them
ISO_TIME = (
    r"\d{4}-\d{2}-\d{2}([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?"
    r"(Z|[+-]([01]\d|2[0-3])(:?[0-5]\d)?)?)?"
)
# pandas' missing-value words, as SQL literals (our constants: no quote in any)
_NA_SQL = ", ".join(f"'{word}'" for word in NA_TEXT)


class _DuckQuery:
    """The pieces of the counting SQL: the rows with their time in epoch seconds (``TS``) and
    its raw text (``_ethiclens_raw``), the group-by keys, and with ``--propensity`` or
    ``--weight`` the weight sums. ``text``: CSV, whose missing-value words (``NA``, empty,
    ...) are missing values, as pandas and the audit read them, but in the hive folder keys
    ``keys`` (the folder names' text)."""

    def __init__(self, con, source: str, params: dict, cols: Columns, text: bool, keys=()):
        self.con, self.source, self.params, self.cols = con, source, params, cols
        time = _q(cols.time)
        kind = con.execute(f"SELECT typeof({time}) FROM {source} LIMIT 1", params).fetchone()
        if bool(kind) and ("TIMESTAMP" in kind[0] or kind[0] == "DATE"):
            # a Parquet timestamp or date: no text to parse
            ts = f"epoch(CAST({time} AS TIMESTAMPTZ))"
            raw_t = f"CASE WHEN {time} IS NULL THEN NULL ELSE 'x' END"
        else:
            raw_t = _missing_words(f"CAST({time} AS VARCHAR)", text and cols.time not in keys)
            ts = (
                f"CASE WHEN regexp_full_match({raw_t}, '{ISO_TIME}') THEN "
                f"epoch(TRY_CAST({raw_t} AS TIMESTAMPTZ)) END"
            )
        self.p = ""
        prop, self.sums = "", ""
        if cols.weighting:
            # DuckDB reads 1_0 as 10 (digits grouped): text with an underscore is no number,
            # as pandas and Spark read it
            held = f"trim(CAST({_q(cols.weighted_by[0])} AS VARCHAR))"
            self.p = f"(CASE WHEN NOT contains({held}, '_') THEN TRY_CAST({held} AS DOUBLE) END)"
            prop = f"{self.p} AS _ethiclens_p, "
            self.sums = _DUCK_SUMS[cols.weighting]
        self.keys = ", ".join(_q(c) for c in cols.roles)
        roles = ", ".join(
            f"{_missing_words(_q(c), text and c not in keys)} AS {_q(c)}" for c in cols.roles
        )
        self.src = (
            f"(SELECT {ts} AS {TS}, {raw_t} AS _ethiclens_raw, {prop}{roles} FROM {source}) AS src"
        )
        self.name_first_bad = lambda: None
        self.types: dict = {}  # a role -> the Arrow type pandas reads its values as

    def run(self, sql: str):
        return self.con.execute(sql, self.params)

    def cells(self, sql: str) -> pd.DataFrame:
        """The cells ``sql`` counts, each role as the text the pandas engine gives it
        (``role_text`` of the values as pandas reads them): DuckDB's own text would write a
        time-zone timestamp in UTC, bytes decoded, a float32 rounded, -0.0 apart from 0.0."""
        finish = getattr(self.con, "complete", None)
        if finish is not None:  # DuckDB 2: a result of execute() left open blocks con.sql
            finish()
        table = self.con.sql(sql, params=self.params).to_arrow_table()
        roles = self.cols.roles
        frame = self.con.from_arrow(table.drop_columns(roles)).df()  # counts, times: as before
        for col in roles:
            values = table.column(col)
            if col in self.types:
                values = as_pandas_reads(values, self.types[col])
            else:
                values = pd.Series(values.to_pandas())
            try:
                frame[col] = role_text(values.set_axis(frame.index).rename(col))  # named
            except TypeError:  # lists in a DataFrame: the pandas reader names the first row
                self.name_first_bad()
                raise
        return frame[table.column_names]


def _key_types(src: _Files, cols: Columns) -> dict:
    """Each role column of Parquet files, or of a pandas DataFrame with a typed (not object)
    column, -> the Arrow type pandas reads its values as; hive keys and CSV text none."""
    import pyarrow as pa

    if src.kind == "parquet":  # a label of bools and numbers: the numbers (not the first's)
        return parquet_key_types(src.files, [c for c in cols.roles if c not in src.numbered])
    frame = src.files[0]
    if src.kind != FRAME or not isinstance(frame, pd.DataFrame):
        return {}
    types = {}
    for col in cols.roles:
        if frame[col].dtype != object:
            try:
                t = pa.Schema.from_pandas(frame[[col]], preserve_index=False).field(col).type
            except (pa.ArrowException, TypeError, ValueError):
                continue
            types[col] = t.value_type if pa.types.is_dictionary(t) else t
    return types


def _missing_words(expr: str, text: bool) -> str:
    """``expr``, NULL where CSV text (``text``) holds a missing-value word."""
    return f"(CASE WHEN {expr} IN ({_NA_SQL}) THEN NULL ELSE {expr} END)" if text else expr


# the weight sums per cell (``_ethiclens_p``: the row's propensity π, or its weight w)
_DUCK_SUMS = {
    "propensity": ", sum(1.0 / _ethiclens_p) AS _ethiclens_w, "
    "sum(1.0 / (_ethiclens_p * _ethiclens_p)) AS _ethiclens_w2, "
    "min(_ethiclens_p) AS _ethiclens_pmin",
    "weight": ", sum(_ethiclens_p) AS _ethiclens_w, "
    "sum(_ethiclens_p * _ethiclens_p) AS _ethiclens_w2, "
    "min(1.0 / _ethiclens_p) AS _ethiclens_pmin, "
    "max(1.0 / _ethiclens_p) AS _ethiclens_pmax",
}


def _duckdb_check_weights(query: _DuckQuery) -> None:
    valid = valid_weight_sql(query.p, query.cols)
    bad = query.run(
        f"SELECT count(*) FILTER (WHERE NOT coalesce({valid}, false)), count(*) FROM {query.source}"
    ).fetchone()
    if bad[0]:
        query.name_first_bad()
        weights_error(query.cols, int(bad[0]), int(bad[1]), "")


def _duckdb_days(query: _DuckQuery, target: str) -> pd.DataFrame:
    flag = (
        "CASE WHEN _ethiclens_raw IS NULL OR trim(_ethiclens_raw) = '' THEN 1 "
        f"WHEN {TS} IS NULL THEN 2 ELSE 0 END"
    )
    raw = query.cells(
        f"SELECT CAST(floor({TS} / {DAY}) AS BIGINT) AS _ethiclens_day, {flag} AS _ethiclens_bad, "
        f"{query.keys}, "
        f"count(*) AS {COUNT}, min({TS}) AS _ethiclens_tmin, max({TS}) AS _ethiclens_tmax, "
        f"min(_ethiclens_raw) FILTER (WHERE {TS} IS NULL) AS _ethiclens_example{query.sums}"
        + (
            f", count(*) FILTER (WHERE {held_sql(TS, query.cols.held)}) AS {HELD}"
            if query.cols.held
            else ""
        )
        + f" FROM {query.src} "
        "GROUP BY ALL"
    )
    missing = int(raw.loc[raw["_ethiclens_bad"] == 1, COUNT].sum())
    bad_rows = raw[raw["_ethiclens_bad"] == 2]
    example = bad_rows["_ethiclens_example"].dropna().min() if len(bad_rows) else None
    rows = int(raw[COUNT].sum())
    if missing or len(bad_rows):
        query.name_first_bad()
    _time_errors(query.cols.time, missing, int(bad_rows[COUNT].sum()), example, rows, target)
    return raw.drop(columns=["_ethiclens_bad", "_ethiclens_example"])


def _duckdb_rows(query: _DuckQuery, target: str, window: Window):
    usable = f"_ethiclens_raw IS NOT NULL AND trim(_ethiclens_raw) <> '' AND {TS} IS NULL"
    missing, bad, example, rows, t_min, t_max = query.run(
        f"SELECT count(*) FILTER (WHERE _ethiclens_raw IS NULL OR trim(_ethiclens_raw) = ''), "
        f"count(*) FILTER (WHERE {usable}), min(_ethiclens_raw) FILTER (WHERE {usable}), count(*), "
        f"min({TS}), max({TS}) FROM {query.src}"
    ).fetchone()
    if missing or bad:
        query.name_first_bad()
    _time_errors(query.cols.time, missing, bad, example, rows, target)
    # ties broken by the values as text, then the weight's value, as pandas sorts (row_order)
    order = ", ".join([TS, *(_as_text_sql(query, c) for c in query.cols.roles)])
    order += ", _ethiclens_p NULLS LAST" if query.p else ""
    numbered = (
        f"SELECT CAST((row_number() OVER (ORDER BY {order}) - 1) // {window.size} "
        f"AS BIGINT) AS {WINDOW}, {TS}, {'_ethiclens_p, ' if query.p else ''}{query.keys} "
        f"FROM {query.src}"
    )
    sql = (
        f"SELECT {WINDOW}, {query.keys}, count(*) AS {COUNT}, min({TS}) AS _ethiclens_tmin, "
        f"max({TS}) AS _ethiclens_tmax{query.sums} FROM ({numbered}) GROUP BY ALL"
    )
    return query.cells(sql), t_min, t_max


def _as_text_sql(query: _DuckQuery, col: str) -> str:
    """``col`` as SQL text, a float -0.0 written 0.0 as ``role_text`` writes it (else DuckDB
    sorts -1.0 between -0.0 and 0.0, and tied rows fall in other row windows than pandas')."""
    import pyarrow as pa

    file_type = query.types.get(col)
    value = f"({_q(col)} + 0.0)" if file_type and pa.types.is_floating(file_type) else _q(col)
    return f"CAST({value} AS VARCHAR)"


def _named(path) -> list[str]:
    """The header of a CSV file without its trailing empty names (``y,p,g,``)."""
    names = _header(path)
    while names and not names[-1]:
        names = names[:-1]
    return names


def _header(path) -> list[str]:
    """The header line of a CSV file (plain or gzip), as names: read whole, as every reader
    reads it (``io.csv_head``)."""
    from ..io import csv_head

    return csv_head(path, size=0)[0]


# -- pandas ------------------------------------------------------------------------------------


def _wanted(cols: Columns) -> list:
    return [cols.time, *cols.roles, *cols.weighted_by]


def _pandas_raw(src: _Files, cols: Columns, window: Window):
    frame = _read_frames(src, _wanted(cols))
    ts = _epoch_seconds(frame, cols.time, src.holder)
    p = _weights(frame, cols) if cols.weighting else None
    data = keyed_rows(frame, cols, ts, p)
    return _pandas_group(data, cols, window), float(np.min(ts)), float(np.max(ts))


def keyed_rows(frame: pd.DataFrame, cols: Columns, ts, p) -> pd.DataFrame:
    """The rows as the counts see them: time in epoch seconds, the roles as text, the weights
    (``p``: each row's propensity π, or its weight w with ``cols.weight``)."""
    data = pd.DataFrame({TS: ts}, index=frame.index)
    # a cluster engine checks the weights after this (a 0 is then refused as pandas refuses
    # it): no numpy warning before that message
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if p is not None:
            terms = (p, p * p, 1.0 / p) if cols.weight else (1.0 / p, 1.0 / (p * p), p)
            data["_ethiclens_w"], data["_ethiclens_w2"], data["_ethiclens_p"] = terms
    if cols.held:
        data[HELD] = held_mask(ts, cols.held).astype(np.int64)
    for c in cols.roles:
        try:
            data[c] = role_text(frame[c])
        except Exception:  # not one value (a list, a Series): refused in the audit's words
            refuse_nested_rows(frame, c, cols)
            if (as_bytes := bytes_like_as_bytes(frame[c])) is None:
                raise
            data[c] = role_text(as_bytes.rename(c))  # a bytearray: the bytes it holds
    return data


def refuse_nested(src: _Files, cols: Columns) -> None:
    """A Parquet label, prediction or group column holding lists, structs or maps, refused
    from the files' schemas before any engine counts, as ``audit`` and ``counts`` refuse it
    (the first such row named by the pandas reader); a pandas DataFrame's cells that are not
    one value (``io._not_one_value``: a list, a Series, a slice) too, on every engine."""
    if src.kind == FRAME:
        for f in (f for f in src.files if isinstance(f, pd.DataFrame)):
            for c in (c for c in cols.roles if c in f.columns):
                if _first_not_one_value(f[c]) is not None:
                    refuse_nested_rows(read_file(src, f, [c]), c, cols)
    if src.kind != "parquet":
        return
    import pyarrow as pa
    import pyarrow.parquet as pq

    schemas = [pq.read_schema(f) for f in src.files]
    for c, role in [(cols.y_pred, "y_pred"), (cols.y_true, "y_true")] + [
        (c, None) for c in cols.protected
    ]:  # pd.cut's bins: the audit's refusal, in its order (not read as the text '(0, 30]')
        if (error := interval_refusal(schemas, c, role)) is not None:
            raise error
    for c in cols.roles:
        if any(c in s.names and pa.types.is_nested(s.field(c).type) for s in schemas):
            for f in src.files:
                refuse_nested_rows(read_file(src, f, [c]), c, cols)


def refuse_typed_weights(src: _Files, cols: Columns) -> None:
    """The propensity or weight column of a pandas DataFrame or of Parquet files typed as
    something other than numbers (text of numbers, dates, durations, periods, complex numbers),
    refused in the audit's words (``fairness.typed_numbers_error``) on every engine: pandas
    read dates and periods as nanosecond or day counts, and text as numbers, where DuckDB read
    some of them and refused others. A CSV file's column is typed by its reader."""
    from ..fairness import typed_numbers_error

    if not cols.weighted_by:
        return
    (label, role), column = cols.weighted_label, cols.weighted_by[0]
    for values in _typed_weight_columns(src, column):
        if (error := typed_numbers_error(values, label, role)) is not None and not _all_bool(
            values
        ):  # true/false: refused row by row, its first row named (``weight_values``)
            raise error


def _all_bool(values: pd.Series) -> bool:
    return bool(values.dropna().map(lambda v: isinstance(v, bool | np.bool_)).all())


def _typed_weight_columns(src: _Files, column: str) -> list:
    """``column`` of each in-memory pandas frame, and of each Parquet file whose schema types
    it as other than numbers (only those are read)."""
    if src.kind == FRAME:
        return [f[column] for f in src.files if isinstance(f, pd.DataFrame) and column in f]
    if src.kind != "parquet":
        return []
    import pyarrow as pa
    import pyarrow.parquet as pq

    register_pandas_types()  # a Period column: its type (refused), not its int64 ordinals
    out = []
    for f in src.files:
        schema = pq.read_schema(f)
        if column not in schema.names:  # a hive key: its folder names' text
            continue
        t = schema.field(column).type
        t = t.value_type if pa.types.is_dictionary(t) else t
        if not (pa.types.is_integer(t) or pa.types.is_floating(t) or pa.types.is_decimal(t)):
            out.append(pq.read_table(f, columns=[column]).column(column).to_pandas())
    return out


def refuse_nested_rows(frame: pd.DataFrame, column: str, cols: Columns) -> None:
    """Refuse ``column`` of ``frame`` (read with its file and line) if a row holds a cell that
    is not one value (``io._not_one_value``: a list, struct or map, a Series, an object whose
    ``__hash__`` or ``__eq__`` raises): a group as not scalar, a label or prediction as not a
    single label, in the audit's words."""
    if (i := _first_not_one_value(frame[column])) is None:
        return
    first = frame.iloc[i]
    named, group = column, column not in cols.labels + [cols.y_pred]
    if not group:
        role = "y_true" if column == cols.y_true else "y_pred"
        named = role if column == role else f"{column} ({role})"
    raise _not_one_value_error(first[column], named, where_first(first), group)


def role_text(values: pd.Series) -> pd.Series:
    """A role's values as the text the audit labels them with (``str(value)``; missing ones
    stay missing): -0.0 is 0.0, the one group every engine has; bytes are the UTF-8 text they
    hold (``b'A'`` is ``A``), refused as the audit refuses them (not UTF-8; ``b'A'`` beside
    ``'A'``)."""
    values = canonical_zero(values)
    # as Python objects first: a nullable column (Int64, boolean, ...) cannot hold text
    v = values.astype(object)
    kind = pd.api.types.infer_dtype(v, skipna=True)
    if pd.api.types.is_float_dtype(values.dtype):
        text = _float_text(values)
    elif kind in ("bytes", "mixed"):
        decoded_bytes(pd.unique(v.dropna()), str(values.name))
        text = v.map(lambda x: x.decode("utf-8") if isinstance(x, bytes) else str(x))
    else:
        try:
            text = v.astype(str)
        except ValueError:  # a whole number past Python's int-to-text limit, refused named
            label_texts(pd.unique(v.dropna()), values.name)
            raise
    return v.where(v.isna(), text)


def _float_text(values: pd.Series) -> pd.Series:
    """A float column's values as the audit and pandas print them: ``str`` of the NumPy
    scalar of the column's own width (a float32 0.1 is ``0.1``, not the
    ``0.10000000149011612`` of the Python float it widens to)."""
    arr = values.to_numpy(dtype=getattr(values.dtype, "numpy_dtype", values.dtype), na_value=np.nan)
    uniques, codes = np.unique(arr, return_inverse=True)
    labels = np.array([str(u) for u in uniques], dtype=object)
    return pd.Series(labels[codes.reshape(-1)], index=values.index)


def _read_frames(src: _Files, wanted: list) -> pd.DataFrame:
    frames = [read_file(src, f, wanted) for f in src.files]
    return pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]


def read_file(src: _Files, f, wanted: list) -> pd.DataFrame:
    """The wanted columns of one file (hive keys filled in), with each row's file and line (a
    DataFrame's, or a Dask DataFrame's partition's, rows: their index label)."""
    if src.kind == FRAME:
        frame = _in_memory(f, wanted)
        _as_numbers(frame, src)
        return frame.assign(_ethiclens_file=_FRAME_ROWS, _ethiclens_line=frame.index)
    # URL-decoded as the audit, pyarrow and DuckDB decode it
    keys = hive_keys(f, src.target) if src.hive else {}
    cols = [c for c in wanted if c not in keys]
    try:
        if src.kind == "parquet":
            frame = _read_parquet(f, columns=cols)
        else:
            frame = read_csv_file(f, cols, dtype=str)
    except DataFileError:
        raise  # named already (a row with surplus fields)
    except (ValueError, OSError, pd.errors.ParserError) as exc:
        raise DataFileError(
            f"cannot read {Path(f).name}: {str(exc).strip().splitlines()[0]}",
            fix="check the file's format",
        ) from None
    for k, v in keys.items():
        if k in wanted:
            frame[k] = v
    _as_numbers(frame, src)
    frame["_ethiclens_file"] = str(f)
    # the row as read (from 0): named by its line or number once refused (where_first)
    frame["_ethiclens_line"] = np.arange(len(frame))
    return frame


def _as_numbers(frame: pd.DataFrame, src: _Files) -> None:
    """In place: the columns ``src.numbered`` with a boolean as the number 0 or 1, and the
    propensity or weight ``src.printed`` of float32 as the decimals it prints as (0.7, not
    the 0.699999988 it widens to: DuckDB and Spark read its text, as the audit reads a
    float32 score or weight on every engine)."""
    for c in src.numbered:
        if c in frame.columns and frame[c].dtype.kind in "bO":
            frame[c] = frame[c].map(lambda v: int(v) if isinstance(v, bool | np.bool_) else v)
    for c in src.printed:
        if c in frame.columns:
            frame[c] = printed_floats(frame[c])


def _in_memory(frame, wanted: list) -> pd.DataFrame:
    """The wanted columns of an in-memory DataFrame as pandas (a Dask or Spark one collected:
    only where a bad value must be named)."""
    kind = frame_kind(frame)
    if kind == "spark":
        return frame.select(*[frame[c] for c in wanted]).toPandas()
    return frame[wanted].compute() if kind == "dask" else frame[wanted]


def where_first(first) -> str:
    """``, first at FILE line N`` naming the first bad row as the audit names it (a CSV row by
    its line: the header is line 1, blank lines and quoted line breaks counted; a Parquet row
    by its number from 1; a DataFrame's by its index label)."""
    if first["_ethiclens_file"] == _FRAME_ROWS:  # an index label
        return f", first at {_FRAME_ROWS} {plain(first['_ethiclens_line'])!r}"
    path = Path(first["_ethiclens_file"])
    kind = "parquet" if path.suffix.lower() in (".parquet", ".pq") else "csv"
    place = row_place(path, int(first["_ethiclens_line"]), kind)
    return f", first at {place}{cut_short(path, place)}"


def cut_short(path: Path, place) -> str:
    """`` (the file's last line, cut short: …)`` where ``place`` (``FILE line L``) is the last
    line of the CSV file ``path`` and that line is unfinished: no line break after it and fewer
    fields than the header, as a file still being written ends; else nothing. Read only once
    a row has been refused."""
    line = re.search(r" line (\d+)$", str(place))
    if line is None or path.suffix.lower() != ".csv":
        return ""
    try:
        data = path.read_bytes()
    except OSError:
        return ""
    if not data or data.endswith((b"\n", b"\r")) or data.count(b"\n") + 1 != int(line[1]):
        return ""
    text = data.decode("utf-8-sig", errors="replace")
    header, last = text.split("\n", 1)[0].rstrip("\r"), text.rsplit("\n", 1)[-1]
    if len(next(csv.reader([last]), [])) >= len(next(csv.reader([header]), [])):
        return ""
    return (
        f" (the file's last line, cut short: if {path.name} is still being written, run again "
        "once it is complete)"
    )


def parse_times(frame: pd.DataFrame, time: str):
    """(each row's time as a UTC timestamp, NaT where missing or unparsable; missing; bad)."""
    rawt = frame[time]
    try:
        text = rawt.astype(str).str.strip()
    except ValueError:  # a whole number past Python's int-to-text limit: no time, named short
        text = rawt.astype(object).map(plain_text).str.strip()
    missing = rawt.isna() | (text == "") | (text.str.lower().isin(["nan", "nat", "none"]))
    texts = rawt.where(~missing, None).astype(object)
    texts = texts.map(lambda v: None if v is None else plain_text(v))
    # a text outside ISO_TIME is unparsable here as on the SQL engines (typed times pass)
    texts = texts.where(texts.str.fullmatch(ISO_TIME).fillna(True).astype(bool), "?")
    try:
        parsed = pd.to_datetime(texts, utc=True, format="ISO8601", errors="coerce")
    except pd.errors.OutOfBoundsDatetime:
        _refuse_out_of_range(frame, time, texts)
    lo, hi = (pd.Timestamp(t, tz="UTC") for t in TIME_RANGE)
    if ((parsed < lo) | (parsed >= hi)).any():  # pandas may read far times at coarser units
        _refuse_out_of_range(frame, time, texts)
    # cut to the microsecond, as DuckDB and the databases cut a time (never rounded up)
    parsed = parsed.dt.floor("us")
    return parsed, missing, parsed.isna() & ~missing


def _refuse_out_of_range(frame: pd.DataFrame, time: str, texts: pd.Series):
    """Refuse the first time outside ``TIME_RANGE`` (this error path parses value by value)."""
    for i, text in enumerate(texts):
        try:
            stamp = pd.Timestamp(text) if text is not None else None
        except (ValueError, pd.errors.OutOfBoundsDatetime):
            stamp = pd.Timestamp.max  # beyond pandas' range (unreadable ones come later)
        if stamp is not None and stamp is not pd.NaT:
            seconds = stamp.timestamp() if stamp.tzinfo else stamp.tz_localize("UTC").timestamp()
            if not in_time_range(seconds, seconds):
                raise time_range_error(time, text, where_first(frame.iloc[i]))
    raise time_range_error(time, None)


def _epoch_seconds(frame: pd.DataFrame, time: str, target: str) -> np.ndarray:
    """Each row's time in epoch seconds; missing or unparsable times refused (first file, line)."""
    parsed, missing, bad = parse_times(frame, time)
    where = where_first(frame[missing].iloc[0]) if missing.any() else ""
    first_bad = frame[bad].iloc[0] if bad.any() else None
    example = None if first_bad is None else plain_text(first_bad[time])
    bad_where = "" if first_bad is None else where_first(first_bad)
    n_missing, n_bad = int(missing.sum()), int(bad.sum())
    _time_errors(time, n_missing, n_bad, example, len(frame), target, where, bad_where)
    return (parsed - pd.Timestamp(0, tz="UTC")).dt.total_seconds().to_numpy()


def weight_values(frame: pd.DataFrame, cols: Columns):
    """(each row's propensity or weight as a number, NaN where not one; which rows are not
    usable: a propensity outside [MIN_WEIGHT, 1], a weight outside [MIN_WEIGHT, MAX_WEIGHT])."""
    column = cols.weighted_by[0]
    raw_p = frame[column]
    if raw_p.dtype == object or pd.api.types.is_bool_dtype(raw_p.dtype):
        # text trimmed; a true/false is no number (the audit refuses a weight of booleans,
        # and DuckDB and Spark read none)
        raw_p = raw_p.astype(object).map(_weight_text)
    p = pd.to_numeric(raw_p, errors="coerce").astype(float).to_numpy()
    top = 1.0 if cols.propensity else float(MAX_WEIGHT)
    with np.errstate(invalid="ignore"):
        return p, ~((p >= float(MIN_WEIGHT)) & (p <= top))


def _weight_text(value):
    """A weight's raw value as ``pd.to_numeric`` reads it: text trimmed, a bool none."""
    if isinstance(value, bool | np.bool_):
        return None
    if isinstance(value, int) and value.bit_length() > 1000:  # no float; far past MAX_WEIGHT
        return np.inf if value > 0 else -np.inf
    return value.strip() if isinstance(value, str) else value


def _weights(frame: pd.DataFrame, cols: Columns) -> np.ndarray:
    p, bad = weight_values(frame, cols)
    if bad.any():
        first = frame[bad].iloc[0]
        value = plain(first[cols.weighted_by[0]])
        text = plain_text(value)  # a whole number past the int-to-text limit, shortened
        shown = text if isinstance(value, int) else repr(value)
        shown = "empty" if value is None or text.strip() in ("", "nan") else shown
        where = where_first(first) + f": {shown}"
        weights_error(cols, int(bad.sum()), len(frame), where)
    return p


def _pandas_group(data: pd.DataFrame, cols: Columns, window: Window) -> pd.DataFrame:
    if window.kind == "days":
        data["_ethiclens_day"] = np.floor(data[TS].to_numpy() / DAY).astype(np.int64)
        keys = ["_ethiclens_day", *cols.roles]
    else:
        data = data.sort_values(row_order(cols), kind="stable", na_position="last")
        data[WINDOW] = np.arange(len(data)) // window.size
        keys = [WINDOW, *cols.roles]
    return cells(data, keys, cols.weighting)


def row_order(cols: Columns) -> list[str]:
    """The keys row windows number the rows by, on every engine: the time, then the roles'
    text (missing last), then the row's weight as a number (π with ``--propensity``, w with
    ``--weight``, smallest first): rows alike in all of them add the same to any window, so
    the windows do not depend on the files' order (was: tied rows of other weights fell in
    windows by file order, and DuckDB's order was its own)."""
    return [TS, *cols.roles, *([WSUM if cols.weight else "_ethiclens_p"] if cols.weighting else [])]


def cells(data: pd.DataFrame, keys: list, weighting: str | None) -> pd.DataFrame:
    """Rows summed per ``keys``: their number, first and last time (and, ``weighting`` by
    ``propensity`` or ``weight``, the weight sums)."""
    # one grouping for every sum: a second groupby of 1M rows cost 60 ms (the held count's)
    by = data.groupby(keys, dropna=False, sort=False)
    raw = (
        by[TS]
        .agg(["size", "min", "max"])
        .reset_index()
        .rename(columns={"size": COUNT, "min": "_ethiclens_tmin", "max": "_ethiclens_tmax"})
    )
    if HELD in data.columns:  # the same groups in the same order (sort=False)
        raw[HELD] = by[HELD].sum().to_numpy()
    if weighting:
        how = {s: (TERMS[s], SUMMED[s]) for s in WEIGHTED[: 3 + (weighting == "weight")]}
        sums = by.agg(**how)
        raw = raw.merge(sums.reset_index(), on=keys, how="left")
    return raw


# -- every engine ----------------------------------------------------------------------------------


def _labels(raw: pd.DataFrame, col: str | None, role: str, pos_label=None) -> None:
    if col is None:
        return
    values = raw[col]
    audit_role = "y_pred" if role == "prediction" else "y_true"
    if values.isna().any():  # in the file engines' words (``_roles``), a database names no row
        raise missing_label_error(int(raw.loc[values.isna(), COUNT].sum()), "", col, audit_role)
    mapped = values.map(lambda v: LABEL_VALUES.get(str(v).strip()))
    # --pos-label 1 (1.0, True) on 0/1 labels is the request without one (the store keeps
    # either as one request), so it counts alike: a window without a 1 is no refusal
    if pos_label is not None and not (names_one(pos_label) and mapped.notna().all()):
        # the audit's rule, named as the audit names the column
        raw[col] = positive_labels(values, f"{col} ({audit_role})", pos_label)
        return
    if mapped.isna().any():
        # the audit's refusal (``fairness.as_binary`` of the values typed as a CSV column),
        # in the words the file engines use (``_roles``): a --db table's stray 0.5 too
        from ..fairness import as_binary

        typed = typed_text(label_text(values))
        if typed.isna().any():  # a database's '' or ' ' is text (a CSV's blank cell is missing)
            typed = values.astype(str)
        # stray values among 0/1 ('?', 2): how many rows hold them, as the audit counts a table
        rows = raw[COUNT].groupby(typed.to_numpy(), sort=False).sum()
        refuse_stray_counted(list(rows.index), rows.to_numpy(), f"{col} ({audit_role})", audit_role)
        as_binary(typed.rename(col), audit_role)
        odd = sorted({str(v) for v in values[mapped.isna()]})[:5]
        raise EthicLensInputError(
            f"holds values that are not 0/1: {names_words(odd)}",
            column=col,
            fix=f"recode the {role} as 0/1 (or true/false), or name its positive value with "
            "--pos-label",
        )
    raw[col] = mapped.astype(np.int64)


def _label_columns(raw: pd.DataFrame, cols: Columns) -> dict:
    """The predictions and labels as 0/1 (``_labels``), sharing one ``--pos-label`` as the
    audit does (``fairness.as_binary_columns``): a column that never holds it in this TARGET is
    all negative when the other holds it and writes every value of this one (a day on which
    the model selected no one: labels yes/no, predictions all no), or when the store has seen
    its label columns write every value of this one beside it (``cols.label_values``: a quiet
    day after days that held it); otherwise it is refused. Returns {role: values written} of
    each column holding it (the values a store remembers)."""
    labels = {c: r for c, r in ((cols.y_pred, "prediction"), (cols.y_true, "label")) if c}
    keep = cols.pos_label is not None  # (0/1 labels: no column lacks the positive value)
    text = {c: label_text(raw[c]) for c in labels if keep}
    written = {c: typed_text(text[c]) for c in text}
    absent = {}
    for col, role in labels.items():
        try:
            _labels(raw, col, role, cols.pos_label)
        except PosLabelAbsent as exc:
            absent[col] = exc
    held = [c for c in text if c not in absent and raw[c].any()]
    holding = [written[c] for c in held]
    for col, exc in absent.items():
        if holding and values_written_alike(written[col], holding):
            pass
        elif cols.label_values is None:
            if held:  # the audit's words: the columns write the positive label apart
                _refuse_written_apart(cols, text)
            raise absent_label_named(exc, "--pos-label")  # as the audit names it
        elif not values_written_alike(text[col], known := _known_texts(text, held, cols)):
            raise _unknown_spelling(col, text[col], cols, known)
        raw[col] = np.zeros(len(raw), np.int64)
    role = {cols.y_pred: "y_pred", cols.y_true: "y_true"}
    return {role[c]: sorted(set(text[c])) for c in held} if keep else {}


def _known_texts(text: dict, held: list, cols: Columns) -> list:
    """The values a label column lacking the positive value may write to be all negative: the
    store's (``cols.label_values``) and this TARGET's columns holding it (``held``), as text:
    the store keeps them as written, so they are compared as written ('True' is 'True'; typed,
    a boolean column's True is the number 1, never the text 'True'). Never the positive value
    itself: a value written as it, yet not read as it, is refused, not counted negative."""
    pos = [[cols.pos_label, str(cols.pos_label)]]
    return [
        [v for v in dict.fromkeys(seq) if not values_written_alike([v], pos)]
        for seq in [*(text[c].unique() for c in held), cols.label_values]
    ]


def _refuse_written_apart(cols: Columns, text: dict) -> None:
    """A first run's label column lacking ``--pos-label`` that the other holds, of values it
    does not write: refused in the audit's words (``spec.refuse_written_apart``, labels first),
    the flag named as the command line types it."""
    from ..spec import refuse_written_apart

    columns = {c: text[c] for c in (cols.y_true, cols.y_pred) if c in text}
    try:
        refuse_written_apart(cols.pos_label, columns)
    except EthicLensInputError as exc:
        raise exc.renamed({"roles.pos_label": "--pos-label"}) from None


def _unknown_spelling(col: str, text: pd.Series, cols: Columns, texts: list) -> EthicLensInputError:
    """The refusal of a label column lacking the positive value in a TARGET whose values the
    store has not seen its label columns write beside it (nor this TARGET's columns holding
    it: ``texts``, the positive value left out): what the store knows, and the fix (never
    another --pos-label: the store is bound to it; never the positive value as the negative
    to write)."""
    role = "y_pred" if col == cols.y_pred else "y_true"
    known = list(cols.label_values)
    unseen = [v for v in sorted(set(text)) if not values_written_alike([v], texts)]
    seen, who = _seen_where(known, cols.stored_label_values)
    seen = (
        seen
        if known
        else "the store has not seen its label columns' values yet (it was written by an "
        "EthicLens that did not remember them, store version 1: it learns them from a TARGET "
        "holding the positive value)"
    )
    if len(known) >= MAX_LABEL_VALUES or any(len(v) > MAX_LABEL_TEXT for v in unseen):
        seen += (
            f" (it keeps at most {MAX_LABEL_VALUES} values of each, none longer than "
            f"{MAX_LABEL_TEXT} characters: it may have left this one out)"
        )
    new = ", ".join(_cut(v) for v in unseen[:5])
    negative = next((v for seq in texts for v in seq), None)
    fix = _negative_fix(unseen, negative, cols.pos_label, who) if known else ""
    wait = (
        f"run again once rows holding {cols.pos_label!r} have come, on them and these rows together"
    )
    if not known:  # the windows counted before: their rows are read, never counted again
        wait += (
            f", or now on these rows with a window the store has counted whose rows hold "
            f"{cols.pos_label!r} (all of its rows, as they were counted: e.g. the whole "
            "history; it is not counted again)"
        )
    said = PosLabelAbsent(
        f"pos_label does not occur in the column, and {seen}; this column holds {new}, "
        "which it has not seen, so these rows are not counted as negatives",
        column=f"{col} ({role})",
        value=cols.pos_label,
        fix=fix + wait + "; the store is bound to its --pos-label (another one is another "
        "request: a new --store)",
    )
    said.stream_fix = wait  # a TARGET's: a separate baseline's rows are fixed (reading_baseline)
    return said


def _seen_where(known: list, stored) -> tuple[str, str]:
    """How ``_unknown_spelling`` says where the values ``known`` come from, and who wrote them
    (for its fix): the store's (``stored``: those of them the store has seen; None: all), and
    those only this run's TARGET writes (a separate baseline's refusal), a new store having
    seen none."""
    mine = [v for v in known if stored is not None and v not in stored]
    theirs = [v for v in known if v not in mine]

    def shown(values):
        return ", ".join(_cut(v) for v in values[:10]) + (", …" if len(values) > 10 else "")

    store = f"the store has seen {shown(theirs)} in its label columns (in TARGETs that held it)"
    if not mine:
        return store, "the store"
    target = f"this run's TARGET writes {shown(mine)} in its label columns beside it"
    if not theirs:
        return f"the store has seen no label values yet; {target}", "this run's TARGET"
    return f"{store}, and {target}", "the store or this run's TARGET"


def _as_written(who: str, what: str) -> str:
    """'as the store has seen it', or 'as this run's TARGET writes it' (``_seen_where``)."""
    return f"as the store has seen {what}" if who == "the store" else f"as {who} writes {what}"


def _negative_fix(unseen: list, negative, pos_label, who: str = "the store") -> str:
    """The first part of ``_unknown_spelling``'s fix: write the values ``who`` has not seen
    as it has written a negative (``negative``, never the positive value). A value that reads as
    the positive of 0/1 or true/false labels ('1', 'True') is never called a negative: these
    rows may be the labels written another way (yes/no become 1/0), where it is
    ``pos_label``."""
    example = f" (e.g. {_cut(negative)})" if negative is not None else ""
    ones = [v for v in unseen if LABEL_VALUES.get(v.strip()) == 1]
    if not ones:
        new = ", ".join(_cut(v) for v in unseen[:5])
        return f"if {new} means a negative, write it {_as_written(who, 'it')}{example} and run " + (
            "again, or "
        )
    one, rest = (
        ", ".join(map(_cut, ones[:5])),
        ", ".join(map(_cut, [v for v in unseen if v not in ones][:5])),
    )
    return (
        f"{one} reads as the positive of 0/1 or true/false labels, so these rows are ambiguous: "
        f"if this column now writes its labels that way, write {one} as {pos_label!r}"
        + (f" and {rest} {_as_written(who, 'a negative')}{example}" if rest else "")
        + f" and run again; if {one} means a negative instead, write it {_as_written(who, 'one')}"
        + (example if not rest else "")
        + " and run again, or "
    )


def _cut(value: str) -> str:
    """A label value as a refusal shows it: quoted, cut to 40 characters."""
    return repr(value if len(value) <= 40 else value[:39] + "…")


def missing_label_error(n: int, where: str, col: str, role: str) -> EthicLensInputError:
    """The audit's refusal of ``n`` rows with no ``role`` (``y_true``, ``y_pred``) in
    ``col``, ``where`` naming the first (``, first at FILE line N``; a database: none), worded
    alike on every engine."""
    return EthicLensInputError(
        f"{n} missing value(s){where}",
        column=f"{col} ({role})",
        fix="drop or impute those rows before auditing",
    )


def _groups(raw: pd.DataFrame, protected) -> None:
    for col in protected:
        if raw[col].isna().any():
            n = int(raw.loc[raw[col].isna(), COUNT].sum())
            raise EthicLensInputError(
                f"{plural(n, 'row')} {'has' if n == 1 else 'have'} no group",
                column=col,
                fix="fill the missing groups (e.g. 'Unknown') or drop those rows",
            )
        raw[col] = raw[col].astype(str)


def _finish(raw, t_range, cols: Columns, window: Window, origin_day, engine) -> Counted:
    """The engines' raw cells checked (labels 0/1, groups present), binned (``--bins``), the
    groups judged by the audit's rules (``check_groups``: none looks continuous),
    placed in windows from ``origin_day`` (the first day seen, when None) and summed per
    (window, columns)."""
    notes = _label_notes(raw, cols)  # of the values as written, before they are 0/1
    label_values = _label_columns(raw, cols)
    _groups(raw, cols.protected)
    binned_groups(raw, cols.bins, COUNT)
    check_groups(raw, cols.protected)
    raw[COUNT] = raw[COUNT].astype(np.int64)
    if window.kind == "days":
        if origin_day is None:
            origin_day = int(raw["_ethiclens_day"].min())
        raw[WINDOW] = (raw["_ethiclens_day"] - origin_day) // window.size
        raw = raw.drop(columns="_ethiclens_day")
    keys = [WINDOW, *cols.protected, *cols.labels, cols.y_pred]
    sums = {c: (c, how) for c, how in SUMMED.items() if c in raw.columns}
    table = raw.groupby(keys, sort=True).agg(**sums).reset_index()
    for col in [c for c in WEIGHTED if c in table.columns]:
        table[col] = table[col].astype(float)
        if col in (WSUM, W2SUM):  # engines sum in different orders: the same sums once rounded
            table[col] = round_significant(table[col])
    renamed = {cols.y_pred: PRED, **({cols.y_true: LABEL} if cols.y_true else {})}
    table = table.rename(columns=renamed)
    t_min, t_max = (float(t) for t in t_range)
    if not in_time_range(t_min, t_max):
        outside = t_min if not in_time_range(t_min, t_min) else t_max
        raise time_range_error(cols.time, _iso_or_seconds(outside))
    per = _per_window(raw, window, origin_day)
    return Counted(table, per, origin_day, t_min, t_max, engine, label_values, notes)


def _label_notes(raw: pd.DataFrame, cols: Columns) -> list[str]:
    """The audit's note on the values ``--pos-label`` counts as negative (the labels', then
    the predictions'), each value's rows as every engine counted them, each column named as
    the audit names it (``fairness.negative_values_notes``: one rule for every face)."""
    if cols.pos_label is None:
        return []
    named = [(c, f"{c} ({role})") for c, role in ((cols.y_true, "y_true"), (cols.y_pred, "y_pred"))]
    rows = {
        name: raw[COUNT].groupby(typed_text(label_text(raw[c])).to_numpy(), sort=False).sum()
        for c, name in named
        if c
    }
    return negative_values_notes(rows, cols.pos_label)


def _per_window(raw: pd.DataFrame, window: Window, origin_day) -> pd.DataFrame:
    # each column's own reduction: the same frame as .agg(rows=..., tmin=..., tmax=...), whose
    # named aggregation cost 5 ms a run (of a run's ~80 ms)
    by = raw.groupby(WINDOW)
    per = pd.DataFrame(
        {
            "rows": by[COUNT].sum(),
            "tmin": by["_ethiclens_tmin"].min(),
            "tmax": by["_ethiclens_tmax"].max(),
        }
    ).reset_index()
    if HELD in raw.columns:  # the rows in the held spans (``Columns.held``)
        per["held"] = by[HELD].sum().to_numpy()
    if window.kind == "days":
        per["start"] = (origin_day + per[WINDOW] * window.size) * DAY
        per["end"] = per["start"] + window.size * DAY
        per["complete"] = True
    else:
        per["start"], per["end"] = per["tmin"], per["tmax"]
        per["complete"] = per["rows"] == window.size
    return per


# -- a database ----------------------------------------------------------------------------------

# each row's time in epoch seconds, computed by the database (NULL: no time, or unreadable).
# Every engine cuts a time to the microsecond by truncating, never rounding (DuckDB does;
# pandas' nanoseconds are cut likewise), so 23:59:59.9999999 stays in its day everywhere:
# PostgreSQL rounds a longer fraction when it casts text, so its text is cut to 6 digits
# first (_PG_TIME); SQLite's date functions round to the millisecond, so they get the time
# without its fraction (_SQLITE_WHOLE) and the fraction's first 6 digits are added as a
# number (_SQLITE_FRAC). Days are floored (a time before 1970 has a day below 0).
_EPOCH_SQL = {
    "sqlite": "({secs} + {frac})",
    "postgresql": "EXTRACT(EPOCH FROM {col})",
}
_DAY_SQL = {
    # SQLite reads ISO 8601 text (an offset is converted to UTC); a value it cannot read is NULL
    "sqlite": "(({secs}) - ((({secs}) % 86400) + 86400) % 86400) / 86400",
    "postgresql": "CAST(FLOOR(EXTRACT(EPOCH FROM {col}) / 86400) AS BIGINT)",
}
# PostgreSQL: a text time's fraction cut to 6 digits before the cast ('\1': the kept part);
# a timestamp or date column cast through its JSON text (ISO 8601 whatever the DateStyle: its
# own text may name a zone by an ambiguous abbreviation, 'IST'), as a cast of the column
# itself is refused for a column of numbers before any row is read; any other type (numbers)
# NULL, refused as not a time. A time without an offset (a text without one, a timestamp
# without time zone, a date) is UTC, as on the file engines, whatever the session's TimeZone
# (a cast to TIMESTAMPTZ would read it in the server's zone)
_PG_CUT = "regexp_replace(CAST({col} AS TEXT), '(:[0-9][0-9][.][0-9]{{6}})[0-9]+', '\\1')"
_TEXT_TYPES = "('text'::regtype, 'character varying'::regtype, 'character'::regtype)"
_PG_TIME = (
    f"(CASE WHEN pg_typeof({{col}}) IN {_TEXT_TYPES} THEN (CASE WHEN CAST({{col}} AS TEXT) ~ "
    "'[0-9]:[0-9]{{2}}[:.0-9]*(Z|[+-][0-9]{{2}}(:?[0-9]{{2}})?)$' "
    f"THEN CAST({_PG_CUT} AS TIMESTAMPTZ) "
    f"ELSE CAST({_PG_CUT} AS TIMESTAMP) AT TIME ZONE 'UTC' END) "
    "WHEN pg_typeof({col}) = 'timestamp with time zone'::regtype "
    "THEN CAST(to_json({col}) #>> '{{}}' AS TIMESTAMPTZ) "
    "WHEN pg_typeof({col}) IN ('timestamp without time zone'::regtype, 'date'::regtype) "
    "THEN CAST(to_json({col}) #>> '{{}}' AS TIMESTAMP) AT TIME ZONE 'UTC' END)"
)
# SQLite: a time written YYYY-MM-DD?HH:MM:SS.fff... (the fraction from character 21 on)
_SQLITE_FRACTION = (
    "{col} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]?[0-9][0-9]:[0-9][0-9]:[0-9][0-9]"
    ".[0-9]*'"
)
# the digits after the dot: their number is the text's length less that of what follows them
_SQLITE_DIGITS = "(length(substr({col}, 21)) - length(ltrim(substr({col}, 21), '0123456789')))"
_SQLITE_WHOLE = (
    f"(CASE WHEN {_SQLITE_FRACTION} THEN substr({{col}}, 1, 19) || "
    "ltrim(substr({col}, 21), '0123456789') ELSE {col} END)"
)
_SQLITE_FRAC = (
    f"(CASE WHEN {_SQLITE_FRACTION} THEN CAST('0.' || substr({{col}}, 21, "
    f"min(6, {_SQLITE_DIGITS})) AS REAL) ELSE 0.0 END)"
)
# SQLite reads an offset only as ±HH:MM, and only up to 14 hours; pandas and DuckDB also read
# ±HHMM (ISO 8601's basic form), ±HH (as PostgreSQL prints one) and any hour. So a table and
# the same rows as a file give the same windows, SQLite gets the offset's colon and minutes
# first (_SQLITE_HHMM), then the time moved to UTC by the offset's minutes (_SQLITE_UTC),
# fractions of a second kept. (':' || '00', not ':00': SQLAlchemy reads that as a parameter.)
_SQLITE_HHMM = (
    "(CASE WHEN {col} GLOB '*[0-9][+-][0-9][0-9][0-9][0-9]' "
    "THEN substr({col}, 1, length({col}) - 2) || ':' || substr({col}, -2) "
    "WHEN {col} GLOB '*:[0-9][0-9]*[+-][0-9][0-9]' THEN {col} || ':' || '00' ELSE {col} END)"
)
_SQLITE_UTC = (
    "(CASE WHEN {t} GLOB '*[0-9][+-][0-9][0-9]:[0-9][0-9]' "
    "THEN strftime('%Y-%m-%d %H:%M:%f', substr({t}, 1, length({t}) - 6), printf('%+d minutes', "
    "(CASE substr({t}, -6, 1) WHEN '-' THEN 1 ELSE -1 END) "
    "* (CAST(substr({t}, -5, 2) AS INTEGER) * 60 + CAST(substr({t}, -2) AS INTEGER)))) "
    "ELSE {t} END)"
)


def _time_sql(scheme: str, template: str, col: str) -> str:
    """``template`` (one of ``_DAY_SQL``, ``_EPOCH_SQL``) of the time column ``col`` in
    PostgreSQL (SQLite: ``_timed_sql``); NULL where its text is not an ISO_TIME of a real
    calendar day (as on the file engines)."""
    quoted = _q(col)
    time = template.format(col=_PG_TIME.format(col=quoted))
    return f"(CASE WHEN {_valid_time_sql(scheme, quoted)} THEN {time} END)"


# SQLite: the subquery columns holding each row's time text as _SQLITE_UTC reads it, its epoch
# seconds (NULL where not a valid time) and fraction of a second
_HHMM_KEY, _SECS_KEY, _FRAC_KEY = "_ethiclens_hhmm", "_ethiclens_secs", "_ethiclens_frac"


def _free_names(names: tuple, taken) -> list[str]:
    """``names`` each with ``_`` added until no column of ``taken`` has it in any case (SQLite's
    names are caseless): a source's own column of the name would be read in its place, or
    refused as the query's second column of the name. Every internal name a database's counting
    query adds to the source's columns is picked here (``_timed_sql``, ``_sql_keys``)."""
    used, free = {str(t).lower() for t in taken}, []
    for name in names:
        while name.lower() in used:
            name += "_"
        free.append(name)
    return free


def _timed_sql(scheme: str, source: str, col: str, taken=()) -> tuple[str, str, str]:
    """(the FROM item of ``source``'s rows, the SQL of each row's day, of its epoch seconds):
    ``_time_sql``'s values. In SQLite each step is computed once, in a subquery, and read by
    name (none of ``taken``, the source's columns): written out in full the times' SQL is 36 kB
    (each step repeats the one below it), which the read-only check
    (``sources.read_only_query``) parses for 0.3 s of CPU a statement."""
    if scheme != "sqlite":
        day, ts = (_time_sql(scheme, t[scheme], col) for t in (_DAY_SQL, _EPOCH_SQL))
        return source, day, ts
    quoted = _q(col)
    hhmm_key, secs_key, frac_key = map(_q, _free_names((_HHMM_KEY, _SECS_KEY, _FRAC_KEY), taken))
    hhmm = _SQLITE_HHMM.format(col=_SQLITE_WHOLE.format(col=quoted))
    secs = f"CAST(strftime('%s', {_SQLITE_UTC.format(t=hhmm_key)}) AS INTEGER)"
    valid = _valid_time_sql(scheme, quoted)
    # NULL added where invalid: nesting the time in a CASE overflows SQLite's parser stack
    timed = (
        f"(SELECT *, {secs} + CASE WHEN {valid} THEN 0 END AS {secs_key}, "
        f"{_SQLITE_FRAC.format(col=quoted)} AS {frac_key} FROM "
        f"(SELECT *, {hhmm} AS {hhmm_key} FROM {source}) AS hhmm) AS timed"
    )
    day = _DAY_SQL[scheme].format(secs=secs_key)
    return timed, day, _EPOCH_SQL[scheme].format(secs=secs_key, frac=frac_key)


# A database reads what the file engines refuse: SQLite's strftime a lowercase z, the hour 24,
# an offset after a space, 2024-02-30 (as 03-01), a number (as a Julian day); PostgreSQL's cast
# a named zone or an offset of 24 hours or more. So a text time is first held to ISO_TIME (a
# regular expression in PostgreSQL; in SQLite, which has none, the same pattern piece by piece
# in GLOBs) and to the calendar; PostgreSQL's typed times (timestamp, date) pass as typed.


def _sqlite_offset(text: str) -> str:
    """``text`` (SQL) is ISO_TIME's optional offset: empty, Z, ±HH, ±HHMM or ±HH:MM (hours to
    23). Flat (ANDs and ORs, one level of parentheses): SQLite's parser has a shallow stack."""
    forms = " OR ".join(
        f"{text} GLOB '[+-][0-9][0-9]{m}'" for m in ("", "[0-5][0-9]", ":[0-5][0-9]")
    )
    return f"({text} = '' OR {text} = 'Z' OR ({forms}) AND substr({text}, 2, 2) <= '23')"


def _sqlite_iso(c: str) -> str:
    """``c`` (SQL) matches ISO_TIME: a date alone, or with hours and minutes, seconds, or a
    fraction of a second, each followed by an optional offset (one alternative each, flat)."""
    hm = f"substr({c}, 11, 6) GLOB '[T ][0-2][0-9]:[0-5][0-9]' AND substr({c}, 12, 2) <= '23'"
    sec = f"{hm} AND substr({c}, 17, 3) GLOB ':[0-5][0-9]'"
    tail = f"ltrim(substr({c}, 21), '0123456789')"
    alternatives = [
        f"length({c}) = 10",
        f"{hm} AND {_sqlite_offset(f'substr({c}, 17)')}",
        f"{sec} AND {_sqlite_offset(f'substr({c}, 20)')}",
        f"{sec} AND substr({c}, 20, 2) GLOB '.[0-9]' AND {_sqlite_offset(tail)}",
    ]
    return (
        f"substr({c}, 1, 10) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND "
        f"({' OR '.join(alternatives)})"
    )


def _calendar_sql(t: str) -> str:
    """The date that text ``t`` (SQL, ISO_TIME's shape) begins with is a day of the calendar
    (no 2024-02-30, no month 13): SQLite would roll it over, PostgreSQL's cast fail the whole
    query. Integer arithmetic only (no % for a driver to misread), flat (SQLite's parser)."""
    y, m, d = (f"CAST(substr({t}, {i}, {n}) AS INTEGER)" for i, n in ((1, 4), (6, 2), (9, 2)))
    leap = f"({y} / 100) * 100 <> {y} OR ({y} / 400) * 400 = {y}"
    days = (
        f"{d} <= 28 OR {d} <= 30 AND {m} <> 2 OR {d} = 31 AND {m} IN (1, 3, 5, 7, 8, 10, 12) "
        f"OR {d} = 29 AND ({y} / 4) * 4 = {y} AND ({leap})"
    )
    return f"{m} BETWEEN 1 AND 12 AND {d} >= 1 AND ({days})"


def _valid_time_sql(scheme: str, quoted: str) -> str:
    """SQL: the time column ``quoted`` holds a time every engine reads (see above)."""
    if scheme == "sqlite":
        return f"{_sqlite_iso(quoted)} AND {_calendar_sql(quoted)}"
    text = f"CAST({quoted} AS TEXT)"
    return (
        f"(CASE WHEN pg_typeof({quoted}) NOT IN {_TEXT_TYPES} THEN TRUE "
        f"WHEN {text} ~ '^({ISO_TIME})$' THEN {_calendar_sql(text)} ELSE FALSE END)"
    )


def _missing_time_sql(quoted: str) -> str:
    """SQL: the time column ``quoted`` has no time, as the pandas engine reads a DataFrame's
    (NULL; empty or blank; nan, nat, none in any case)."""
    text = f"lower(trim(CAST({quoted} AS TEXT)))"
    return f"({quoted} IS NULL OR {text} IN ('', 'nan', 'nat', 'none'))"


# the roles' text in byte order, as the other engines sort it (PostgreSQL: not the locale's)
_TEXT_SQL = {"sqlite": "CAST({col} AS TEXT)", "postgresql": 'CAST({col} AS TEXT) COLLATE "C"'}
DAY_KEY = "_ethiclens_day"
# row windows: the row's window; a day's or row window's first and last time (constant in it)
WINDOW_KEY, TMIN_KEY, TMAX_KEY = "_ethiclens_window", "_ethiclens_tmin", "_ethiclens_tmax"
TS_KEY = "_ethiclens_ts"  # each row's time in epoch seconds
# --propensity in a database: each row's 1/π is the weight whose sums sql_counts returns; the
# cell's smallest π and a flag of invalid π ride along as GROUP BY keys (constant per cell);
# --weight likewise with w for 1/π, the cell's smallest and largest 1/w
W_KEY, PMIN_KEY, PMAX_KEY = "_ethiclens_w", "_ethiclens_pmin", "_ethiclens_pmax"
BAD_KEY = "_ethiclens_bad_p"
_SQL_KEYS = (
    DAY_KEY,
    WINDOW_KEY,
    TMIN_KEY,
    TMAX_KEY,
    TS_KEY,
    W_KEY,
    PMIN_KEY,
    PMAX_KEY,
    BAD_KEY,
    HELD,
)


def _sql_keys(names) -> dict[str, str]:
    """Each of ``_SQL_KEYS`` (the columns the counting query adds to a source's rows) and the
    name it has in the query: none of the source's ``names`` (``_free_names``); the counts
    are renamed back."""
    return dict(zip(_SQL_KEYS, _free_names(_SQL_KEYS, names), strict=True))


def count_windows_sql(
    url: str,
    cols: Columns,
    window: Window,
    *,
    table: str | None = None,
    query: str | None = None,
    origin_day: int | None = None,
    flag: str = "--db",
) -> Counted:
    """Day or row windows of a database table (or query): the day of each row (row windows:
    its number in time order, ties broken by the roles' text, then the weight's value, as the
    file engines break them)
    is computed in the database and becomes one more GROUP BY key of
    ``ethiclens.sources.sql_counts``, which runs it read-only (ADR 0011); only counts come
    back. With ``cols.propensity`` the database also sums 1/π and 1/π² per cell and finds its
    smallest π (with ``cols.weight``: w, w², the smallest and largest 1/w), as the file engines
    do. ``flag``: the option that gave ``url`` (``--db-env NAME``), named by a refusal."""
    from ..sources import Roles, sql_columns, sql_counts, sql_source

    scheme = _check_sql_request(url, table, query)
    names = sql_columns(url, table=table, query=query, flag=flag)  # the audit's name checks
    _check_roles(cols, names, "the database source")  # worded as the audit words it
    source = sql_source(table, query, scheme, url=url)  # the audit's read (a dotted name too)
    _refuse_text_weights_sql(url, source, scheme, cols, flag)
    timed, day, ts = _timed_sql(scheme, source, cols.time, names)
    k = _sql_keys(names)
    rows = f"SELECT *, {day} AS {_q(k[DAY_KEY])}, {ts} AS {_q(k[TS_KEY])} FROM {timed}"
    cell, weight = k[WINDOW_KEY if window.kind == "rows" else DAY_KEY], None
    if window.kind == "rows":
        rows = _row_windows_sql(scheme, rows, cols, window, k)
    rows = _spans_sql(rows, cell, k)
    keys = list(dict.fromkeys([k[DAY_KEY], cell, k[TMIN_KEY], k[TMAX_KEY]]))
    if cols.weighting:
        rows = f"SELECT *, {_weights_sql(cols, cell, scheme, k)} FROM ({rows}) AS sampled"
        more = [PMIN_KEY, *([PMAX_KEY] if cols.weight else []), BAD_KEY]
        keys, weight = [*keys, *(k[m] for m in more)], k[W_KEY]
    if cols.held:  # 1 for a row in a held span: one more key, its cells' rows counted
        flag = f"CASE WHEN {held_sql(_q(k[TS_KEY]), cols.held)} THEN 1 ELSE 0 END"
        rows = f"SELECT *, {flag} AS {_q(k[HELD])} FROM ({rows}) AS held"
        keys.append(k[HELD])
    roles = Roles(y_pred=cols.y_pred, y_true=cols.y_true, protected=[*cols.protected, *keys],
                  weight=weight)  # fmt: skip
    try:
        counts = sql_counts(url, roles, query=rows, flag=flag)
    except EthicLensInputError as exc:
        if isinstance(exc, EmptyInputError):
            raise _no_rows_sql(table) from None  # the table or query itself: no rows
        if str(exc.column).split(" (")[0] not in (k[DAY_KEY], *cols.roles):
            raise
        # the times first, as the file engines judge them: a bad time wins over a missing
        # label or group (refused here when any time is bad)
        unreadable = _unreadable_times(url, source, scheme, cols.time, flag, names)
        raise unreadable if str(exc.column) == k[DAY_KEY] else exc from None
    counts = counts.rename(columns={free: key for key, free in k.items()})
    if scheme == "sqlite" and table is not None:
        counts = _declared_booleans(url, counts, cols, table, flag)
    raw = _sql_raw(counts, cols)
    span = (raw[TMIN_KEY].min(), raw[TMAX_KEY].max())
    return _finish(raw, span, cols, window, origin_day, "sql")


def _declared_booleans(url: str, counts: pd.DataFrame, cols: Columns, table: str, flag: str):
    """``counts`` with each group and label column that the audit reads as False/True (a
    SQLite table's column declared BOOLEAN, stored as 0/1: ``sources.sql_counts`` of the table
    applies that rule) read so too, as a Parquet boolean column is. The monitor counts a
    query of the table, whose columns carry no declared type; so the table's own groups of
    the columns holding only 0 and 1 are counted once more, by the audit's read, to learn
    which."""
    from ..sources import Roles, sql_counts

    def only_zero_one(col):
        return set(counts[col].dropna().tolist()) <= {0, 1}

    zero_one = [c for c in cols.protected if only_zero_one(c)]
    # the labels too (counts name them by role): the audit's --pos-label True names their True
    labels = [r for r in ("y_pred", "y_true") if getattr(cols, r) and only_zero_one(r)]
    if not zero_one and not labels:
        return counts
    y_true = cols.y_true if "y_true" in labels else None
    roles = Roles(y_pred=cols.y_pred, y_true=y_true, protected=zero_one or cols.protected[:1])
    typed = sql_counts(url, roles, table=table, flag=flag)
    for col in [*zero_one, *labels]:
        if typed[col].map(lambda v: isinstance(v, bool | np.bool_)).any():
            counts[col] = pd.Series(
                [None if pd.isna(v) else bool(v) for v in counts[col]], index=counts.index,
                dtype=object,
            )  # fmt: skip
    return counts


def _no_rows_sql(table: str | None) -> NoRows:
    """A table or query without rows, in the audit's words (``sources.sql_counts``): a run on
    a store adds nothing, with the note ``NoRows.note``."""
    if table is not None:
        fix = "fill the table or name another one"
        exc = NoRows(f"table {table} has no data rows", column="--table", fix=fix)
        exc.note = f"table {table} has no rows"
    else:
        fix = "check the query's WHERE clause: it selects no rows"
        exc = NoRows("the query has no data rows", column="--query", fix=fix)  # as the audit
        exc.note = "the query selects no rows"
    exc.engine = "sql"
    return exc


_BAD_TIME = "_ethiclens_bad_time"
_TYPED = "_ethiclens_typed"


def _refuse_text_weights_sql(url: str, source: str, scheme: str, cols: Columns, flag: str):
    """A database's weight or propensity column holding text ('2' in a SQLite TEXT column,
    any value of a PostgreSQL text column) or bytes, refused in the audit's words
    (``fairness.typed_numbers_error``: "holds the text values ['2'], not numbers"), as the
    audit of the same table and ``refuse_typed_weights`` (files, frames) refuse it: the
    count cast it to numbers unseen. Its first distinct text values, read by one count."""
    from ..fairness import typed_numbers_error
    from ..sources import Roles, sql_counts

    if not cols.weighted_by:
        return
    (label, role), q = cols.weighted_label, _q(cols.weighted_by[0])
    typed = f"typeof({q}) IN ('text', 'blob')" if scheme == "sqlite" else (
        f"pg_typeof({q}) IN {_TEXT_TYPES}"
    )  # fmt: skip
    sql = (
        f"SELECT DISTINCT CAST({q} AS TEXT) AS {_q(_TYPED)}, 0 AS _ethiclens_zero FROM {source} "
        f"WHERE {q} IS NOT NULL AND {typed} LIMIT 5"
    )
    roles = Roles(y_pred="_ethiclens_zero", protected=[_TYPED])
    try:
        found = sql_counts(url, roles, query=sql, flag=flag)
    except EmptyInputError:  # none: numbers only
        return
    values = pd.Series(sorted(str(v) for v in found[_TYPED]), dtype=object)
    if len(values) and (error := typed_numbers_error(values, label, role)) is not None:
        raise error


def _unreadable_times(url: str, source: str, scheme: str, col: str, flag: str, names=()):
    """The refusal of rows whose day the database did not compute, in the file engines' words
    (``_time_errors``): how many rows have no time, or how many hold one that is not a time and
    the first such value (one more read-only count, then one of those rows alone). A database
    has no row order to name: no line is said."""
    from ..sources import Roles, sql_counts

    (timed, day, _), quoted = _timed_sql(scheme, source, col, names), _q(col)
    missing = _missing_time_sql(quoted)
    kinds = (
        f"SELECT CASE WHEN {missing} THEN 'missing' WHEN {day} IS NULL THEN 'bad' ELSE 'ok' END "
        f"AS {_q(_BAD_TIME)}, 0 AS _ethiclens_zero FROM {timed}"
    )
    roles = Roles(y_pred="_ethiclens_zero", protected=[_BAD_TIME])
    counts = sql_counts(url, roles, query=kinds, flag=flag)
    n = counts.groupby(counts[_BAD_TIME].astype(str))["count"].sum()
    rows, n_missing, n_bad = int(n.sum()), int(n.get("missing", 0)), int(n.get("bad", 0))
    example = None
    if n_bad:
        bad = (
            f"SELECT CAST({quoted} AS TEXT) AS {_q(_BAD_TIME)}, 0 AS _ethiclens_zero "
            f"FROM {timed} WHERE NOT {missing} AND {day} IS NULL LIMIT 1"
        )
        example = str(list(sql_counts(url, roles, query=bad, flag=flag)[_BAD_TIME])[0])
    _time_errors(col, n_missing, n_bad, example, rows, "the database source")
    return EthicLensInputError(  # the count found none: the database changed in between
        "some rows have no time, or one the database cannot read as a date or time",
        column=col,
        fix="every row needs an ISO 8601 timestamp (2024-05-01T13:00:00, optional offset)",
    )


def _row_windows_sql(scheme: str, rows: str, cols: Columns, window: Window, k: dict) -> str:
    """``rows`` numbered in time order (ties: the roles' text, then the weight's value; missing
    last) into windows of ``window.size`` rows (``k``: the internal columns' names)."""
    order = ", ".join(
        [f"{_q(k[TS_KEY])} NULLS LAST", *(_TEXT_SQL[scheme].format(col=_q(c)) + " NULLS LAST"
                                      for c in cols.roles)]
    )  # fmt: skip
    if cols.weighting:  # then the weight's value, as ``row_order`` (invalid ones are refused)
        order += f", {_weight_value_sql(cols, scheme)[0]} NULLS LAST"
    return (
        f"SELECT *, (ROW_NUMBER() OVER (ORDER BY {order}) - 1) / "
        f"{int(window.size)} AS {_q(k[WINDOW_KEY])} FROM ({rows}) AS timed"
    )


def _spans_sql(rows: str, cell: str, k: dict) -> str:
    """``rows`` with each cell's (a day's or a row window's: the column ``cell``) first and
    last time as the database found them, as the file engines span a window: a day's real
    last row, not its end, so today's rows are not taken for rows from the future."""
    span = f"OVER (PARTITION BY {_q(cell)})"
    return (
        f"SELECT *, MIN({_q(k[TS_KEY])}) {span} AS {_q(k[TMIN_KEY])}, MAX({_q(k[TS_KEY])}) "
        f"{span} AS {_q(k[TMAX_KEY])} FROM ({rows}) AS spanned"
    )


def _check_sql_request(url: str, table, query) -> str:
    """The database's kind (sqlite, postgresql); what the monitor cannot count there refused."""
    from ..sources import mask_url

    scheme = url.split(":", 1)[0].split("+", 1)[0].lower()
    if scheme not in _DAY_SQL:
        raise EthicLensInputError(
            "the monitor computes days in SQLite and PostgreSQL only",
            column="--db",
            value=mask_url(url),
            fix="use a sqlite:/// or postgresql+psycopg:// URL",
        )
    if bool(table) == bool(query):
        raise EthicLensInputError(
            "give --table or --query (one of them)",
            column="--table/--query",
            fix="add --table NAME",
        )
    return scheme


# SQLite's CAST reads the longest number a text begins with ('0.5abc' as 0.5, '1_0' as 1, '1-2'
# as 1): a text weight matching any of these (trimmed) is no number, as the file engines read it
_SQLITE_NOT_NUMBER = (
    "*[^0-9.eE+-]*", "*.*.*", "*[eE]*[eE]*", "*[eE]*.*", "*[0-9.][+-]*", "*[+-][+-]*",
    "*[eE+-]", "[eE]*",
)  # fmt: skip


# a number's text as pandas reads it (spaces around it), no other (true, 0.5abc, 1_0, Infinity)
_PG_NUMBER = r"^\s*[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?0*[0-9]{1,4})?\s*$"
# the characters Python's strip() (and so the file engines) trims around a number
_SQLITE_SPACES = f"char({', '.join(str(c) for c in range(0x3001) if chr(c).isspace())})"


def _weights_sql(cols: Columns, window_key: str, scheme: str, k: dict) -> str:
    """1/π, the cell's smallest π and a flag of invalid π (missing, not a number, ≤ 0, > 1);
    with ``cols.weight`` w, the cell's smallest and largest 1/w and a flag of invalid w
    (missing, not a number, ≤ 0, not finite). A cell is a window (``window_key``: the day's or
    the row window's column) and the roles; ``k``: the internal columns' names (``_sql_keys``)."""
    column = _q(cols.weighted_by[0])
    p, trimmed = _weight_value_sql(cols, scheme)
    valid = valid_weight_sql(p, cols)
    if scheme == "sqlite":
        text = " OR ".join(f"{trimmed} GLOB '{form}'" for form in _SQLITE_NOT_NUMBER)
        valid = f"({valid}) AND (typeof({column}) <> 'text' OR NOT ({text}))"
    kept = f"CASE WHEN {valid} THEN {p} ELSE 1.0 END"
    cell = f"OVER (PARTITION BY {', '.join(_q(c) for c in [window_key, *cols.roles])})"
    if cols.weight:
        weight = f"{kept} AS {_q(k[W_KEY])}, MIN(1.0 / ({kept})) {cell} AS {_q(k[PMIN_KEY])}, " + (
            f"MAX(1.0 / ({kept})) {cell} AS {_q(k[PMAX_KEY])}"
        )
    else:
        weight = f"1.0 / ({kept}) AS {_q(k[W_KEY])}, MIN({kept}) {cell} AS {_q(k[PMIN_KEY])}"
    return f"{weight}, CASE WHEN {valid} THEN 0 ELSE 1 END AS {_q(k[BAD_KEY])}"


def _weight_value_sql(cols: Columns, scheme: str) -> tuple[str, str | None]:
    """Each row's weight (π or w) as a SQL double, and (SQLite) its text trimmed."""
    column, trimmed = _q(cols.weighted_by[0]), None
    if scheme == "sqlite":  # a text weight trimmed as strip() trims it, read whole or not at all
        trimmed = f"trim({column}, {_SQLITE_SPACES})"
        held = f"(CASE WHEN typeof({column}) = 'text' THEN {trimmed} ELSE {column} END)"
    else:  # PostgreSQL casts a number's text only, of a double's magnitude (a bool, '0.5abc'
        # or '1e400' would fail the query; a magnitude beyond is outside the weights' range)
        text = f"CAST({column} AS TEXT)"
        fits = f"CAST({text} AS NUMERIC) BETWEEN 1e-300 AND 1e300"
        held = f"(CASE WHEN {text} ~ '{_PG_NUMBER}' THEN (CASE WHEN {fits} THEN {text} END) END)"
    p = f"CAST({held} AS DOUBLE PRECISION)"
    if scheme != "sqlite":  # a real (float4) read as the number it holds, as CAST(real) does:
        # its text is the shortest that reads back (0.2317, not 0.23170000314712524), and a
        # store counted by the direct cast would no longer match its own rows
        real = f"CAST(CAST({held} AS REAL) AS DOUBLE PRECISION)"
        p = f"(CASE WHEN pg_typeof({column}) = 'real'::regtype THEN {real} ELSE {p} END)"
    return p, trimmed


def _sql_raw(counts: pd.DataFrame, cols: Columns) -> pd.DataFrame:
    """``sql_counts``'s table in the engines' raw form (``_ethiclens_day``, text labels,
    ``COUNT``, the day's span; with a propensity ``WSUM``, ``W2SUM``, ``PMIN``; with a weight
    also ``PMAX``). A group column's keys that print alike (a SQLite column's 1 beside '1',
    b'a' beside 'a'), which the audit refuses and the monitor's text would count as one group,
    are refused in its words."""
    for col in cols.protected:
        check_labels_print_apart(decoded_bytes(pd.unique(counts[col].dropna()), col), col)
    # one rename, every name at once: a role named like another's column (--y-pred y_true,
    # --y-pred weight_sum) is not renamed again; PMIN_KEY is PMIN
    names = {"y_pred": cols.y_pred, "y_true": cols.y_true, "count": COUNT}
    raw = counts.rename(columns={**names, "weight_sum": WSUM, "weight_sq_sum": W2SUM})
    weighted = []
    if cols.weighting:
        bad = pd.to_numeric(raw[BAD_KEY]).astype(int) == 1
        if bad.any():
            weights_error(cols, int(raw.loc[bad, COUNT].sum()), int(raw[COUNT].sum()), "")
        weighted = [c for c in WEIGHTED if c in raw.columns]
        raw[weighted[2:]] = raw[weighted[2:]].apply(pd.to_numeric).astype(float)
    numbers = ["_ethiclens_day", *([WINDOW] if WINDOW in raw.columns else [])]
    raw[numbers] = raw[numbers].astype(np.int64)
    # each day's (row window's) span as the database found it (TMIN_KEY, TMAX_KEY)
    raw[[TMIN_KEY, TMAX_KEY]] = raw[[TMIN_KEY, TMAX_KEY]].astype(float)
    labels = [*cols.labels, cols.y_pred]
    held = [HELD] if HELD in raw.columns else []
    if held:  # the key (1: rows in a held span) as the cell's count of such rows
        raw[HELD] = pd.to_numeric(raw[HELD]).astype(np.int64) * raw[COUNT].astype(np.int64)
    raw = raw[[*numbers, *labels, *cols.protected, COUNT, TMIN_KEY, TMAX_KEY, *weighted, *held]]
    raw[labels] = raw[labels].astype(str)
    return raw
