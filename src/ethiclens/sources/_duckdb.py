"""Files out of core: CSV/Parquet files, globs and hive-partitioned folders, counted by DuckDB.

DuckDB runs in this process (no server), reads only the columns the audit needs and streams the
GROUP BY; the file paths are bound parameters, the column names quoted identifiers.
"""

from __future__ import annotations

import collections
import functools
import glob
import hashlib
import numbers
import os
import re
import threading
import time
from dataclasses import replace
from pathlib import Path

import pandas as pd

from .._checks import (
    MAX_WORKERS,
    argument_kinds,
    check_count,
    each_kind,
    instance_kind,
    kind_refusal,
)
from .._optional import require
from .._text import is_utf8, one_line
from ..errors import DataFileError, EthicLensInputError
from ..io import (
    _SETTLED_NS,
    COMPRESSED,
    _being_written,
    _cached,
    _open_bytes,
    _path_exists,
    _reader,
    _refuse_credential_path,
    _settled,
    file_stamp,
    path_kind,
    preflight_file,
    refuse_missing,
    refuse_repeated_files,
    repacked_parquet_error,
)
from ._counts_table import (
    Roles,
    as_pandas_reads,
    bytes_not_bytearrays,
    finish_counts,
    key_columns_sql,
    number_cells_sql,
    parquet_key_types,
    quote,
    refusing_roles_keywords,
)
from ._duckdb_database import duckdb_connection, forget_duckdb_database
from ._rules import (
    EXTRA_FIELDS,
    EXTRA_NAME,
    FILE_NAME,
    NA_TEXT,
    FileLayout,
    _file_names,
    _hive_keys,
    check_columns,
    header_groups,
    is_pandas_period,
    join_files,
    joined_columns,
    named_below,
    ragged_error,
)

PARQUET = (".parquet", ".pq")
NO_NULL = "\x00ethiclens: no field is NULL\x00"  # DuckDB's nullstr: text no CSV field holds
CSV = (".csv", ".csv.gz")


_ENGINE_NAMES = {"duckdb": "DuckDB", "dask": "Dask", "spark": "Spark"}


def _kind(path: str, engine: str | None = None) -> str:
    """ "csv" or "parquet": the kinds of one file the file engines read. A kind no engine reads
    gets io's one unknown-file-type refusal (as with --engine pandas); a kind only pandas reads
    (JSON) is refused naming ``engine`` (all three when None) and --engine pandas."""
    if (kind := _multi_file_kind(path)) is not None:
        return kind
    _reader(Path(path))  # raises for a kind no engine reads
    who = (
        f"--engine {engine} ({_ENGINE_NAMES[engine]}) reads"
        if engine in _ENGINE_NAMES
        else "--engine duckdb, dask and spark read"
    )
    raise EthicLensInputError(
        f"{who} only .csv, .csv.gz, .parquet and .pq files",
        column="TARGET",
        value=path,
        fix=f"use --engine pandas, which reads {_suffix(path)} files, or save it as .csv or "
        ".parquet",
    )


# a list of files (an exported helper's argument): each a path, as given
_FILES = each_kind(path_kind(), "a list of file paths", "e.g. ['a.csv', 'b.csv']", empty=True)


@argument_kinds(target=path_kind("give the file, folder or glob to read as text"))
def resolve_files(target: str, engine: str | None = None) -> tuple[list[str], str, bool]:
    """(files, kind, hive): a file, a glob, or a folder of (hive-partitioned) Parquet files.
    ``engine`` (duckdb, dask, spark) is the one a refused kind of one file names; a folder or
    glob holding another kind than CSV or Parquet is refused naming no engine (none reads it
    as several files)."""
    path = Path(target)
    hive = False
    _path_exists(target, "TARGET")  # a name too long: refused as such, not by is_dir's OSError
    if path.is_dir():
        files = _data_files(path)
        hive = any("=" in part for f in files for part in Path(f).relative_to(path).parts[:-1])
    elif path.exists():  # a file whose name has [ ] * ? in it is that file, not a glob
        if not path.is_file():  # /dev/null, a FIFO: refused as such before its name's kind
            preflight_file(path)
        kind = _kind(str(target), engine)
        if kind == "parquet":  # pyarrow opens only UTF-8 names, whichever engine counts
            _refuse_unencodable([str(target)], target, parquet=True)
        return [str(target)], kind, False
    elif any(ch in target for ch in "*?["):
        found = glob.glob(target, recursive=True)
        _refuse_not_files(target, found)
        _refuse_data_folders(target, found)
        files = sorted(f for f in found if Path(f).is_file())
        others = [f for f in files if not _multi_file_kind(f)]
        _refuse_repacked(others, "glob")
        _refuse_other_kinds(target, others, len(others) < len(files))
    else:  # as typed: 'nodir/' says folder (a Path drops the slash)
        refuse_missing(target, "TARGET")
    if not files:
        raise EthicLensInputError(
            "matches no file", column="TARGET", value=target, fix="check the path or the glob"
        )
    for file in files:  # a file found in a folder or by a glob is named in the run's input
        _refuse_credential_path(file, "TARGET")  # fingerprint: one named like a password, too
    kinds = {_multi_file_kind(f) for f in files}
    if len(kinds) > 1:
        raise EthicLensInputError(
            "mixes CSV and Parquet files", column="TARGET", value=target, fix="audit one kind"
        )
    if kinds == {"parquet"}:
        _refuse_unencodable(files, target, parquet=True)
    if len(files) > 1:
        _refuse_repeated(target, files, path if hive else None)
    return files, kinds.pop(), hive


# digests of listings found free of copies (oldest first): 32 bytes each, whatever a folder holds
_CHECKED: collections.OrderedDict = collections.OrderedDict()
_CHECKED_LOCK = threading.Lock()
_CHECKED_MAX = 256


