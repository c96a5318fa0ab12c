"""Per-window counts of files by the engine asked for: DuckDB and pandas (``_windows``), or on a
cluster (``--engine dask`` or ``spark``), as the audit counts there.

Dask and Spark hand back the pandas engine's raw cells — (day or row window, the roles as text) with
the rows' number, first and last time and, with ``--propensity`` or ``--weight``, the weight sums —
so the windows, the counts and the JSON are the other engines'. Dask reads one partition per file
exactly as the pandas engine reads it and sums each file where it is read (day windows) or after a
distributed sort (row windows); Spark reads the files by the audit's rule (docs/engines.md; Parquet
files storing a column as other types one type at a time, their rows then together) and runs one
``groupBy`` (after a ``row_number`` over time for row windows). Only cells come back. A row whose
time, propensity or weight is bad is flagged, not refused, there: the refusal is the pandas
engine's, which names the first file and line.
"""

from __future__ import annotations

import contextlib
import os
import unicodedata
from dataclasses import replace

import numpy as np
import pandas as pd

from .._checks import names_words, refuse_bool_beside_number, refuse_bools_in_frames
from .._keywords import refusing_unknown_keywords
from .._optional import require
from ..errors import EthicLensInputError
from ..sources import NA_TEXT, canonical_zero, dask_pandas_frames, refuse_hive_default
from ._request import in_python_words, refuse_bad_target
from ._roles import bool_number_columns, judge_roles
from ._windows import (
    COUNT,
    DAY,
    FRAME,
    HELD,
    ISO_TIME,
    MAX_WEIGHT,
    MIN_WEIGHT,
    SUMMED,
    TERMS,
    TS,
    WEIGHTED,
    WINDOW,
    Columns,
    Counted,
    NoRows,
    Window,
    _check_roles,
    _duckdb_raw,
    _engine,
    _Files,
    _finish,
    _pandas_raw,
    _wanted,
    cells,
    describe_target,
    frame_kind,
    header_names,
    header_only,
    held_sql,
    in_time_range,
    keyed_rows,
    monitor_files,
    parse_times,
    parse_window,
    read_file,
    refuse_nested,
    refuse_typed_weights,
    row_order,
    weight_values,
    where_first,
)


@refusing_unknown_keywords
def count_windows(
    target,
    cols: Columns,
    window: Window,
    *,
    origin_day: int | None = None,
    engine: str = "auto",
    scheduler: str | None = None,
) -> Counted:
    """Count TARGET per window (see the module's docstring). With ``cols.propensity`` (a
    column holding each row's probability of having been sampled, in (0, 1]) every cell also
    carries Σ 1/π, Σ 1/π² and min π (``WSUM``, ``W2SUM``, ``PMIN``); with ``cols.weight`` (a
    positive weight per row) Σ w, Σ w², min 1/w and max 1/w (``PMAX``). ``engine``: auto (DuckDB
    when installed, else pandas), duckdb, pandas, dask or spark; ``scheduler``: the Dask
    scheduler or Spark master, as the audit's ``--scheduler`` (dask and spark only).
    ``target``: a path (a file, a glob or a folder), or a DataFrame counted by the same code as
    a file — pandas (by DuckDB or pandas), Dask or Spark (by its own engine)."""
    with in_python_words():  # 'argument 'target'', not the command line's TARGET
        refuse_bad_target(target)
        window = _checked_shapes(cols, window)  # a window's text ('1d') as parse_window reads it
        return _count_windows(target, cols, window, origin_day, engine, scheduler)


def _checked_shapes(cols, window) -> Window:
    """``window`` as a :class:`Window` (its text parsed) and ``cols`` a :class:`Columns`, or
    refused naming the argument (each was an AttributeError from deep inside)."""
    if not isinstance(cols, Columns):
        raise EthicLensInputError(
            "must be a Columns", column="cols", value=type(cols).__name__, kind="argument",
            fix="e.g. cols=Columns(time='ts', y_pred='pred', protected=('race',))",
        )  # fmt: skip
    if isinstance(window, Window):
        return window
    if not isinstance(window, str):
        raise EthicLensInputError(
            "must be a window size (text) or a Window", column="window", kind="argument",
            value=type(window).__name__, fix="e.g. window='1d' (days) or window='10000' (rows)",
        )  # fmt: skip
    try:
        return parse_window(window)
    except EthicLensInputError as exc:  # "option '--window'": this function's argument
        raise exc.renamed({"--window": "window"}, "argument") from None