def _refuse_repeated(target, files: list[str], hive_root: Path | None) -> None:
    """``refuse_repeated_files`` once per listing: an audit resolves its target several times
    (auto's engine choice, the counts-table check, the count, the fingerprint), and each time
    hashed every file of a size another shares (a folder of equal Parquet parts: read whole
    each time). Each file's path and ``io.file_stamp`` key it: a file added, removed or
    rewritten is checked afresh; a refusal is never remembered, nor a listing whose stamps are
    too recent to trust (``io._settled``, the rule of io's scans too)."""
    started = time.time_ns()
    stamps = [file_stamp(f) for f in files]
    listing = (str(target), str(hive_root), list(zip(files, stamps, strict=True)))
    key = hashlib.sha256(repr(listing).encode()).digest()
    with _CHECKED_LOCK:
        if key in _CHECKED:
            _CHECKED.move_to_end(key)
            return
    # shortest name first: of two files with the same bytes the later one is named the copy
    # ("a (1).csv has the bytes of a.csv"), as a copy's name is the original's plus " (1)",
    # " copy", "Copy of "
    by_name = sorted(files, key=lambda f: (len(Path(f).name), f))
    refuse_repeated_files(by_name, target, _partition_of(hive_root) if hive_root else None)
    if _settled(stamps, started, _SETTLED_NS):
        with _CHECKED_LOCK:
            _CHECKED[key] = None
            while len(_CHECKED) > _CHECKED_MAX:
                _CHECKED.popitem(last=False)


def _multi_file_kind(path: str) -> str | None:
    """ "csv" or "parquet": the kinds a folder or glob may hold; None for any other."""
    low = path.lower()
    return "parquet" if low.endswith(PARQUET) else "csv" if low.endswith(CSV) else None


def _is_table(path: str) -> bool:
    """Whether ``path`` names a table of a kind EthicLens reads as one file (JSON, a CSV
    compressed otherwise than .gz)."""
    try:
        _reader(Path(path))
    except DataFileError:
        return False
    return True


_TABLE_TYPES = (".csv", ".parquet", ".pq", ".json", ".jsonl")
# a file about a table, holding none of its rows: a checksum (Hadoop's .crc), a signature, a
# lock, an editor's swap file; left out of a folder as README.txt is
_ABOUT_A_TABLE = (".crc", ".md5", ".sha1", ".sha256", ".sha512", ".sig", ".asc", ".lock", ".swp")


def _named_as_table(path: str) -> bool:
    """Whether ``path`` is named as a table (compressed or not) under one more suffix no
    engine reads (``b.csv.gzip``, ``b.csv.bak``, ``b.csv.gz.part``): in a folder beside data
    it was skipped without a word, its rows never counted, where named alone it is refused.
    A checksum or signature beside a table (``a.csv.sha256``) holds no rows: not one."""
    name = Path(path)
    if name.suffix.lower() in _ABOUT_A_TABLE:
        return False
    inner = Path(name.stem)
    if inner.suffix.lower() in COMPRESSED:
        inner = Path(inner.stem)
    return inner.suffix.lower() in _TABLE_TYPES


def _refuse_repacked(files, among: str) -> None:
    """A Parquet file compressed again (``p.parquet.gz``) in a folder or glob is refused as
    it is alone, naming its path (a folder holding Parquet files beside it skipped it
    silently, its rows never counted)."""
    for f in files:
        if err := repacked_parquet_error(Path(f), f, among):
            raise err


def _refuse_other_kinds(target: str, others: list[str], with_data: bool) -> None:
    """A folder or glob holding files (``others``) of a kind no engine reads as several files
    (JSON, .csv.bz2, .txt): refused naming them, neither dropped nor read one kind at a time;
    ``with_data``: it holds CSV or Parquet files too."""
    if not others:
        return
    where = "folder" if Path(target).is_dir() else "glob"
    partial = [f for f in others if _multi_file_kind(_being_written(f) or "")]
    suffixes = sorted({_suffix(f) for f in others})
    shown = ", ".join(others[:2]) + (f" and {len(others) - 2} more" if len(others) > 2 else "")
    them = "them" if len(others) > 1 else "it"
    fixes = [f"convert {them} to .csv or .parquet"]
    if with_data:  # beside the data: most likely files that do not belong there
        leave = f"move {them} out of the folder" if where == "folder" else "narrow the glob"
        fixes.insert(0, f"{leave} to the .csv or .parquet files" if where == "glob" else leave)
    elif all(_is_table(f) for f in others):
        fixes.append(f"audit one file alone ({others[0]})")
    fix = ", or ".join(fixes)
    if partial:  # converting a file cut short is no fix: wait for it (the monitor's words)
        fix = _wait_fix(where, partial, [f for f in others if f not in partial])
    exc = EthicLensInputError(
        f"a folder or glob may hold only .csv, .csv.gz, .parquet and .pq files, but this "
        f"{where} holds {' and '.join(suffixes)} files ({shown})",
        column="TARGET",
        value=target,
        fix=fix,
    )
    exc.not_alone = None if with_data else fixes[0]  # the monitor's: it reads none alone
    raise exc


def _wait_fix(where: str, partial: list[str], rest: list[str]) -> str:
    """The fix for a folder or glob holding ``partial`` files still being written
    (``d1.csv.part``) beside files of other kinds no engine reads together (``rest``)."""
    leave = "move it out of the folder" if where == "folder" else "narrow the glob"
    fix = (
        f"if {partial[0]} is still being written, run again once it is complete (renamed to "
        f"{_being_written(partial[0])}); if it is a leftover, {leave}"
    )
    if rest:
        them = "move them out of the folder" if where == "folder" else "narrow the glob"
        kinds = " and ".join(sorted({_suffix(f) for f in rest}))
        fix += f"; the {kinds} files: {them}, or convert them to .csv or .parquet"
    return fix