def _count_windows(target, cols, window, origin_day, engine, scheduler) -> Counted:
    from ..sources import check_scheduler

    asked = engine
    engine = _frame_engine(target, engine) if frame_kind(target) else _engine(engine)
    check_scheduler(engine, scheduler)
    src = _source(target)
    if engine == "duckdb":
        engine = _duckdb_or_pandas(src, cols, asked)
    _check_roles(cols, src.columns, src.target)
    src = _equal_values_merged(src, cols)  # 1, 1.0, True: one group
    # a g=__HIVE_DEFAULT_PARTITION__ folder (Hive's missing value): the audit's refusal
    refuse_hive_default(src, cols)
    refuse_nested(src, cols)  # a list or struct label or group: the audit's refusal
    refuse_typed_weights(src, cols)  # dates or text as weights: the audit's refusal
    # a label or group of booleans in one file and numbers in another: 0/1 as the audit reads
    # it; a float32 propensity or weight as the decimals it prints as
    numbered = bool_number_columns(src, [*cols.labels, cols.y_pred, *cols.protected])
    src = replace(src, numbered=numbered, printed=tuple(cols.weighted_by))
    try:
        if engine in ("dask", "spark"):
            raw, t_min, t_max = cluster_raw(engine, src, cols, window, scheduler)
        else:
            raw_of = _duckdb_raw if engine == "duckdb" else _pandas_raw
            raw, t_min, t_max = raw_of(src, cols, window)
    except NoRows as exc:
        exc.engine = engine  # the engine "auto" resolved to, named by the run
        if src.kind == FRAME:  # no file to export again: the frame's rows, filtered away
            raise _frame_without_rows(exc) from None
        raise
    judge_roles(raw, src, cols)  # labels, groups and missing values as the audit judges them
    return _finish(raw, (t_min, t_max), cols, window, origin_day, engine)


def _duckdb_or_pandas(src: _Files, cols: Columns, asked: str) -> str:
    """DuckDB's names ignore case (ASCII letters only: ``é`` beside ``É`` are two of its
    columns): ``g`` beside ``G`` ended in its binder error for a CSV file (whichever columns
    are counted) and, a Parquet file or DataFrame counting ``G``, in a KeyError traceback or
    silently the counts of the first of the two. ``auto`` counts such a target with pandas,
    as the audit's other engines tell them apart; an explicit ``duckdb`` is refused naming
    both columns. Two such columns neither counted in a Parquet file or DataFrame: DuckDB's."""
    read = {*cols.roles, cols.time, *cols.weighted_by}
    seen: dict[bytes, str] = {}
    for name in map(str, src.columns):
        other = seen.setdefault(name.encode("utf-8", "surrogatepass").lower(), name)
        pair = {name, other}
        if other != name and (src.kind == "csv" or pair & read) and _one_file_holds(src, pair):
            if asked == "auto":
                return "pandas"
            raise EthicLensInputError(
                f"DuckDB cannot tell the columns {other!r} and {name!r} apart (its column "
                "names ignore case)", column="--engine", value="duckdb",
                fix="use --engine pandas (or auto), or rename one of the two columns",
            )  # fmt: skip
    return _lone_cr_or_duckdb(src, asked)


def _one_file_holds(src: _Files, pair: set) -> bool:
    """Whether one file of ``src`` holds both names of ``pair``: a folder's files may each hold
    one (a column renamed between days, refused naming the file as it is read, as the audit
    refuses it). Read only for such a pair (rare): each file's header or footer, and its hive
    folder keys (DuckDB would read a folder's race=A/ key for a file's column Race)."""
    if src.kind == FRAME or len(src.files) == 1:
        return True
    from ..sources import file_columns, hive_keys

    def names(f) -> set:  # a hive folder's key is a column of each file under it
        keys = hive_keys(f, src.target) if src.hive else {}
        return {str(c) for c in file_columns(str(f))} | set(keys)

    return any(pair <= names(f) for f in src.files)