def _suffix(path: str) -> str:
    """A file's kind as its name writes it: ``.json``, ``.csv.bz2``, ``(no suffix)``."""
    name = Path(path)
    parts = [name.suffix.lower()]
    if parts[0] in COMPRESSED or _named_as_table(path):
        parts.insert(0, Path(name.stem).suffix.lower())
        if parts[0] in COMPRESSED and _named_as_table(path):  # .csv.gz.part
            parts.insert(0, Path(Path(name.stem).stem).suffix.lower())
    return "".join(parts) or "(no suffix)"


def _partition_of(folder: Path):
    """A file's hive partition: its ``key=value`` folders under ``folder``."""
    return lambda f: tuple(p for p in Path(f).relative_to(folder).parts[:-1] if "=" in p)


def _data_files(folder: Path) -> list[str]:
    """Every CSV (``.csv``, ``.csv.gz``) and Parquet file under FOLDER, in sorted path order: a
    folder is read whole, never a kind of file it holds dropped silently (a mix is refused,
    and so is a table of a kind no engine reads as several files, JSON). Files under a
    ``_`` or ``.`` name (``_SUCCESS``, ``_delta_log/``) are the writer's, not data; a folder
    holding no data file but others is refused naming what it holds."""
    # the folder's own name escaped: f[1]/ would list f1/'s files (a ValueError traceback)
    found = glob.glob(os.path.join(glob.escape(str(folder)), "**", "*"), recursive=True)
    _refuse_not_files(str(folder), [f for f in found if not _by_a_tool(f, folder)])
    found = sorted(f for f in found if Path(f).is_file())
    data = [f for f in found if _multi_file_kind(f)]
    visible = [f for f in found if not _multi_file_kind(f) and not _by_a_tool(f, folder)]
    _refuse_repacked(visible, "folder")
    tables = [f for f in visible if _is_table(f) or _named_as_table(f)]
    _refuse_other_kinds(str(folder), tables if data else visible, bool(data))
    return data


def _refuse_not_files(target: str, found) -> None:
    """Refuse a data file's name (``b.csv``) among the paths ``found`` in TARGET that is no
    regular file (a link to a path that does not exist, a named pipe): its rows would be
    dropped silently. A folder of such a name (Spark's ``out.csv/``) is looked into."""
    for f in sorted(found):
        if _multi_file_kind(f) and not Path(f).is_file() and not Path(f).is_dir():
            dangling = Path(f).is_symlink() and not Path(f).exists()
            raise EthicLensInputError(
                f"holds {f}, "
                + ("a link to a path that does not exist" if dangling else "not a regular file")
                + ", so its rows would not be read",
                column="TARGET",
                value=target,
                fix="restore the file it names"
                if dangling
                else "remove it or replace it with the file itself",
            )


def _refuse_data_folders(target: str, found) -> None:
    """Refuse a folder named as a data file (Spark's ``out.csv/`` of part files) that a glob
    matched and whose data files it did not: a glob reads the files it matches, so the
    folder's rows were dropped silently (``out/*.csv`` read ``out/a.csv`` and no row of
    ``out/b.csv/``)."""
    matched = {os.path.normpath(f) for f in found}
    for f in sorted(found):
        if _multi_file_kind(f) and Path(f).is_dir() and not (data := _data_in(Path(f))) <= matched:
            raise EthicLensInputError(
                f"matches {f}, a folder of data files, whose rows the glob does not read",
                column="TARGET",
                value=target,
                fix=_data_folder_fix(target, f, data),
            )


def _data_folder_fix(target: str, folder: str, data: set[str]) -> str:
    """The fix for a glob that matched ``folder`` but not its ``data`` files: a glob reaching
    below its last folder when that matches them (``out/**/*.csv``), else the folder's own
    file names: ``out/**/b*.csv`` (for ``out/b*.csv``) misses ``part-0000.csv`` and was refused
    again, naming ``out/**/**/b*.csv``."""
    head, tail = os.path.split(target)
    wider = os.path.join(head, "**", tail)
    if data <= {os.path.normpath(f) for f in glob.glob(wider, recursive=True)}:
        return (
            f"give a glob that matches the folder's files too ({wider}), or read that folder "
            "apart (as the target)"
        )
    return (
        f"read that folder apart (as the target: {folder}), or give a glob that matches its "
        f"files too (they are named like {os.path.basename(min(data))})"
    )


def _data_in(folder: Path) -> set[str]:
    """The CSV and Parquet files under ``folder`` (not those under a ``_`` or ``.`` name: a
    writer's)."""
    found = glob.iglob(os.path.join(glob.escape(str(folder)), "**", "*"), recursive=True)
    return {
        os.path.normpath(f)
        for f in found
        if _multi_file_kind(f) and Path(f).is_file() and not _by_a_tool(f, folder)
    }


def _by_a_tool(path: str, folder: Path) -> bool:
    """A file under a ``_`` or ``.`` name below ``folder`` (Spark's ``_SUCCESS``, Parquet's
    ``_metadata``, a Delta table's ``_delta_log/``, ``.crc`` checksums)."""
    return any(p.startswith(("_", ".")) for p in Path(path).relative_to(folder).parts)


def file_columns(target: str, engine: str | None = None) -> list[str]:
    """The columns of TARGET (file, glob or folder; hive partition keys included): those of any
    of its files (a request's columns that a file lacks are refused as it is read, naming the
    file). Reads only the files' footers or header lines.
    ``engine`` is the one a refused kind of file names (:func:`resolve_files`)."""
    return file_layout(target, engine)[0]


@named_below
def file_layout(target: str, engine: str | None = None) -> tuple[list[str], FileLayout]:
    """(the columns of TARGET, its files as the rule reads them): where every file engine
    starts. Reads only the files' footers or header lines."""
    files, kind, hive = resolve_files(target, engine)
    columns, headers = _layout(target, files, kind, hive)
    if kind == "csv" and engine in _LONE_CR_BESIDE:
        for f in files:
            _refuse_lone_cr(f, engine)
    return columns, FileLayout(files, kind, headers, hive, target)


def _layout(target, files, kind, hive) -> tuple[list[str], dict]:
    """(the columns of TARGET, each file's own column names in file order). Files are
    matched by column NAME, in any order; the columns are those of any file."""
    for f in files:
        # empty, misnamed, not UTF-8, wrong delimiter, a repeated header; a header-only file
        # is an error alone, but may be one empty partition of many
        preflight_file(f, require_rows=len(files) == 1)
    schemas = [(f, _names_of(f, kind)) for f in files]
    # every file's columns, the first file's order first: a column only some files hold (one
    # added over time) is read only if a request uses it, then refused naming the file that
    # lacks it (``_rules.refuse_missing_in_files``)
    columns = list(dict.fromkeys(n for _, names in schemas for n in names))
    if hive:
        for f in files[1:]:  # g=A/ beside g=B/g=C/: the key repeats in a later path
            _refuse_repeated_keys(Path(f).relative_to(target).parts[:-1])
        folders = Path(files[0]).relative_to(target).parts[:-1]
        _refuse_repeated_keys(folders)
        for part in folders:
            key = part.partition("=")[0]
            if key in columns:
                raise _key_and_column(key, part)
            columns.append(key)
    return columns, dict(schemas)


def _names_of(path: str, kind: str) -> list[str]:
    """The column names of one file of a target, a file that cannot be read refused by its
    own path: a folder holding one damaged Parquet file (or one still being written, whose
    footer is not there yet) was refused as "cannot read FOLDER: ... file.. Fix", which of its
    files left unsaid."""
    try:
        return _file_names(path, kind)
    except EthicLensInputError:
        raise
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        lines = str(exc).strip().splitlines()
        reason = (lines[0].strip() if lines else type(exc).__name__).rstrip(".")  # (". Fix")
        fix = "check the file's format"
        if kind == "parquet":
            fix += (
                "; a Parquet file still being written has no footer yet: if it is being "
                "written, run again once it is complete, else export it again"
            )
        raise DataFileError(f"cannot read {one_line(path)}: {reason}", fix=fix) from None


def _refuse_repeated_keys(folders) -> None:
    """A hive key named twice in one path (g=1/g=2/), refused as ambiguous on every engine."""
    seen: dict = {}
    for part in folders:
        key, eq, _ = part.partition("=")
        if eq and key in seen:
            raise _key_and_column(key, part, seen[key])
        if eq:
            seen[key] = part


def _key_and_column(key: str, folder: str, before: str = "") -> EthicLensInputError:
    """A hive folder key that the files hold as a column too, or that an outer folder of the
    path names already (``before``: g=1/g=2/): engines would take one or the other (or fail),
    so it is refused on every engine, even where the two agree."""
    if before:
        problem = f"the folder key repeats in the path ({before}/{folder}/)"
        fix = f"name the folder key {key}= once in each path"
    else:
        problem = f"is both a column of the files and a folder key ({folder}/)"
        fix = f"rename the files' column or the folder key {key}="
    return EthicLensInputError(f"{problem}: which one is meant is ambiguous", column=key, fix=fix)


@refusing_roles_keywords
@named_below
def duckdb_counts(target: str, roles: Roles, *, threads: int | None = None):
    """The counts table of TARGET (file, glob or folder), computed by DuckDB.

    Read by the rule of docs/engines.md: CSV columns as text (typed afterwards as pandas types
    them), files matched by column name, then checked by the same code as every engine.
    ``table.attrs["ethiclens_engine"]`` is ``"duckdb"``.
    """
    duckdb = require("duckdb", extra="duckdb")
    if threads is not None:  # 0 (as None): DuckDB's own number, one per core
        # DuckDB starts each thread asked for: 10**5 crashed the process (a segmentation fault)
        fix = "e.g. threads=4, or None: one per core"
        check_count(threads, "threads", minimum=0, maximum=MAX_WORKERS, fix=fix)
    columns, layout = file_layout(target, "duckdb")
    check_columns(columns, roles, target, layout)
    _refuse_unencodable(layout.files, target)
    # the process's database unless a number of threads is asked for (a setting of a database)
    con = duckdb.connect(config={"threads": threads}) if threads else duckdb_connection()
    con.execute("SET enable_progress_bar = false")
    try:
        frames = [_count_files(duckdb, con, part, roles) for part in _same_types(layout, roles)]
    except duckdb.Error as exc:
        forget_duckdb_database(exc)
        raise duckdb_failure(exc, target, layout.files if layout.kind == "csv" else ()) from None
    finally:
        con.close()
    frame = join_files(frames, joined_columns(roles, counted=True))
    return finish_counts(layout.check(frame, roles), roles, "duckdb")


def _refuse_unencodable(files, target, parquet: bool = False) -> None:
    """A file whose name is not UTF-8 (its bytes, escaped as surrogates under a C locale or
    PYTHONUTF8=0) refused in our words where its reader opens only UTF-8 names: DuckDB, and
    pyarrow for a Parquet file on every engine (was 'cannot encode str as UTF-8, surrogate'
    or pyarrow's traceback). pandas reads such a CSV file (as auto does, for one file)."""
    bad = next((f for f in files if not is_utf8(os.fsdecode(f))), None)
    if bad is None:
        return
    name = os.fsencode(bad).decode("utf-8", "backslashreplace")
    fix = "rename it with a UTF-8 name"
    fix += "" if parquet else ", or count it with --engine pandas"
    reader = "pyarrow, the Parquet reader," if parquet else "DuckDB"
    raise EthicLensInputError(
        f"{reader} cannot open {name}: its name is not UTF-8 (bytes of another encoding)",
        column="TARGET",
        value=None if os.fsdecode(bad) == os.fsdecode(target) else target,
        fix=fix,
    )