def _dask_values_merged(ddf, cols: Columns):
    """A Dask DataFrame's role columns as its pandas frames hold them (``sources.dask_as_built``:
    Dask's text split 1, 1.0 and True into three groups), each value written as its first row
    writes it, in every partition, as the pandas frame's (``_equal_values_merged``)."""
    from ..sources import dask_as_built

    # the weight as built too (True was refused as the text 'True'); its values not merged
    ddf, firsts = dask_as_built(ddf, [*cols.roles, *cols.weighted_by])
    firsts = {c: first for c, first in firsts.items() if c in cols.roles}
    if not firsts:
        return ddf
    return ddf.map_partitions(_first_values, firsts, meta=ddf._meta)


def _first_values(part: pd.DataFrame, firsts: dict) -> pd.DataFrame:
    """A partition with each value of ``firsts``' columns written as its first row writes it."""
    merged = {}
    for col, first in firsts.items():
        values = [_first_of(first, v) for v in part[col].to_numpy()]
        merged[col] = pd.Series(values, index=part.index, dtype=object)
    return part.assign(**merged)


def _first_of(first: dict, value):
    try:
        return first.get(value, value)
    except TypeError:  # pd.NA's ambiguous equality, or a list (the nested refusal's): as it is
        return value


def _lone_cr_or_duckdb(src: _Files, asked: str) -> str:
    r"""A CSV file ending lines in a lone ``\r`` beside ``\r\n`` (DuckDB's CSV parser ended
    in "state machine reached an invalid state"): ``auto`` counts it with pandas, as the audit's
    auto reads it; an explicit ``duckdb`` is refused in the sources' words (naming the line).
    A file of any kind whose name DuckDB cannot open (a backslash beside [ * ?) is pandas'
    under ``auto`` too (``lone_cr_refused`` says so), as before DuckDB read files escaped."""
    from ..sources import lone_cr_refused, refuse_lone_cr

    if src.kind == FRAME:
        return "duckdb"
    if _hive_glob_names(src):  # k=a?/ beside k=b/: DuckDB's "Hive partition mismatch"
        if asked == "auto":
            return "pandas"
        raise EthicLensInputError(
            f"DuckDB cannot read the hive folder {src.target}: a folder name holds a ? "
            f"({_hive_glob_names(src)[0]}), which DuckDB's hive reading cannot take",
            column="TARGET", fix="rename the folder, or count it with --engine pandas (or auto)",
        )  # fmt: skip
    if asked == "auto":
        return "pandas" if any(map(lone_cr_refused, src.files)) else "duckdb"
    if src.kind != "csv":
        return "duckdb"
    for f in src.files:
        refuse_lone_cr(f, "duckdb")
    return "duckdb"


def _hive_glob_names(src: _Files) -> list[str]:
    """The files of a hive folder with a ? in a folder name under the target: DuckDB's hive
    reading of it fails ("Hive partition mismatch"). A [ or * there DuckDB reads, its keys
    right (k=a[1]/, k=a*/: 4 rows, group 'a[1]'); a backslash beside [ * ? DuckDB cannot open
    at all (``lone_cr_refused``: auto counts it with pandas, duckdb refuses it, naming it)."""
    if not src.hive:
        return []
    # the folders under the target only (a file's own name, or the target's, is read escaped)
    under = [os.path.relpath(os.path.dirname(str(f)), str(src.target)) for f in src.files]
    return [str(f) for f, d in zip(src.files, under, strict=True) if "?" in d]


def _frame_without_rows(exc: NoRows) -> NoRows:
    """A DataFrame target without rows, refused with a DataFrame's fix (not a file's 'export
    the data again'), naming the argument that gave it; the run's note unchanged."""
    fix = "give a DataFrame that holds rows (check the filter or query that made it)"
    out = NoRows(exc.problem, column="target", kind="argument", fix=fix)
    out.note, out.engine = exc.note, exc.engine
    return out


def first_row_after(target, cols: Columns, after: float) -> str:
    """``, first at FILE line N`` of the first row of ``target`` (files or a DataFrame) whose
    time is after ``after`` (epoch seconds), as the pandas reader places it; empty when none
    is found. Read on the refusal's path only."""
    src = _source(target)
    frame = pd.concat([read_file(src, f, [cols.time]) for f in src.files], ignore_index=True)
    parsed = parse_times(frame, cols.time)[0]
    late = (parsed > pd.Timestamp(after, unit="s", tz="UTC")).fillna(False).to_numpy(bool)
    return where_first(frame[late].iloc[0]) if late.any() else ""


def _source(target) -> _Files:
    """The files of a path, or an in-memory DataFrame as the one "file" of kind ``FRAME``."""
    from ..sources import file_columns

    if frame_kind(target) in ("pandas", "dask"):
        target = _named_as_files(target)
    if frame_kind(target):
        _check_unique_columns(pd.Index(list(target.columns)))
        return _Files(describe_target(target), [target], FRAME, False, list(target.columns))
    files, kind, hive = monitor_files(target)
    if header_only(files, kind, hive):  # a day without traffic: no rows to add
        columns = header_names(files[0], target, hive)
        if columns is not None:
            return _Files(target, files, kind, hive, columns)
    return _Files(target, files, kind, hive, file_columns(target))


def spellings_by_file(target, col: str, texts: list) -> dict:
    """{spelling: the first file of the folder or glob ``target`` whose column ``col`` writes
    it (its path under the folder)} of ``texts``: a refusal of one value written two ways
    names where each is written. Each file's column read as the pandas engine reads it, only
    on such a refusal."""
    src, found = _source(target), {}
    for f in src.files:
        values = read_file(src, f, [col])[col].dropna().astype(str)
        name = os.path.relpath(f, target) if os.path.isdir(str(target)) else os.path.basename(f)
        for text in set(texts).intersection(values).difference(found):
            found[text] = name
        if len(found) == len(texts):
            break
    return found


def _equal_values_merged(src: _Files, cols: Columns) -> _Files:
    """A pandas DataFrame target whose role columns hold objects of several types, with equal
    values (1, 1.0, True; Decimal 1.1, 1.10) written as the first row writes them, so every
    engine counts one group labelled by that row as ``ethiclens.audit`` and the sources engines
    do (each engine counted '1', '1.0' and 'True' apart before). Values of two types that print
    the same (1 beside '1', '-0' beside 0) stay one group, as the monitor reads every batch as a
    file's text (round 28: a batch's 0 and another's '0' are one series, so they are within one
    batch too); ``ethiclens.audit`` refuses them in one frame. A column holding an unhashable cell
    (a list) is left to ``refuse_nested``; one holding a missing value to the missing refusal
    (the audit's order), its equal values merged all the same."""
    frame = src.files[0] if src.kind == FRAME else None
    if frame is not None and frame_kind(frame) == "dask":
        # a list cell: Dask's text ('[1]', counted as a group) unless refused here, in the
        # pandas frame's words (the frames the Dask one was made from)
        refuse_nested(replace(src, files=dask_pandas_frames(frame)), cols)
        refuse_bools_in_frames(dask_pandas_frames(frame), cols.protected)  # True beside 1
        return replace(src, files=[_dask_values_merged(frame, cols)])
    if not isinstance(frame, pd.DataFrame):
        return src
    merged = {}
    for col in dict.fromkeys(c for c in cols.roles if frame[c].dtype == object):
        values = frame[col]
        if pd.api.types.infer_dtype(values, skipna=True) in ("string", "empty"):
            continue
        try:
            codes, uniques = pd.factorize(values)
        except Exception:  # noqa: BLE001 - unhashable, or a __hash__/__eq__ that raises:
            continue  # the nested-value refusal's (``refuse_nested``), in the audit's words
        if col in cols.protected:  # True beside 1: one group here, refused as the audit does
            refuse_bool_beside_number(values, col, uniques)
        firsts = np.asarray(uniques, dtype=object).take(np.maximum(codes, 0))
        merged[col] = canonical_zero(  # -0.0 as 0.0: DuckDB scans a float beside text as '-0.0'
            pd.Series(
                np.where(codes >= 0, firsts, values.to_numpy()), index=values.index, dtype=object
            )
        )
    return replace(src, files=[frame.assign(**merged)]) if merged else src