def _count_files(duckdb, con, layout: FileLayout, roles: Roles) -> pd.DataFrame:
    """The GROUP BY of the rule over the files of LAYOUT, as DuckDB reads them together.

    DuckDB's names ignore case where pandas' do not (``x`` and ``X`` are two columns): each
    role column is read under its position in ``roles.columns`` (``r0``, ``r1``, …) and the
    result's columns get their names back."""
    params: dict = {}
    alias = {c: f"r{k}" for k, c in enumerate(roles.columns)}
    source = _source_sql(layout, roles, alias, params)
    by_position = replace(
        roles,
        y_pred=alias[roles.y_pred],
        protected=list(dict.fromkeys(alias[c] for c in roles.protected)),  # g twice: once
        y_true=alias.get(roles.y_true),
        y_score=alias.get(roles.y_score),
        weight=alias.get(roles.weight),
        key_roles={},
    )
    sql = _counting_sql(source, by_position, layout.kind == "csv", _by_file(layout))
    raw = _as_frame(con, _run(duckdb, con, sql, params), layout, roles, alias)
    return raw.rename(columns={alias[c]: c for c in roles.protected})


def _as_frame(con, cells, layout: FileLayout, roles: Roles, alias: dict) -> pd.DataFrame:
    """The Arrow cells of the GROUP BY as a DataFrame: DuckDB's own conversion, except a
    Parquet group column, whose values become what pandas reads from the file (DuckDB would
    give a date as a midnight timestamp, a decimal as a float, a time-zone timestamp in UTC
    wall time, bytes as a bytearray: each another label than pandas' ``str(value)``)."""
    frame = bytes_not_bytearrays(con.from_arrow(cells).df())
    if layout.kind != "parquet":
        return frame  # CSV keys are read as text: every engine types that text alike
    types = parquet_key_types(layout.files, roles.protected)
    for col, file_type in types.items():
        values = as_pandas_reads(cells.column(alias[col]), file_type)
        frame[alias[col]] = values.set_axis(frame.index)
    # a DECIMAL label too (DuckDB's 1.0, pandas' and Dask's 1 or 1.00 in a written counts
    # file), and a Period one (DuckDB's ordinal 200, pandas' 2020Q1)
    labels = roles._keys()[len(roles.protected) :]  # pairs: y_true and y_pred may be one column
    label_types = parquet_key_types(layout.files, [c for c, _ in labels])
    for col, name in labels:
        if (file_type := label_types.get(col)) is not None and _read_otherwise(file_type):
            frame[name] = as_pandas_reads(cells.column(name), file_type).set_axis(frame.index)
    return frame


def _read_otherwise(file_type) -> bool:
    """A Parquet label type DuckDB reads as other values than pandas: a DECIMAL (1.0 for 1 or
    1.00), pandas' Period (its int64 ordinals, 200 for 2020Q1)."""
    import pyarrow as pa

    return pa.types.is_decimal(file_type) or is_pandas_period(file_type)


def _same_types(layout: FileLayout, roles: Roles) -> list[FileLayout]:
    """The Parquet files of LAYOUT in groups whose role columns have one type each: DuckDB would
    cast an integer column of one file and a text column of another to text, where pandas keeps
    the values of each (1 and '1' are two values, refused by the audit)."""
    if layout.kind != "parquet" or len(layout.files) == 1:
        return [layout]
    import pyarrow.parquet as pq

    groups: dict[tuple, list[str]] = {}
    for f in layout.files:
        schema = pq.read_schema(f)
        types = tuple(str(schema.field(c).type) for c in roles.columns if c in schema.names)
        groups.setdefault(types, []).append(f)
    return [
        FileLayout(files, "parquet", layout.headers, layout.hive, layout.target)
        for files in groups.values()
    ]


def _source_sql(layout: FileLayout, roles: Roles, alias: dict, params: dict) -> str:
    """The FROM item reading the role columns of the files, each named by ``alias`` (their
    paths and column types go into ``params``, bound, never into the SQL text)."""
    keys = _hive_columns(layout, roles, params)
    join = _hive_join(keys)
    if layout.kind == "parquet":
        params["files"] = _literal(layout.files)
        named = _parquet_names(layout.files[0])
        wanted = ", ".join(
            f"{keys.get(c) or 'src.' + quote(named.get(c, c))} AS {alias[c]}" for c in roles.columns
        )
        opts = f", filename = '{FILE_NAME}'" if keys else ""  # our constant (no quote in it)
        # hive_partitioning off: DuckDB took a g=a/ folder's key over the file's own column g
        # (a file or glob in such folders); a hive folder's keys are joined by _hive_join
        opts += ", hive_partitioning = false"
        return f"(SELECT {wanted} FROM read_parquet($files, union_by_name = true{opts}){join})"
    # One read_csv per header order, each with its own names, united by name: a file whose
    # columns are in another order is never read by position. Every field is text; a
    # surplus field lands in the extra column and is refused with its line. No text reads as
    # NULL (an empty field stays '', missing by the rule): only a field that is not there is
    # NULL, so an empty surplus field is a surplus field too. Columns are read under their
    # position ("c0", "c1", …) and renamed: DuckDB's names ignore case, pandas' (x and X) do not.
    params["no_null"] = NO_NULL
    opts = ", strict_mode = false" if _mixed_line_ends(layout.files) else ""  # else DuckDB
    # refuses a \r\n line under a \n header
    file_name = f", src.{quote(FILE_NAME)}" if _by_file(layout) else ""
    if file_name or keys:
        opts += f", filename = '{FILE_NAME}'"  # our constant (no quote in it)
    parts = []
    for i, (names, group) in enumerate(header_groups(layout.files, layout.headers)):
        params[f"files{i}"] = _literal(group)
        params[f"cols{i}"] = {**{f"c{j}": "VARCHAR" for j in range(len(names))}, "extra": "VARCHAR"}
        by_name = {n: f"src.c{j}" for j, n in reversed(list(enumerate(names)))}  # pandas: first
        chosen = ", ".join(
            f"{by_name.get(c) or keys.get(c) or quote(c)} AS {alias[c]}" for c in roles.columns
        )
        parts.append(
            f"SELECT {chosen}{file_name}, {_extra(len(names))} AS {quote(EXTRA_NAME)} "
            f"FROM read_csv("
            f"$files{i}, header = true, delim = ',', quote = '\"', escape = '\"', "
            f"null_padding = true, nullstr = $no_null, auto_detect = false, "
            f"columns = $cols{i}{opts}){join}{_not_blank(len(names))}"
        )
    return "(" + " UNION ALL ".join(parts) + ")"


_GLOB_CHARACTER = re.compile(r"[\[*?]")


def _literal(files) -> list[str]:
    """``files`` as DuckDB globs that match each file alone: DuckDB reads every path it is
    given as a glob, so a file named ``d[1].csv`` was read as ``d1.csv`` (another file's rows,
    or no rows), ``x?.csv`` as ``xa.csv`` too; ``[``, ``*`` and ``?`` are each written as a
    one-character class (``[[]``). A path holding such a character and a backslash, which
    DuckDB's glob reads as a folder separator (it matches no name holding one), is refused
    (:func:`_refuse_unglobbable`; ``auto`` reads it with pandas: :func:`lone_cr_refused`)."""
    _refuse_unglobbable(files)
    return [_GLOB_CHARACTER.sub(lambda m: f"[{m.group()}]", str(f)) for f in files]


def _unglobbable(path) -> bool:
    """Whether DuckDB cannot name the file ``path`` (:func:`_literal`): a POSIX path holding a
    backslash beside ``[``, ``*`` or ``?`` ('back\\sl[1].csv': its escape matched no file, the
    path as given could be read as back/sl1.csv)."""
    text = str(path)
    return os.sep == "/" and "\\" in text and _GLOB_CHARACTER.search(text) is not None


def _refuse_unglobbable(files) -> None:
    """Refuse a file DuckDB cannot name (:func:`_unglobbable`) in our words, naming it."""
    if bad := next((str(f) for f in files if _unglobbable(f)), None):
        raise EthicLensInputError(
            f"DuckDB cannot open {bad}: its name holds a backslash beside [, * or ?, which "
            "DuckDB reads as a folder separator and a glob",
            column="TARGET",
            fix="rename it, or count it with --engine pandas",
        )


def _hive_columns(layout: FileLayout, roles: Roles, params: dict) -> dict:
    """The role columns that are hive folder keys -> the SQL of their values: each file's
    keys as the text of its folder names (:func:`_hive_keys`, as pandas reads them), bound in
    ``params`` and joined by file name. DuckDB's own hive reading types d=2020-01-01 as a date
    and 01 as 1, and refuses layouts pandas reads (g=a=b/ beside g=c/, g=A/ beside g=B/h=1/)."""
    if not layout.hive:
        return {}
    keyed = [_hive_keys(f, layout.target) for f in layout.files]
    if not (found := [c for c in roles.columns if any(c in k for k in keyed)]):
        return {}
    params["hive_files"] = list(layout.files)
    for i, col in enumerate(found):
        params[f"hive{i}"] = [k.get(col) for k in keyed]
    return {col: f"hk.{quote(f'ethiclens key {i}')}" for i, col in enumerate(found)}


def _hive_join(keys: dict) -> str:
    """The JOIN adding each file's folder keys (:func:`_hive_columns`) to its rows."""
    if not keys:
        return " AS src"
    cols = ", ".join(f"unnest($hive{i}) AS {quote(f'ethiclens key {i}')}" for i in range(len(keys)))
    return (
        f" AS src JOIN (SELECT unnest($hive_files) AS {quote('ethiclens key file')}, {cols}) AS hk"
        f" ON src.{quote(FILE_NAME)} = hk.{quote('ethiclens key file')}"
    )


_LINE_END = re.compile(rb"\r?\n")


@argument_kinds(files=_FILES)
def _mixed_line_ends(files) -> bool:
    r"""Whether a CSV file's first 64 KiB end lines both in ``\n`` and in ``\r\n`` (a header
    written with ``\n``, rows by Python's csv module with ``\r\n``): pandas, Dask and Spark
    read it; DuckDB only when not strict. A file that cannot be read is left to the reader."""
    for f in files:
        try:
            with _open_bytes(f) as fh:
                head = fh.read(1 << 16)
        except (OSError, EOFError):
            continue
        if len(set(_LINE_END.findall(head))) > 1:
            return True
    return False


_LONE_CR = re.compile(rb"\r(?!\n)")
_BREAK = re.compile(rb'["\r\n]')
# the line ends beside which an engine misreads a lone \r (pandas and Dask read it as a line
# end): DuckDB took \r\n rows' fields as missing, Spark joined lines ('A\r0' a group)
_LONE_CR_BESIDE = {"duckdb": {b"\r\n"}, "spark": {b"\n", b"\r\n"}}


def lone_cr_refused(target: str, engine: str = "duckdb") -> bool:
    r"""Whether ``engine`` refuses a CSV file of TARGET for its lone ``\r`` line ends
    (:func:`_refuse_lone_cr`): ``auto`` reads such a file with pandas, as pandas reads it."""
    try:
        files, kind, _ = resolve_files(target, engine)
    except EthicLensInputError:
        return False  # the engine's own refusal
    if engine == "duckdb" and any(map(_unglobbable, files)):
        return True  # a name DuckDB cannot open (a backslash beside [, * or ?): read by pandas
    return kind == "csv" and any(_lone_cr_beside(f, engine) for f in files)