def _named_as_files(frame):
    """``frame`` with its columns named as a file of its rows names them: an int 0 as '0'
    (the caller's frame keeps its names); a MultiIndex of columns, which no file has, refused."""
    if isinstance(frame.columns, pd.MultiIndex):
        raise EthicLensInputError(
            f"the DataFrame's columns are a MultiIndex ({frame.columns.nlevels} levels)",
            column="TARGET",
            fix="give columns of one level: frame.columns = ['_'.join(map(str, c)) for c in "
            "frame.columns]",
            kind="argument",
        )
    if all(isinstance(c, str) for c in frame.columns):
        return frame
    texts = pd.Index([str(c) for c in frame.columns])
    for name in texts[texts.duplicated()]:
        given = dict.fromkeys(repr(c) for c in frame.columns if str(c) == name)
        if len(given) > 1:  # the text '0' and the number 0: one name in a file of its rows
            raise EthicLensInputError(
                f"the DataFrame has two columns of this name as text ({', '.join(given)})",
                column=name,
                fix="rename or drop one of them",
            )
    return frame.rename(columns=str)


def _check_unique_columns(columns: pd.Index) -> None:
    """Refuse a DataFrame with two columns of one name, which no engine could tell apart, or
    of two names differing only in their Unicode form (``café`` composed and decomposed:
    counted as two attributes printed alike), in the words a file's header gets."""
    twice = columns[columns.duplicated()]
    if len(twice):
        raise EthicLensInputError(
            "the DataFrame has two columns of this name",
            column=str(twice[0]),
            fix="rename or drop one of them",
        )
    seen: dict[str, str] = {}
    for name in (c for c in columns if isinstance(c, str)):
        if (first := seen.setdefault(unicodedata.normalize("NFC", name), name)) != name:
            alike = f"({ascii(first)} and {ascii(name)}: two Unicode forms)"
            raise EthicLensInputError(
                f"the DataFrame has two columns named {name!r} {alike}",
                fix="rename the columns so each name is unique",
            )


# the engines that count an in-memory DataFrame of each kind (auto: the first)
_FRAME_ENGINES = {"pandas": ("duckdb", "pandas"), "dask": ("dask",), "spark": ("spark",)}


def _frame_engine(frame, engine: str) -> str:
    """The engine counting a DataFrame: DuckDB (when installed, else pandas) for a pandas one,
    Dask or Spark for theirs; another one refused, in Python's words (no command line gives a
    DataFrame: its fix was engine='auto' under "option '--engine'")."""
    kind = frame_kind(frame)
    if engine == "auto":
        return _engine("auto") if kind == "pandas" else kind
    allowed = _FRAME_ENGINES[kind]
    if engine not in allowed:
        raise EthicLensInputError(
            f"a {kind} DataFrame is counted by {' or '.join(allowed)}",
            column="engine",
            value=engine,
            fix=f"give engine='auto' or one of {names_words(allowed)}",
            kind="argument",
        )
    return engine


# 0: the row is counted; 1: its time is missing or unreadable; 2: its propensity is not in (0, 1]
# or its weight is not positive and finite
FLAG = "_ethiclens_flag"


def cluster_raw(engine: str, src: _Files, cols: Columns, window: Window, scheduler):
    """(raw cells, first time, last time) of the files counted by ``engine`` (dask, spark) on
    ``scheduler`` (a Dask scheduler or a Spark master; None: the audit's default)."""
    raw = (_dask_raw if engine == "dask" else _spark_raw)(src, cols, window, scheduler)
    span = (raw["_ethiclens_tmin"].min(), raw["_ethiclens_tmax"].max())
    if raw.empty or (raw[FLAG] > 0).any() or not in_time_range(*span):
        _pandas_raw(src, cols, window)  # refuses, naming the first file and line
        raise EthicLensInputError(
            f"{engine} could not read some times, propensities or weights that pandas reads",
            column=cols.time,
            fix="write times as ISO 8601 and propensities and weights as numbers, or use "
            "--engine pandas",
        )
    return raw.drop(columns=FLAG), float(span[0]), float(span[1])


# -- Dask ----------------------------------------------------------------------------------------


def _file_rows(path, src: _Files, cols: Columns) -> pd.DataFrame:
    """One file's rows keyed for counting (``keyed_rows``) with their ``FLAG``."""
    frame = read_file(src, path, _wanted(cols))
    parsed, missing, bad = parse_times(frame, cols.time)
    ts = (parsed - pd.Timestamp(0, tz="UTC")).dt.total_seconds().to_numpy()
    p, bad_p = weight_values(frame, cols) if cols.weighting else (None, False)
    data = keyed_rows(frame, cols, ts, p)
    data[FLAG] = np.where(missing | bad, 1, np.where(bad_p, 2, 0))
    return data