def _refuse_lone_cr(path: str, engine: str) -> None:
    r"""Refuse a CSV file ending a line in a lone ``\r`` (classic Mac) and others in a line
    end beside which ``engine`` misreads it (``_LONE_CR_BESIDE``; a \r or \n inside quotes is
    a value's), naming the first lone \r's line."""
    if line := _lone_cr_beside(path, engine):
        lone, beside = line
        end = "\\r\\n" if b"\r\n" in beside else "\\n"
        problem = (
            f"ends line {lone} with a lone \\r (classic Mac) and other lines with {end}: "
            f"--engine {engine} cannot split such a file into the rows pandas reads"
        )
        fix = "give every line the same line end (\\n or \\r\\n), or use --engine pandas"
        raise DataFileError(f"file {Path(path).name!r} {problem}", fix=fix)


def _lone_cr_beside(path: str, engine: str) -> tuple[int, set] | None:
    r"""(the first lone \r's line, the line ends ``engine`` misreads it beside) of a file that
    holds both outside quotes; None for any other (or one that cannot be read: its reader
    names the fault). Scanned once per file stamp (``io._cached``: auto's choice, the count)."""
    try:
        lone, others = _cached(_line_ends, path)
    except OSError:
        return None
    beside = others & _LONE_CR_BESIDE[engine]
    return (lone, beside) if lone is not None and beside else None


@functools.lru_cache(maxsize=256)
def _line_ends(path: str, size: int, stamp: tuple) -> tuple[int | None, frozenset]:
    r"""(the line of the first lone \r outside quotes, the other line ends outside quotes) of
    a file holding both a lone \r and a \n; (None, {}) for any other: those (nearly all) cost
    one regular-expression pass. ``size`` and ``stamp`` key the cache (``io._cache_key``)."""
    lone = newline = False
    try:
        with _open_bytes(path) as fh:
            tail = b""
            while block := fh.read(1 << 22):
                block, tail = tail + block, b""
                if block.endswith(b"\r"):  # its \n may open the next block
                    block, tail = block[:-1], b"\r"
                lone = lone or bool(_LONE_CR.search(block))
                newline = newline or b"\n" in block
            lone = lone or tail == b"\r"
        if lone and newline:
            with _open_bytes(path) as fh:
                return _scan_line_ends(fh)
    except (OSError, EOFError):
        pass  # left to the reader, which names the fault
    return None, frozenset()


def _scan_line_ends(fh) -> tuple[int | None, frozenset]:
    r"""The rare file holding both a lone \r and a \n, read again block by block (never whole:
    a .csv.gz may be far larger decompressed): (the first lone \r's line, the other line ends),
    both outside quotes."""
    quoted, line, lone, others, tail = False, 1, None, set(), b""
    while block := fh.read(1 << 22):
        block, tail = tail + block, b""
        if block.endswith(b"\r"):  # its \n may open the next block
            block, tail = block[:-1], b"\r"
        quoted, line, lone = _scan_block(block, (quoted, line, lone), others)
    if tail and not quoted and lone is None:  # the file's last byte
        lone = line
    return lone, frozenset(others)


def _scan_block(data: bytes, state: tuple, others: set) -> tuple:
    r"""(quoted, line, first lone \r's line) after ``data`` (no \r at its end), adding to
    ``others`` its line ends outside quotes. A block without quotes, read outside quotes (nearly
    all of a file), is counted at memory speed; one with quotes is walked quote by quote."""
    quoted, line, lone = state
    if not quoted and b'"' not in data:
        crlf, lf = data.count(b"\r\n"), data.count(b"\n")
        others.update(([b"\r\n"] if crlf else []) + ([b"\n"] if lf > crlf else []))
        if lone is None and (m := _LONE_CR.search(data)):
            lone = line + data.count(b"\n", 0, m.start())
        return False, line + lf + data.count(b"\r") - crlf, lone
    for m in _BREAK.finditer(data):
        i, c = m.start(), m.group()
        if c == b'"':
            quoted = not quoted
            continue
        if quoted or (c == b"\r" and data[i + 1 : i + 2] == b"\n"):
            continue
        if c == b"\r":
            lone = line if lone is None else lone
        else:
            others.add(b"\r\n" if data[i - 1 : i] == b"\r" and i else b"\n")
        line += 1
    return quoted, line, lone


def _extra(width: int) -> str:
    """The surplus fields of a row, or '' for a row with fewer fields than its header (its
    last column NULL: null_padding, and no text reads as NULL): both refused by their line
    (``ragged_error``), as every engine refuses them, never read as empty values."""
    return f"COALESCE(src.extra, CASE WHEN src.c{width - 1} IS NULL THEN '' END)"


def _not_blank(width: int) -> str:
    """Skip a line of only spaces or tabs, as pandas does (DuckDB skips only an empty line):
    its one field is blank and the rest are not there (NULL; an empty field would be '')."""
    rest = " AND c1 IS NULL" if width > 1 else ""
    return f" WHERE NOT (trim(c0, ' \t') = ''{rest})"


def _parquet_names(path) -> dict:
    """Each column of a Parquet file -> the name DuckDB reads it under: a name already taken,
    case ignored, gets ``_1`` (``_2``, …) appended (``x``, ``X`` -> ``x``, ``X_1``)."""
    import pyarrow.parquet as pq

    taken: set[str] = set()
    named: dict[str, str] = {}
    for name in pq.read_schema(path).names:
        read, k = name, 0
        while read.lower() in taken:
            k += 1
            read = f"{name}_{k}"
        taken.add(read.lower())
        named.setdefault(name, read)
    return named


def _by_file(layout: FileLayout) -> bool:
    """Whether the count keeps each CSV file's rows apart (its labels are typed on their own)."""
    return layout.kind == "csv" and len(layout.files) > 1


def _run(duckdb, con, sql: str, params: dict):
    """The query's result as an Arrow table; once more, changed as DuckDB asks, when it asks."""
    try:
        return con.sql(sql, params=params).to_arrow_table()
    except duckdb.Error as exc:
        if (retry := _retry_sql(sql, str(exc))) is None:
            raise
        return _run(duckdb, con, retry, params)


_LINE_SIZE = re.compile(r"max_line_size=(\d+)")


def _retry_sql(sql: str, error: str) -> str | None:
    """``sql`` changed as DuckDB's ``error`` asks, or None: not strict (a ``\r`` inside a
    line, read as pandas reads it), without parallel CSV reading (a quoted line break: the
    parallel scanner cannot pad short rows then), or with room for longer lines (a long text
    field; DuckDB reads lines of 2 MB by default, pandas any)."""
    if "state machine reached an invalid state" in error and "strict_mode" not in sql:
        # a \r inside a line (mixed line ends past the first 64 KiB, a bare \r): pandas ends
        # the line there, as DuckDB does when not strict
        return sql.replace("null_padding = true,", "null_padding = true, strict_mode = false,")
    if "parallel=false" in error and "parallel = false" not in sql:
        return sql.replace("null_padding = true,", "null_padding = true, parallel = false,")
    asked = _LINE_SIZE.search(error)
    if asked:  # twice what this line needs, so a few longer lines cost a few retries
        size = f"max_line_size = {2 * int(asked.group(1))},"
        return re.sub(
            r"null_padding = true,( max_line_size = \d+,)?", f"null_padding = true, {size}", sql
        )
    return None


# pandas' missing words as SQL literals: our constants (no quote in any), never user values.
_NA_SQL = ", ".join(f"'{word}'" for word in NA_TEXT)
assert "'" not in "".join(NA_TEXT)


# DuckDB's spelling of the score's bin, a bad weight and a summed score (number_cells_sql).
_DUCKDB = {
    "top": "FLOOR({x})",
    "floor": "CAST(FLOOR({x}) AS BIGINT)",
    "bad": "NOT {notnum} AND ({miss} OR isinf({w}) OR {w} < 0)",
    "summed": "CASE WHEN {miss} THEN 0 ELSE COALESCE({s}, 0) END",
}


def _counting_sql(source: str, roles: Roles, text: bool, by_file: bool) -> str:
    """The GROUP BY of the rule: keys as read (text for CSV; ``by_file``: the file too), the
    score's bin with -2 for a value that is not a number, weight sums and the diagnostic
    counts."""
    q = quote
    keys, sel = key_columns_sql(roles)
    if by_file:
        keys.append(q(FILE_NAME))
        sel.append(q(FILE_NAME))

    def number(col):
        """(value, missing, not a number) as SQL expressions; a FLOAT score or weight is the
        decimal it prints as (0.7 is binned in bin 7 of 10 and summed as 0.7, as in a CSV)."""
        v = f"TRY_CAST({q(col)} AS DOUBLE)"
        if col in (roles.y_score, roles.weight):
            printed = f"TRY_CAST(CAST({q(col)} AS VARCHAR) AS DOUBLE)"
            v = f"(CASE WHEN typeof({q(col)}) = 'FLOAT' THEN {printed} ELSE {v} END)"
        if text:  # DuckDB reads '1_000' as 1000; Dask and pandas' CSV reader see no number
            v = f"CASE WHEN contains({q(col)}, '_') THEN NULL ELSE {v} END"
        miss = f"({q(col)} IS NULL OR COALESCE(isnan({v}), FALSE)"
        miss += f" OR {q(col)} IN ({_NA_SQL}))" if text else ")"
        return v, miss, f"(NOT {miss} AND {v} IS NULL)"

    number_cells_sql(roles, keys, sel, number, _DUCKDB)
    if text:
        sel.append(f"SUM(CASE WHEN {q(EXTRA_NAME)} IS NULL THEN 0 ELSE 1 END) AS {q(EXTRA_FIELDS)}")
    return f"SELECT {', '.join(sel)} FROM {source} AS src GROUP BY {', '.join(keys)}"


def _counted_kind(value, name: str) -> None:
    """An argument kind: what DuckDB counted (a path, a glob, a DataFrame), never None, a
    number, bytes or a set (a 10**5000 raised Python's int-to-text error from the message)."""
    if value is None or isinstance(value, (numbers.Number, bytes, set, frozenset)):
        fix = "e.g. 'data.csv', the file, folder or glob counted"
        raise kind_refusal(value, name, "must be what was counted (a path or a DataFrame)", fix)


@argument_kinds(
    exc=instance_kind(BaseException, "the error DuckDB raised", "e.g. the duckdb.Error caught"),
    target=_counted_kind,
    csv_files=_FILES,
)
def duckdb_failure(exc, target: str, csv_files=()) -> EthicLensInputError:
    """DuckDB's error as every engine's message: a CSV row with surplus fields or a value that
    is not a number named with its line; otherwise DuckDB's first line."""
    if csv_files and (err := ragged_error(csv_files)):
        return err
    _raise_named_conversion_error(str(exc), target)
    first_line = str(exc).strip().splitlines()[0]
    fix = (
        "count it with engine='pandas'"  # an in-memory frame has no file format to check
        if "DataFrame" in str(target)
        else "check the file's format (comma-separated, UTF-8, one header line), or try "
        "--engine pandas"
    )
    return EthicLensInputError(
        f"DuckDB could not count {one_line(target)}: {first_line}", column="TARGET", fix=fix
    )


def _raise_named_conversion_error(text: str, target: str) -> None:
    """A value DuckDB cannot convert: name the column, the value and the line (its message
    has them) instead of 'could not count TARGET'."""
    col = re.search(r'converting column "([^"]+)"', text) or re.search(r"source column (\S+)", text)
    if not col or "Conversion Error" not in text:
        return
    value = re.search(r"""Could not convert string ["']([^"']*)["']""", text)
    line = re.search(r"CSV Error on Line: (\d+)", text)
    where = f" on line {line.group(1)}" if line else ""
    raise EthicLensInputError(
        f"holds a value that is not a number{where} of {one_line(target)}",
        column=col.group(1),
        value=value.group(1) if value else None,
        fix="labels and predictions must be 0/1 (or give --pos-label), scores and weights "
        "numbers: fix or drop that row",
    )