def _file_day_cells(path, src: _Files, cols: Columns) -> pd.DataFrame:
    data = _file_rows(path, src, cols)
    data["_ethiclens_day"] = np.floor(np.nan_to_num(data[TS].to_numpy()) / DAY).astype(np.int64)
    return cells(data, ["_ethiclens_day", FLAG, *cols.roles], cols.weighting)


def _dask_raw(src: _Files, cols: Columns, window: Window, scheduler) -> pd.DataFrame:
    import dask

    require("dask.dataframe", extra="dask")
    from ..sources import dask_scheduler

    # the roles stay Python text (as pandas reads them), not Arrow strings
    with dask.config.set({"dataframe.convert-string": False}):
        with dask_scheduler(scheduler or "local-cluster"):
            if window.kind == "days":
                parts = _per_part(_file_day_cells, src, cols)
                return parts.compute().reset_index(drop=True)
            rows = _per_part(_file_rows, src, cols)
            # the pandas engine's order (``row_order``); missing values last
            rows = rows.sort_values(row_order(cols), na_position="last")
            position = rows.assign(_ethiclens_one=1)["_ethiclens_one"].cumsum() - 1
            rows = rows.assign(**{WINDOW: position // window.size})
            keys = [WINDOW, FLAG, *cols.roles]
            return rows.map_partitions(cells, keys, cols.weighting).compute().reset_index(drop=True)


def _per_part(read, src: _Files, cols: Columns):
    """A Dask DataFrame of ``read`` (``_file_rows``, ``_file_day_cells``) applied to each file,
    or to each partition of a Dask DataFrame given as the target."""
    import dask
    import dask.dataframe as dd

    if src.kind != FRAME:
        return dd.from_map(read, src.files, src=src, cols=cols)
    # the partitions go to ``read`` one by one; ``src`` without the frame itself, which the
    # tasks would otherwise depend on whole
    bare = replace(src, files=[])
    parts = src.files[0].to_delayed()
    return dd.from_delayed([dask.delayed(read)(part, src=bare, cols=cols) for part in parts])


# -- Spark ---------------------------------------------------------------------------------------


def _spark_raw(src: _Files, cols: Columns, window: Window, master) -> pd.DataFrame:
    from ..sources import spark_read_file_groups, spark_read_settings, spark_session

    # columns told apart by case (g beside G: Spark's default took them for one name)
    with spark_session(master) as session, spark_read_settings(session), _utc(session):
        if src.kind == FRAME:  # a Spark DataFrame: the rows as they are, in its session
            parts = [src.files[0]]
        else:  # Parquet files storing a column as other types: each group as stored
            parts = spark_read_file_groups(session, src.target, _wanted(cols))
        text = src.kind not in ("parquet", FRAME)
        # one type per column; a boolean label among numbers as 1/0 (src.numbered)
        keyed = [_spark_rows(sdf, cols, text, src) for sdf in parts]
        rows = keyed[0]
        for part in keyed[1:]:
            rows = rows.unionByName(part)
        return _spark_cells(rows, cols, window)


@contextlib.contextmanager
def _utc(session):
    """Days are UTC days, and a time without an offset is UTC (as every engine reads it): the
    session's time zone while the monitor counts, its own restored after."""
    zone = session.conf.get("spark.sql.session.timeZone")
    session.conf.set("spark.sql.session.timeZone", "UTC")
    try:
        yield
    finally:
        session.conf.set("spark.sql.session.timeZone", zone)


def _spark_rows(sdf, cols: Columns, text: bool, src: _Files):
    """The rows keyed for counting: time in epoch seconds, ``FLAG``, the roles as text, the
    weights (``_ethiclens_p``: the propensity π, or 1/w for a weight w). ``text``: CSV, whose
    missing-value words are missing values (as pandas, DuckDB and the audit read them) but in
    the hive folder keys (``src.folder_keys``: the folder names' text, ``g=NA/`` a group);
    ``src.numbered``: the labels whose booleans are the numbers 1 and 0 (``_spark_text``)."""
    keys, numbered = src.folder_keys, src.numbered
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    time = _spark_col(cols.time)
    if isinstance(sdf.schema[cols.time].dataType, (T.TimestampType, T.TimestampNTZType,
                                                   T.DateType)):  # fmt: skip
        stamp = time.cast("timestamp")
    else:  # the ISO 8601 times pandas reads, no other (a named zone, an offset of 24 h, ...)
        raw = _spark_missing(time.cast("string"), text and cols.time not in keys)
        stamp = F.when(raw.rlike(f"^{ISO_TIME}$"), raw.try_cast("timestamp"))
    ts = F.unix_micros(stamp) / F.lit(1e6)
    flag = F.when(stamp.isNull(), F.lit(1))
    weights = []
    if cols.weighting:
        p = F.trim(_spark_col(cols.weighted_by[0]).cast("string")).try_cast("double")
        top = F.lit(1.0) if cols.propensity else F.lit(float(MAX_WEIGHT))
        usable = (p >= F.lit(float(MIN_WEIGHT))) & (p <= top)
        flag = flag.when(~F.coalesce(usable, F.lit(False)), F.lit(2))
        one = F.lit(1.0)
        terms = (p, p * p, one / p) if cols.weight else (one / p, one / (p * p), p)
        names = ("_ethiclens_w", "_ethiclens_w2", "_ethiclens_p")
        weights = [term.alias(name) for term, name in zip(terms, names, strict=True)]
    roles = [
        _spark_missing(_spark_text(sdf, c, c in numbered), text and c not in keys).alias(c)
        for c in cols.roles
    ]
    return sdf.select(ts.alias(TS), flag.otherwise(F.lit(0)).alias(FLAG), *roles, *weights)


def _spark_text(sdf, name: str, number: bool = False):
    """Column ``name`` as text; a boolean as pandas writes it (``True``, not Spark's
    ``true``), or as the number 1 or 0 (``number``: a label stored as a bool in one file and
    as numbers in another, read as the audit and the other engines read it)."""
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    column = _spark_col(name)
    if isinstance(sdf.schema[name].dataType, T.BooleanType):
        yes, no = ("1", "0") if number else ("True", "False")
        return F.when(column, F.lit(yes)).when(~column, F.lit(no))
    return column.cast("string")


def _spark_missing(column, text: bool):
    """``column``, null where CSV text (``text``) holds a missing-value word."""
    from pyspark.sql import functions as F

    return F.when(~column.isin(list(NA_TEXT)), column) if text else column


def _spark_col(name: str):
    from pyspark.sql import functions as F

    return F.col("`" + name.replace("`", "``") + "`")


def _spark_cells(rows, cols: Columns, window: Window) -> pd.DataFrame:
    """One groupBy per (day or row window, flag, roles); the cells as a pandas DataFrame."""
    from pyspark.sql import Window as SparkWindow
    from pyspark.sql import functions as F

    if window.kind == "days":
        key = "_ethiclens_day"
        rows = rows.withColumn(key, F.floor(F.coalesce(F.col(TS), F.lit(0.0)) / DAY).cast("long"))
    else:
        key = WINDOW
        order = [_spark_col(c).asc_nulls_last() for c in row_order(cols)]
        number = F.row_number().over(SparkWindow.orderBy(*order)) - 1
        rows = rows.withColumn(key, F.floor(number / F.lit(window.size)).cast("long"))
    sums = list(WEIGHTED[: 3 + bool(cols.weight)]) if cols.weighting else []
    aggs = [F.count(F.lit(1)).alias(COUNT), F.min(TS).alias("_ethiclens_tmin")]
    aggs.append(F.max(TS).alias("_ethiclens_tmax"))
    aggs += [getattr(F, SUMMED[s])(TERMS[s]).alias(s) for s in sums]  # as every engine sums
    if cols.held:  # the rows in the held spans (``Columns.held``), as every engine counts them
        aggs.append(F.sum(F.when(F.expr(held_sql(TS, cols.held)), 1).otherwise(0)).alias(HELD))
    keys = [key, FLAG, *cols.roles]
    found = rows.groupBy(*[_spark_col(k) for k in keys]).agg(*aggs).collect()
    names = [*keys, COUNT, "_ethiclens_tmin", "_ethiclens_tmax", *sums, *[HELD][: bool(cols.held)]]
    return pd.DataFrame([tuple(r) for r in found], columns=names)
