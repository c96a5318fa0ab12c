"""Reading users' tables safely (CSV, Parquet or JSON, never pickles), writing outputs
atomically (a report is either complete or not there at all), and results as JSON (where
undefined is null, never NaN or 0)."""

from __future__ import annotations

import bz2
import codecs
import contextlib
import contextvars
import csv
import errno
import fnmatch
import functools
import glob
import gzip
import hashlib
import io as _io
import itertools
import json
import lzma
import math
import mmap
import os
import re
import secrets
import shlex
import sys
import tempfile
import time
import unicodedata
import zipfile
from dataclasses import dataclass, field, is_dataclass
from decimal import Decimal
from pathlib import Path

import numpy as np
import pandas as pd

from ._checks import (
    argument_kinds,
    each_kind,
    instance_kind,
    iterable_kind,
    kind_refusal,
    whole_kind,
)
from ._secrets import _mask_patterns, holds_secret, masked_cut
from ._text import one_line
from .errors import (
    _YAML_BOOL,
    _YAML_FLOAT,
    _YAML_INT,
    LOCAL_PATH_FIX,
    DataFileError,
    EmptyInputError,
    EthicLensInputError,
    Example,
    FaceFix,
    _DatabaseFix,
    _keep_text,
    _TypedFloat,
    plain_text,
    shortened_digits,
    shown_int,
)

READ_PATH_FIX = "give the path of the file to read as text, e.g. 'data.csv'"
WRITE_PATH_FIX = "give the path of the file to write as text, e.g. 'out.csv'"


def path_kind(fix: str = READ_PATH_FIX):
    """An argument kind for :func:`ethiclens._checks.argument_kinds`: a path (a str or an
    ``os.PathLike`` naming text) holding no NUL. None, bytes, a number, a set, a frame are
    refused naming the argument (a NUL in :data:`NUL_IN_PATH`'s words), never os's or
    pandas' TypeError ('expected str, bytes or os.PathLike object') from inside."""

    def check(value, name: str) -> None:
        named = os.fspath(value) if isinstance(value, (str, os.PathLike)) else None
        if not isinstance(named, str):  # None, a number, bytes (a PathLike of bytes too)
            raise kind_refusal(value, name, "must be a file path (a str or os.PathLike)", fix)
        if "\x00" in named:
            raise EthicLensInputError(
                NUL_IN_PATH, column=name, kind="argument", value=named, fix=NUL_PATH_FIX
            )

    return check


_READ_PATH = path_kind()
# a column's values as a pandas Series (what the engines' value rules take)
SERIES_KIND = instance_kind(pd.Series, "a pandas Series of values", "e.g. pd.Series(['a', 'b'])")
# a table's rows (what the engines and the face checks read columns of)
FRAME_KIND = instance_kind(pd.DataFrame, "a pandas DataFrame", "e.g. pd.read_csv('data.csv')")
_READ_PATHS = each_kind(_READ_PATH, "a list of file paths", "e.g. ['a.csv', 'b.csv']", empty=True)

# JSON as it types its values (text stays text: "01" is no 1, "2020-01-01" no timestamp),
# numbers read exactly (0.3, not the fast parser's 0.30000000000000004), a UTF-8 BOM ignored,
# keys as written (the columns "0", "1" of df.to_json on a frame without names stay text)
_JSON = {"dtype": False, "precise_float": True, "encoding": "utf-8-sig", "convert_axes": False}


def _read_parquet(path, columns=None, **kwargs) -> pd.DataFrame:
    """``pandas.read_parquet``, also of a file whose pandas metadata keeps a dtype pandas cannot
    parse back (``list<item: int64>[pyarrow]``, written from a pandas ArrowDtype column):
    those columns' entries are set aside, so the others get the dtypes (and the index) a
    normal read gives them. Every reader of Parquet into pandas goes through here."""
    try:
        frame = pd.read_parquet(path, columns=columns, **kwargs)
    except TypeError:
        import pyarrow.parquet as pq

        table = pq.read_table(path, columns=columns, use_pandas_metadata=True)
        frame = _pandas_readable(table).to_pandas()
    return _index_as_columns(frame, columns)


def _index_as_columns(frame: pd.DataFrame, order=None) -> pd.DataFrame:
    """``frame`` with the index levels pandas restored by name from a Parquet file's pandas
    metadata (``df.set_index('group').to_parquet(...)``) back as columns: they are columns of
    the file, which DuckDB, Spark and Dask read as such, so every reader audits them by name.
    The columns follow ``order`` (the names asked for, or the file's), then the rest; the file
    keeps such columns last, where they are put when no order is given. An unnamed index (a
    RangeIndex, or a filtered frame's ``__index_level_0__``) stays the frame's index."""
    named = [n for n in frame.index.names if n is not None and n not in frame.columns]
    if not named:
        return frame
    frame = frame.reset_index(level=named)
    first = [c for c in (order or []) if c in frame.columns]
    last = [] if order else named
    middle = [c for c in frame.columns if c not in first and c not in last]
    return frame[first + middle + last]


def _pandas_readable(table):
    """``table`` (pyarrow) without the pandas metadata of columns whose dtype pandas cannot
    parse back, ready for ``to_pandas``."""
    meta = dict(table.schema.metadata or {})
    if b"pandas" not in meta:
        return table
    pandas = json.loads(meta[b"pandas"])

    def parsed(column) -> bool:
        try:
            pd.api.types.pandas_dtype(column.get("numpy_type"))
            return True
        except TypeError:
            return False

    pandas["columns"] = [c for c in pandas.get("columns", []) if parsed(c)]
    return table.replace_schema_metadata({**meta, b"pandas": json.dumps(pandas).encode()})


# what pandas' JSON parser (ujson) says of a number valid in JSON but outside int64/uint64 or a
# double's range (an id of 21 digits, 1e400), which Python's json reads as its CSV reader does
_JSON_RANGE = ("Value is too big", "Value is too small", "Range error when decoding numeric")


def _read_json(path, lines: bool = False) -> pd.DataFrame:
    """A JSON table (records, columns or JSON lines) read by pandas; one holding a number past
    pandas' parser's range is read by Python's json instead: a whole number exactly (a group
    of 21 digits, as a CSV's is), a float past a double's range as inf."""
    try:
        frame = pd.read_json(path, lines=lines, **_JSON)
    except (ValueError, TypeError) as exc:  # TypeError: a line of JSON lines that is a list
        _refuse_broken_json(path, lines)  # pandas' "at position 520": the line, by json
        if not str(exc).startswith(_JSON_RANGE):
            _refuse_json_layout(path, lines)
            raise
    else:
        from ._checks import is_number_text

        names = [c for c in frame.columns if isinstance(c, str)]
        numbered = all(map(is_number_text, names))  # row ids as names, or records' own keys
        if len(names) < frame.shape[1] or numbered or set(names) <= {"columns", "index", "data"}:
            _refuse_json_layout(path, lines)  # int names: arrays, not records' keys
        return frame
    with pd.io.common.get_handle(path, "r", compression="infer", encoding="utf-8-sig") as fh:
        text = fh.handle.read()
    if not lines:
        top = _json_values(text, path)
        _refuse_not_records(path, top)  # rows as lists, 'split', 'table', 'index': as pandas'
        return pd.DataFrame(top)
    numbered = [(n, line) for n, line in enumerate(text.split("\n"), 1) if line.strip()]
    rows = [_json_values(line, path) for _, line in numbered]
    _refuse_not_records(path, rows, [n for n, _ in numbered])
    return pd.DataFrame(rows)


def _json_values(text: str, path):
    """``text`` parsed by Python's json; a whole number past the digits Python converts
    (4,300) refused, shortened, as no value a table holds."""

    def whole(digits: str) -> int:
        try:
            return int(digits)
        except ValueError:  # Python's "Exceeds the limit (4300 digits)", naming no file
            sign, bare = digits[: len(digits) - len(digits.lstrip("-"))], digits.lstrip("-")
            shown = shortened_digits(sign + bare[:12], bare[-6:], len(bare))
            raise DataFileError(
                f"cannot read {_shown(Path(path).name)}: it holds a whole number past the "
                f"digits Python reads ({shown})",
                fix="write the value as text (in quotes) or drop it",
            ) from None

    return json.loads(text, parse_int=whole)


def _refuse_broken_json(path, lines: bool) -> None:
    """A JSON file that is no JSON refused naming where, as a CSV's bad line is named: the
    line of a JSON Lines file (1-based, blank lines counted) holding no whole record, or the
    line and column of a JSON file where Python's json stops (pandas says only "Expected
    object or value at position 520"); nothing where Python's json reads it."""
    with pd.io.common.get_handle(path, "r", compression="infer", encoding="utf-8-sig") as fh:
        text = fh.handle.read()
    name = _shown(Path(path).name)
    pieces = enumerate(text.split("\n"), 1) if lines else [(None, text)]
    for number, piece in pieces:
        if lines and not piece.strip():
            continue
        try:
            json.loads(piece)
        except json.JSONDecodeError as exc:  # not a number past Python's digits: refused so
            if number is None:
                where = f"line {exc.lineno}, column {exc.colno}"
                raise DataFileError(
                    f"cannot read {name}: it is not valid JSON at {where} ({exc.msg})",
                    fix=f"correct {name} at {where} (a JSON table is a list of records "
                    "[{column: value, ...}, ...] or {column: [values]}), or save it as .csv",
                ) from None
            raise DataFileError(
                f"cannot read {name}: line {number} is not a JSON record ({exc.msg} at "
                f"column {exc.colno})",
                fix=f"correct or delete line {number} of {name}: each line of a JSON Lines file "
                "holds one whole record {column: value, ...}",
            ) from None
        except (ValueError, RecursionError):
            continue  # a number past Python's digits, nesting too deep: refused as such


def _refuse_json_layout(path, lines: bool) -> None:
    """A JSON file holding a table in another layout than records or columns (pandas'
    ``to_json`` orient 'values', 'split', 'table' or 'index'), which pandas reads as columns
    named 0, 1, ... or 'columns', 'index', 'data', or fails on, refused naming the layout."""
    with pd.io.common.get_handle(path, "r", compression="infer", encoding="utf-8-sig") as fh:
        text = fh.handle.read()
    if lines:  # a list of rows, each line parsed (up to one that is no JSON)
        top, numbers = [], []
        for number, line in enumerate(text.split("\n"), 1):
            if not line.strip():
                continue
            try:
                top.append(json.loads(line))
            except (ValueError, RecursionError):
                break  # refused by _refuse_broken_json, or as such (past Python's digits)
            numbers.append(number)
        _refuse_not_records(path, top, numbers)
        return
    try:
        top = json.loads(text)
    except (ValueError, RecursionError):
        return  # no JSON: pandas' own error says where
    _refuse_not_records(path, top)


def _refuse_not_records(path, top, numbers=None) -> None:
    """Refuse the parsed JSON ``top`` (with ``numbers``: the rows of JSON lines, read from
    those lines) where it is no records or columns table: its layout named (pandas' orient
    'values', 'split', 'table', 'index'), or a line that holds no record ('[0, 1, 3]' or '5'
    beside records), named by its number."""
    if layout := _json_layout(top):
        raise DataFileError(
            f"cannot read {_shown(Path(path).name)}: it holds {layout}, not a table of records",
            fix=FaceFix(  # pandas code for Python; the other faces change the file
                "write the table as records: df.to_json(path, orient='records') in pandas "
                "(JSON lines: orient='records', lines=True), or save it as .csv or .parquet",
                "write the table as records in the file, a list [{column: value, ...}, ...] "
                "(JSON lines: one {column: value, ...} per line), or save it as .csv or .parquet",
            ),
        )
    name = _shown(Path(path).name)
    if not isinstance(top, (dict, list)):  # '5', '"a"', 'null': no table at all
        raise DataFileError(
            f"cannot read {name}: it holds {_json_kind(top)} alone, not a table",
            fix=_JSON_TABLE,
        )
    if numbers is None and isinstance(top, list):  # a list of records, one of them none
        bad = next((i for i, row in enumerate(top, 1) if not isinstance(row, dict)), None)
        if bad is not None:
            raise DataFileError(
                f"cannot read {name}: row {bad} of its list is not a JSON record (it holds "
                f"{_json_kind(top[bad - 1])})",
                fix=f"correct or delete row {bad} of {name}: a JSON table is a list of records "
                "[{column: value, ...}, ...]",
            )
    for number, row in zip(numbers, top, strict=True) if numbers else ():
        if not isinstance(row, dict):
            raise DataFileError(
                f"cannot read {name}: line {number} is not a JSON record (it holds "
                f"{_json_kind(row)})",
                fix=f"correct or delete line {number} of {name}: each line of a JSON Lines file "
                "holds one whole record {column: value, ...}",
            )


def _json_kind(value) -> str:
    """What a parsed JSON value is, in words (a line of JSON lines that is no record)."""
    if isinstance(value, list):
        return "a list [...] without column names"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return "a number"


def _json_layout(top) -> str | None:
    """The layout of a parsed JSON table that is no records or columns, in words; else None."""
    from ._checks import is_number_text

    if isinstance(top, list) and top and isinstance(top[0], list):
        return "rows as lists without column names (pandas' orient='values')"
    if isinstance(top, list) and top and not isinstance(top[0], dict):
        return "a list of single values without column names"
    if not isinstance(top, dict):
        return None
    if isinstance(top.get("schema"), dict) and isinstance(top.get("data"), list):
        return "pandas' 'table' layout ({schema: ..., data: [...]})"
    split = {"columns", "data"} <= set(top) <= {"columns", "index", "data"}
    rows = top.get("data") if split and isinstance(top["columns"], list) else None
    if isinstance(rows, list) and rows and isinstance(rows[0], list):  # its rows are lists
        return "pandas' 'split' layout ({columns: [...], index: [...], data: [...]})"
    # the rows 0, 1, 2, ... as keys (a columns table of years 2019, 2020 keyed by names is one)
    inner = next(iter(top.values()), None)
    if (
        isinstance(inner, dict)
        and list(top) == [str(i) for i in range(len(top))]
        and not all(is_number_text(k) for k in inner)
    ):
        return "an object per row keyed by its number ({row: {column: value}}, orient='index')"
    return None


READERS = {
    ".csv": pd.read_csv,
    ".parquet": _read_parquet,
    ".pq": _read_parquet,
    ".json": _read_json,
    ".jsonl": functools.partial(_read_json, lines=True),
}


# The folder (or a glob's fixed part) whose files refusals name by their path below it
# (year=2024/part.csv: many partitions share one file name); None: a file by its name
_BELOW: contextvars.ContextVar[Path | None] = contextvars.ContextVar("_BELOW", default=None)


@contextlib.contextmanager
def _named_below(folder):
    """Within: a file under ``folder`` (None: none) is named by :func:`_file_name` by its path
    below it, in every refusal of this module."""
    token = _BELOW.set(None if folder is None else Path(folder))
    try:
        yield
    finally:
        _BELOW.reset(token)


def _file_name(path, below=None) -> str:
    """How a refusal names the file ``path``: its path below the folder ``below`` (by default
    :func:`_named_below`'s) where it lies there, else its name."""
    path, below = Path(path), _BELOW.get() if below is None else below
    if below is not None and path.is_relative_to(below):
        return _shown(path.relative_to(below).as_posix())
    return _shown(path.name)


def _shown(path) -> str:
    """A path as a message shows it: one line, its controls escaped (``rep.json\\n``, as the
    command line prints every message), on every face."""
    return one_line(str(path))


# the unsettled reads of the check pass under way (:func:`_one_pass`), else None
_PASS: contextvars.ContextVar[dict | None] = contextvars.ContextVar("_PASS", default=None)


def _one_pass(func):
    """``func`` as one check pass: a file too freshly changed to cache (or stamped ahead of
    the clock: never settled, :func:`_settled`) is scanned once in it, not once per check that
    asks (a rewrite during the pass is one during the read anyway; one that changes its stamp
    is read afresh). An audit's load of its target is one pass (``spec.load_target``: it
    resolves a folder's parts four times), as is a web upload's check."""
    return _memo_scope(_PASS, func, reuse_outer=True)


def _memo_scope(var: contextvars.ContextVar, func, *, reuse_outer: bool = False):
    """``func`` run with ``var`` set to a fresh ``{}`` memo (each thread and task its own) and
    reset after, even on error; with ``reuse_outer``, a call inside one already under way
    shares that one's memo."""

    @functools.wraps(func)
    def run(*args, **kwargs):
        if reuse_outer and var.get() is not None:
            return func(*args, **kwargs)
        token = var.set({})
        try:
            return func(*args, **kwargs)
        finally:
            var.reset(token)

    return run


# First bytes of formats users hand over under the wrong name.
MAGIC = {
    b"\x1f\x8b": ("gzip-compressed", ".csv.gz"),
    b"PK\x03\x04": ("a ZIP archive", ".csv.zip"),
    b"BZh": ("bzip2-compressed", ".csv.bz2"),
    b"\xfd7zXZ": ("xz-compressed", ".csv.xz"),
    b"PAR1": ("a Parquet file", ".parquet"),
}
COMPRESSED = (".gz", ".bz2", ".zip", ".xz", ".zst")
_ZSTD_MAGIC = b"(\xb5/\xfd"  # a zstd frame's first bytes (read_config_file names it)
# First bytes of table formats EthicLens does not read, and the pandas call that reads them
OTHER_TABLES = {
    b"ARROW1\x00\x00": ("an Arrow IPC (Feather) file", "pd.read_feather(path)"),
    b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1": ("an old Excel/Office file (.xls)", "pd.read_excel(path)"),
}
_SQLITE_MAGIC = b"SQLite format 3\x00"  # a SQLite database's first bytes (read_config_file)
_SQLITE = "a SQLite database (a monitor's store or a data source)"


def _sniff(path: Path, suffix: str) -> None:
    """A file whose first bytes contradict its name gets told what it really is (and a file
    that cannot be opened, e.g. without read permission, is named as such)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(WIDE_HEAD)
    except OSError as exc:
        raise unreadable(path, exc) from exc
    if suffix == ".csv" and _csv_start(path, head).startswith(b"\xef\xbb\xbf" * 2):
        raise _double_bom_error(path)
    if suffix == ".csv" and (err := _sep_line_in(path)):
        raise err
    if err := other_table_error(path, head):
        raise err
    for magic, (what, rename) in MAGIC.items():
        if not head.startswith(magic):
            continue
        compressed = path.suffix.lower() in COMPRESSED
        if rename == ".parquet" and suffix in (".parquet", ".pq"):
            return
        if rename != ".parquet" and compressed:
            if not path.name.lower().endswith(".gz"):
                return _refuse_csv_bytes(path)  # .bz2, .xz, .zip: by pandas' reading
            break  # a .gz file's text is told by its decompressed bytes, below
        raise DataFileError(
            f"{_file_name(path)} is {what}, not a plain {suffix or 'text'} file",
            fix=f"rename it to end in {rename} (EthicLens then reads it as such), or export "
            "it again as plain .csv",
        )
    if suffix in (".parquet", ".pq") and head[:4] != b"PAR1":
        raise DataFileError(
            f"{_file_name(path)} is not a Parquet file (no PAR1 header)",
            fix="rename it to its real type (e.g. .csv) or export it again as Parquet",
        )
    if err := wide_text_error(path, _text_head(path, head)):
        raise err
    _refuse_csv_bytes(path)


def other_table_error(path: Path, head: bytes) -> DataFileError | None:
    """The refusal of a file whose first bytes are a table format no reader here takes
    (Feather, an Excel workbook), whatever its name: named with the formats read
    and the call that converts it; else None."""
    what = next((w for m, w in OTHER_TABLES.items() if head.startswith(m)), None)
    if what is None and head.startswith(b"PK\x03\x04"):  # a ZIP: .xlsx by its first entry
        first = head[30 : 30 + int.from_bytes(head[26:28], "little")]
        if first == b"[Content_Types].xml" or first.startswith((b"xl/", b"docProps/")):
            what = ("an Excel workbook (.xlsx)", "pd.read_excel(path)")
    if what is None:
        return None
    fix = (
        f"convert it, e.g. with pandas: {what[1]}.to_parquet('data.parquet') (or "
        "to_csv('data.csv', index=False)), and audit that file"
    )
    if "Excel" in what[0]:  # a spreadsheet's user saves it as CSV: pandas code for Python
        fix = FaceFix(
            fix,
            "save it as CSV from the spreadsheet program (Excel: File > Save As > CSV UTF-8), "
            "or convert it to Parquet, and audit that file",
        )
    return DataFileError(f"{_file_name(path)} is {what[0]}, not a CSV or Parquet table", fix=fix)


@_one_pass
def _refuse_csv_bytes(path: Path) -> None:
    """A CSV file (plain or compressed) holding a NUL byte, or text after a closing quote, is
    refused naming its line (one scan of a freshly written file: ``read_table``'s too)."""
    if not path.name.lower().endswith(tuple(f".csv{c}" for c in ("", *COMPRESSED))):
        return
    if err := nul_byte_error(path):
        raise err
    if err := _text_after_quote_error(path):
        raise _quoted_separator_error(path) or err


def _quoted_separator_error(path: Path) -> DataFileError | None:
    """The separator's refusal of a CSV file whose quoted names are separated by another
    character (``"a";"b"``, as Excel writes it in many locales): the first closing quote is
    followed by that separator, so its header reads as one column; without this the file was
    refused for text after a closing quote, a fix no such file takes."""
    try:
        header = csv_head(path)[0]
    except DataFileError:
        return None  # the reader names what is wrong with the header
    # the name as every reader shows it (csv_header, read_counts): one wording on every face
    return _delimiter_error(path, header[0]) if len(header) == 1 else None


def _csv_start(path: Path, head: bytes) -> bytes:
    """A CSV file's first bytes as text: decompressed for .gz (:func:`_text_head`), .bz2 and
    .xz (b"" where they cannot be: the reader names the damage)."""
    opener = {".bz2": bz2.open, ".xz": lzma.open}.get(path.suffix.lower())
    if opener is None:
        return _text_head(path, head)
    try:
        with opener(path, "rb") as fh:
            return fh.read(6)
    except (OSError, EOFError, lzma.LZMAError):
        return b""


def _double_bom_error(path: Path) -> DataFileError:
    """A CSV file that starts with two UTF-8 byte-order marks: readers drop one or both, so
    its first column would be named differently by each engine; refused on every one (the web
    app refuses the upload in these words)."""
    try:
        first = csv_head(path)[0][:1]
    except DataFileError:
        first = []
    name = f" {first[0]!r}" if first else ""
    return DataFileError(
        f"{_file_name(path)} starts with two byte-order marks (U+FEFF): its first column's "
        f"name{name} then begins with one, which not every reader keeps alike",
        fix="save the file again as UTF-8 (Excel's 'CSV UTF-8' writes one mark)",
    )


# The bytes a file's text encoding is told by: enough for a few lines of any script.
WIDE_HEAD = 4096
_WIDE = (
    ("UTF-32", "utf-32le"),
    ("UTF-32", "utf-32be"),
    ("UTF-16", "utf-16le"),
    ("UTF-16", "utf-16be"),
)


def _text_head(path: Path, head: bytes) -> bytes:
    """A file's first :data:`WIDE_HEAD` bytes of text: ``head`` (its first bytes), or for a
    ``.gz`` file its first bytes decompressed (b"" where they cannot be: the reader names the
    damage)."""
    if not (path.name.lower().endswith(".gz") and head.startswith(b"\x1f\x8b")):
        return head
    try:
        with _open_bytes(path) as fh:
            return fh.read(WIDE_HEAD)
    except (OSError, EOFError):
        return b""


def _wide_encoding(head: bytes) -> tuple[str, str] | None:
    """(its name, ``iconv``'s name for it) of text stored two or four bytes a character
    (UTF-16 or UTF-32, e.g. Excel's "Unicode text"), told by its byte-order mark or, without
    one, by its first :data:`WIDE_HEAD` bytes decoding as that encoding to text without control
    characters that holds line breaks or commas (a table's, in any script: Cyrillic or CJK
    names have no NUL high bytes, their commas do), where UTF-8 text with a stray NUL does
    not; None for anything else (UTF-8, binary)."""
    # UTF-32 first: its little-endian mark starts like UTF-16's
    if head.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "UTF-32", "utf-32"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "UTF-16", "utf-16"
    sample = head[:WIDE_HEAD]  # a character cut at its end is left out by the decoder
    if b"\x00" not in sample or _stray_nuls(sample):
        return None
    # the other byte order reads a comma (2C 00) as U+2C00: the one with the most marks
    marks = {name: _table_marks(sample, name[1]) for name in _WIDE}
    best = max(_WIDE, key=marks.__getitem__)
    return best if marks[best] else None


def _stray_nuls(sample: bytes) -> bool:
    """Whether ``sample`` is UTF-8 text but for a few NUL bytes (a damaged file, not wide
    text: UTF-16 of Latin letters is half NULs, of any other script not UTF-8 without them)."""
    nuls = sample.count(0)
    return nuls * 4 < len(sample) and _decoded_text(sample.replace(b"\x00", b""), "utf-8") != ""


def _table_marks(sample: bytes, encoding: str) -> int:
    """The line breaks and commas of ``sample`` decoded as ``encoding`` to text, 0 when it does
    not decode to text (:func:`_decoded_text`)."""
    text = _decoded_text(sample, encoding)
    return sum(map(text.count, "\n\r,")) if text else 0


def _decoded_text(sample: bytes, encoding: str) -> str:
    """``sample`` (a file's first bytes, perhaps cut inside a character) decoded as
    ``encoding``; "" when that fails or gives a control character but tab and line breaks."""
    try:
        text = codecs.getincrementaldecoder(encoding)().decode(sample, final=False)
    except UnicodeDecodeError:
        return ""
    if any((c < " " and c not in "\t\n\r") or "\x7f" <= c < "\xa0" for c in text):
        return ""
    return text


@argument_kinds(
    path=_READ_PATH,
    head=instance_kind(
        bytes | bytearray, "the file's first bytes", "e.g. open(path, 'rb').read(4096)"
    ),
)
def wide_text_error(path: str | Path, head: bytes, table: bool = True) -> DataFileError | None:
    """The refusal of a file whose first bytes ``head`` (at least :data:`WIDE_HEAD` of them,
    where the file has them) are UTF-16 or UTF-32 text (not UTF-8, and not binary either:
    iconv converts it), else None. The CLI's readers and the web's upload check alike;
    ``table``: a data table (Excel's export named in the fix), else a configuration file."""
    encoding = _wide_encoding(head)
    if encoding is None:
        return None
    excel = "Excel's 'CSV UTF-8'; or " if table else ""
    return DataFileError(
        f"{_file_name(path)} is {encoding[0]} text, not UTF-8",
        fix=f"save it as UTF-8 (e.g. {excel}iconv -f {encoding[1]} -t utf-8)",
    )


def unreadable(path, exc: OSError) -> DataFileError:
    """The one-line error for a file that exists but cannot be read."""
    if isinstance(exc, PermissionError):
        return DataFileError(
            f"cannot read {_shown(path)}: permission denied",
            fix=f"give yourself read access (chmod u+r {_shown(path)}) or copy the file somewhere "
            "you can read it",
        )
    return DataFileError(
        f"cannot read {_shown(path)} ({exc.strerror or exc})", fix="check the file and its path"
    )


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0].strip() if text else type(exc).__name__


def _open_bytes(path: str | Path):
    """``path`` opened for reading bytes (a ``.gz`` file decompressed)."""
    return (gzip.open if Path(path).name.lower().endswith(".gz") else open)(path, "rb")


@argument_kinds(path=_READ_PATH)
def not_utf8_error(path: str | Path) -> DataFileError | None:
    """The one refusal of a file that is not UTF-8 text, naming its first bad byte's line (the
    header is line 1) and offset; None when every byte decodes. Reads the whole file, line by
    line (UTF-8 never puts a newline byte inside a character): call it once a read failed.
    A compressed file is read decompressed (one pandas cannot decompress: named without a
    place)."""
    path = Path(path)
    fix = "save it as UTF-8 (e.g. Excel's 'CSV UTF-8'; or iconv -f latin1 -t utf-8)"
    if not (path.suffix.lower() in COMPRESSED and path.suffix.lower() != ".gz"):
        return _not_utf8_place(path, _open_bytes, fix)
    try:  # .bz2, .xz, .zip: decompressed as pandas reads them
        return _not_utf8_place(path, _open_scanned, fix)
    except (OSError, EOFError, ImportError, *_UNPACK_ERRORS, ValueError):
        return DataFileError(f"{_file_name(path)} is not UTF-8 text", fix=fix)


def _not_utf8_place(path: Path, opener, fix: str) -> DataFileError | None:
    """:func:`not_utf8_error` of ``path`` read by ``opener``."""
    with opener(path) as fh:
        if err := wide_text_error(path, fh.read(WIDE_HEAD)):
            return err
        fh.seek(0)
        if _decodes(fh):
            return None
    offset = 0
    with opener(path) as fh:
        for number, line in enumerate(fh, start=1):
            skip = len(codecs.BOM_UTF8) if number == 1 and line.startswith(codecs.BOM_UTF8) else 0
            try:
                line[skip:].decode("utf-8")
            except UnicodeDecodeError as exc:
                at = skip + exc.start
                return DataFileError(
                    f"{_file_name(path)} is not UTF-8 text (byte {line[at : at + 1]!r} on line "
                    f"{number}, offset {offset + at})",
                    fix=fix,
                )
            offset += len(line)
    return None


def _decodes(fh) -> bool:
    """Whether every byte of ``fh`` is UTF-8 (decoded a block at a time: the fast pass)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        while block := fh.read(1 << 20):
            decoder.decode(block)
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


@argument_kinds(path=_READ_PATH)
def refuse_not_utf8(path: str | Path, exc: UnicodeDecodeError) -> DataFileError:
    """What to raise for ``exc``, a decoding error met reading ``path``: :func:`not_utf8_error`
    (the same words whichever reader met it), else the codec's own line."""
    return not_utf8_error(path) or DataFileError(
        f"cannot read {_file_name(path)}: {_first_line(exc)}", fix="check the file's format"
    )


# A CSV header line longer than this is refused rather than read into memory: no table's names
# come near it (a million columns of 16-letter names).
MAX_HEADER_BYTES = 1 << 24


def _header_end(head: bytes) -> int:
    """Where the header record ends in ``head`` (just past its first newline outside quotes),
    -1 when ``head`` holds no complete header yet."""
    start = quotes = 0
    while (i := head.find(b"\n", start)) >= 0:
        quotes += head.count(b'"', start, i)
        if quotes % 2 == 0:
            return i + 1
        start = i + 1
    return -1


@argument_kinds(path=_READ_PATH, size=whole_kind(0, fix="e.g. 65536 (0: the header only)"))
def csv_head(path: str | Path, size: int = 65536) -> tuple[list[str], str, bool]:
    """(the header's names, the text read, whether that is the whole file) of a CSV file (plain
    or ``.gz``): at least ``size`` bytes and the whole header line, however long, up to
    :data:`MAX_HEADER_BYTES` (beyond: refused). A byte that is not UTF-8 is refused naming its
    line; a file that cannot be read, naming it."""
    path = Path(path)
    try:
        with _open_bytes(path) as fh:
            head = fh.read(size)
            ended = len(head) < size
            while not ended and _header_end(head) < 0 and len(head) <= MAX_HEADER_BYTES:
                more = fh.read(1 << 20)
                head, ended = head + more, not more
    except (OSError, EOFError) as exc:
        raise DataFileError(
            f"cannot read {_file_name(path)}: {_first_line(exc)}",
            fix=_read_error_fix(path, "")  # a .gz's words, as pandas' read gives them
            if path.suffix.lower() in COMPRESSED
            else "the file is damaged or not what its name says: export the table again",
        ) from exc
    if not ended and _header_end(head) < 0:
        raise DataFileError(
            f"{_file_name(path)}: its first line (the header) is longer than "
            f"{MAX_HEADER_BYTES >> 20} MiB",
            fix="check the file is a CSV table with the column names on its first line",
        )
    try:
        text = codecs.getincrementaldecoder("utf-8-sig")().decode(head, final=ended)
    except UnicodeDecodeError as exc:
        raise refuse_not_utf8(path, exc) from exc
    if err := _sep_line_error(path, text):
        raise err
    # lines may end in \r\n or a bare \r (old Mac exports, which pandas and DuckDB read): the
    # checks here read lines as \n
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    _unlimited_csv_fields()
    try:  # strict: a quote the header opens and the file never closes is an error, not data
        header = next(csv.reader(_io.StringIO(text), strict=True), [])
    except csv.Error as exc:
        if "unexpected end of data" in str(exc) and ended:
            raise DataFileError(
                f"{_file_name(path)}: a quote opened in its header (line 1) never closes, so the "
                "whole file reads as one column name",
                fix="close the quote or remove it: quotes in a CSV come in pairs",
            ) from None
        header = next(csv.reader(_io.StringIO(text)), [])  # lenient, as pandas reads it
    return header, text, ended


@argument_kinds(files=_READ_PATHS)
def ragged_error(files) -> DataFileError | None:
    """The first CSV row with more or fewer fields than its header, or the first byte that is
    not UTF-8, as the one message every engine gives; None when there is none. Reads the files
    (only called once something is wrong)."""
    for f in files:
        try:
            err = _ragged_row(Path(f))
            # a short last row read to the end inside a quote never closed: the quote's words
            if err is None or getattr(err, "short_row", False):
                err = _unclosed_quote_error(Path(f)) or err
        except UnicodeDecodeError:
            err = not_utf8_error(f)
        if err:
            return err
    return None


def _unclosed_quote_error(path: Path) -> DataFileError | None:
    """The refusal of a CSV file (plain or compressed) ending inside a quoted field, naming the
    line its quote opens on (quotes read as pandas' reader reads them: :func:`_quoted_break`);
    else None."""
    packed = path.suffix.lower() in COMPRESSED  # read decompressed, whole
    with _open_scanned(path) as fh:
        if packed:
            at = _open_quote(fh.read())
        elif os.fstat(fh.fileno()).st_size == 0:
            return None
        else:
            with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
                at = _open_quote(data)
                head = data[:at] if at is not None else b""
    if at is None:
        return None
    if packed:
        with _open_scanned(path) as fh:
            head = fh.read(at)
    line = head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1
    return DataFileError(
        f"{_file_name(path)} line {line} cannot be read: a quote opened there never closes "
        "(EOF inside string), so the rest of the file reads as one value",
        fix="close the quote or remove it: quotes in a CSV come in pairs (a quote inside a "
        'quoted value is written twice, "")',
    )


def _open_quote(data) -> int | None:
    """Where the quoted field that ``data`` (a CSV file's bytes) ends inside opens; None
    when every quoted field closes."""
    at = 3 if data[:3] == b"\xef\xbb\xbf" else 0
    if data[at : at + 1] != b'"':  # (a quote after the BOM opens the first field)
        at = _QUOTED_OR_NOT.match(data, at).end()
    while at < len(data):  # a quoted field holding a line break, or not closed
        end = _QUOTED_FIELD.match(data, at).end()
        if end == len(data):
            return at
        at = _QUOTED_OR_NOT.match(data, end + 1).end()  # past its closing quote
    return None


def _repeated_header_error(files) -> DataFileError | None:
    """The first CSV line that repeats its file's header (files joined with ``cat``, each
    keeping its header line and byte-order mark) as the one message every engine gives; None
    when there is none. Reads the files (only called once a row holds its column names)."""
    for f in files:
        with csv_rows(Path(f)) as rows:
            header = next(rows, [])
            start = rows.line_num + 1
            for row in rows:
                if row[:1] and [row[0].removeprefix("\ufeff"), *row[1:]] == header:
                    return DataFileError(
                        f"{_file_name(f)} line {start} repeats the header line (its fields are "
                        "the column names: files joined with their headers?)",
                        fix="delete the repeated header lines (only line 1 names the columns), "
                        "or put the files in a folder and audit the folder",
                    )
                start = rows.line_num + 1
    return None


@argument_kinds(frame=FRAME_KIND, files=_READ_PATHS)
def refuse_repeated_header(frame: pd.DataFrame, files, names: dict | None = None) -> None:
    """Refuse a CSV line repeating its file's header (:func:`_repeated_header_error`) when a row
    of ``frame`` holds in each column the name ``names`` gives it (column -> name; by default
    its own), a byte-order mark ahead of it allowed: cheap, the files are read only then."""
    names = {c: c for c in frame.columns} if names is None else names
    rows = np.ones(len(frame), dtype=bool)
    for column, name in names.items():
        rows &= frame[column].isin([name, "\ufeff" + str(name)]).to_numpy(dtype=bool)
        if not rows.any():
            return
    if names and (err := _repeated_header_error(files)):
        raise err


@contextlib.contextmanager
def csv_rows(path: Path):
    """A ``csv.reader`` over the CSV file ``path`` (gzip-compressed too) that reads a field of
    any length: Python's csv refuses fields past 131,072 characters (its default limit), which
    a text column may hold; the audit refuses such a value with its own words."""
    _unlimited_csv_fields()
    # decompressed as pandas reads it (by its name: .csv.bz2, .csv.zip, .csv.xz too), newline=""
    with pd.io.common.get_handle(path, "r", compression="infer", encoding="utf-8-sig") as fh:
        yield csv.reader(fh.handle)


def _unlimited_csv_fields() -> None:
    """Let Python's csv read a field of any length, once for the process: its limit is one
    global, so setting and restoring it per file raced between threads (a web server reading
    two uploads refused a legitimate long field). Every file is read whole by pandas or DuckDB
    anyway; a value too long for a label is refused by the audit in its own words."""
    if csv.field_size_limit() < _CSV_FIELD_LIMIT:
        csv.field_size_limit(_CSV_FIELD_LIMIT)


_CSV_FIELD_LIMIT = 2**31 - 1  # the largest the C reader takes on every platform


def blank_line(row: list) -> bool:
    """A CSV line pandas skips: empty, or only spaces and tabs (one blank field)."""
    return not row or (len(row) == 1 and not row[0].strip(" \t"))


def _ragged_row(path: Path) -> DataFileError | None:
    with csv_rows(path) as rows:
        header = next(rows, [])
        if header[:1] and header[0].lower().startswith("sep=") and (err := _sep_line_in(path)):
            return err  # Excel's separator line above the header
        # one name holding another separator: the separator's words (or the line above the
        # table's), as every reader says them, not this row's length
        if len(header) == 1 and (
            err := _delimiter_error(path, header[0]) or _line_above_header_error(path, header[0])
        ):
            return err  # a title line above the table too ('Adult census data'), separator or not
        # the header's trailing unnamed columns ('y,p,g,': a spreadsheet's export) may be left
        # out of a row: what they would hold is no value of any column a role can name
        named = len(header)
        while named and not header[named - 1].strip():
            named -= 1
        for row in rows:
            # a short row too ('1,0' under 'y,p,g'): its missing fields are no empty values
            # (readers fill them in as '' or NaN unseen); a blank line is skipped, as pandas does
            if len(row) > len(header) or (len(row) < named and not blank_line(row)):
                short, line, name = len(row) < len(header), rows.line_num, _file_name(path)
                # the last line, no line break after it: a file still being written ends so
                cut = short and next(rows, None) is None and _unfinished(path)
                fix = _ragged_fix(row[len(header) :], short=short)
                err = DataFileError(
                    f"{name} line {line} has {len(row)} fields but its header has {len(header)}"
                    + (
                        f" (the file's last line, cut short: if {name} is still being written, "
                        "run again once it is complete)"
                        if cut
                        else ""
                    ),
                    fix=f"run again once {name} is complete; if it is, {fix}" if cut else fix,
                )
                err.short_row = short
                return err
    return None


def _unfinished(path: Path) -> bool:
    """The file ``path`` (compressed too) ends without a line break after its last line."""
    with pd.io.common.get_handle(path, "rb", compression="infer", is_text=False) as fh:
        handle = fh.handle
        if handle.seekable() and Path(path).suffix.lower() == ".csv":
            handle.seek(max(handle.seek(0, os.SEEK_END) - 1, 0))
            tail = handle.read()
        else:
            tail = handle.read()[-1:]
    return bool(tail) and not tail.endswith((b"\n", b"\r"))


@argument_kinds(frame=FRAME_KIND, files=_READ_PATHS)
def refuse_short_rows(frame: pd.DataFrame, files) -> None:
    """Refuse a CSV row with fewer fields than its header (:func:`ragged_error`), which pandas
    reads with its missing fields empty: checked only where ``frame`` (every column of
    ``files``, as read) has an empty or missing value in its last column, which such a row
    always has; a '1,0,' row (an empty last value) reads the files to find none."""
    if frame.shape[1] < 2 or not len(frame):
        return
    last = frame.iloc[:, -1]
    if (last.isna() | last.isin([""])).any() and (err := ragged_error(files)):
        raise err


def _ragged_fix(surplus: list[str], short: bool = False) -> str:
    """What to do about a row's ``surplus`` fields: empty ones are most often a comma ending
    every row (some exports write one), which every engine refuses alike rather than guess;
    a ``short`` row lacks fields (cut short, or a value's line break not quoted)."""
    if short:
        return (
            "give the row one field per column (an empty value is still written, between "
            "commas: '1,0,'), or quote a value that holds a line break"
        )
    if not any(v.strip() for v in surplus):
        return (
            "remove the comma that ends the rows (their last field is empty and has no "
            "column in the header), or name that column in the header"
        )
    return (
        "check the file is comma-separated with the same number of fields on every row "
        "(quote values that contain commas)"
    )


def _delimiter_error(path: Path, header: str):
    for sep, shown in ((";", "semicolons"), ("\t", "tabs"), ("|", "pipes")):
        if sep in header:
            if err := _line_above_header_error(path, header, sep):
                return err
            return DataFileError(
                f"{_file_name(path)} has one column {masked_cut(header, 60)!r}: its fields look "
                f"separated by {shown}, not commas",
                fix="save it as comma-separated CSV (or Parquet)",
            )
    if _space_separated(path, header):
        return DataFileError(
            f"{_file_name(path)} has one column {masked_cut(header, 60)!r}: its fields look "
            "separated by spaces, not commas",
            fix="save it as comma-separated CSV (or Parquet)",
        )
    return None


def _space_separated(path: Path, header: str) -> bool:
    """A one-column header of several space-separated names above rows of as many
    space-separated fields and no comma (``y yhat g`` / ``1 0 a``, as a plain-text export
    writes it; ``print(df)``'s rows lead with the index, one field more: a whole number). A
    name that merely holds a space (``credit score``) has rows of one field; a quoted name
    (``"full name"`` over ``"John Smith"``) is one field, quotes read as CSV reads them."""
    if len(header.split()) < 2 or "," in header:
        return False
    try:
        _, text, whole = csv_head(path)
    except EthicLensInputError:
        return False
    found = [line for line in text.split("\n") if line.strip()]
    if not found:  # the head read holds blank lines only (the header further on): no judging
        return False
    first, *rest = found
    names = _space_fields(first)
    lines = rest[:5] if whole or len(rest) > 5 else rest[:-1]  # a last line read: maybe cut
    if len(names) < 2 or not lines or any("," in line for line in lines):
        return False
    rows = [_space_fields(line) for line in lines]
    if all(len(row) == len(names) for row in rows):
        return True
    return all(len(row) == len(names) + 1 and row[0].isdigit() for row in rows)  # print(df)


def _space_fields(line: str) -> list[str]:
    """A line's fields separated by spaces, a quoted field (spaces in it) read as one."""
    return [f for f in next(csv.reader([line.strip()], delimiter=" ", skipinitialspace=True)) if f]


def _line_above_header_error(path: Path, header: str, sep: str | None = None):
    """The refusal of a one-column first line (holding ``sep``, if given) above rows that are
    comma-separated and hold no ``sep`` (UCI's adult.test starts '|1x3 Cross validator'; a
    title 'Adult census data' above the table): a line above the table, not a table separated
    by ``sep``; None otherwise (without ``sep``: unless every row has as many fields)."""
    try:
        text = csv_head(path)[1]
    except EthicLensInputError:
        return None
    lines = [line for line in text.split("\n")[1:6] if line.strip()]  # the last: maybe cut
    whole = lines[:-1] or lines
    if not lines or any((sep and sep in line) or "," not in line for line in whole):
        return None  # no rows, or rows separated as the first line is
    if sep is None and (len(whole) < 2 or len({len(row) for row in csv.reader(whole)}) != 1):
        return None  # too few rows to tell, or rows of several lengths: a ragged file
    fields = len(next(csv.reader([lines[0]])))
    return DataFileError(
        f"{_file_name(path)}: its first line {masked_cut(header, 60)!r} is not a header row: "
        f"the rows below it hold {fields} comma-separated fields",
        fix="delete the lines above the table (e.g. tail -n +2 in.csv > out.csv) and make "
        "its first line the column names",
    )


# Excel's separator line ('sep=,' above the header, written by some exports so that Excel
# opens the file with that separator): no reader honours it alike (pandas, Dask and Spark take
# it for the header; DuckDB's sniffer skips it as a line above the table), so every engine
# refuses it in one message naming the line (docs/engines.md)
_SEP_LINE = re.compile(r'^\ufeff?"?sep=(.?)"?[ \t]*(?:\r\n|\r|\n|$)', re.IGNORECASE)


def _sep_line_error(path: Path, text: str) -> DataFileError | None:
    """The refusal of a CSV file whose first line (``text``: the file's first characters,
    decoded) is Excel's separator line ``sep=,`` (``sep=;``, a tab, ``|``); None otherwise."""
    if not (found := _SEP_LINE.match(text)):
        return None
    sep, name = found.group(1), _file_name(path)
    shown = {"\t": "tabs", ";": "semicolons", "|": "pipes", ",": "commas"}.get(sep)
    how = "" if Path(path).suffix.lower() in COMPRESSED else f" (e.g. tail -n +2 {name} > out.csv)"
    fix = f"delete that first line{how}: the column names must be the first line"
    if sep != ",":
        fix += "; EthicLens reads comma-separated CSV: save it as such (or Parquet)"
    line = found.group(0).strip(" \t\r\n\ufeff")
    return DataFileError(
        f"{name}: its first line {line!r} is Excel's separator line"
        + (f" (naming {shown} as the separator)" if shown else "")
        + ", not the header: the column names follow it",
        fix=fix,
    )


def _sep_line_in(path: Path) -> DataFileError | None:
    """:func:`_sep_line_error` of the file ``path`` (plain or compressed), read from its start;
    None where it cannot be read (the reader names that)."""
    try:
        with pd.io.common.get_handle(path, "rb", compression="infer", is_text=False) as fh:
            head = fh.handle.read(64)
    except Exception:  # noqa: BLE001 - damaged or unreadable: the reader's own words follow
        return None
    return _sep_line_error(path, head.decode("utf-8", "replace"))


@_one_pass
@argument_kinds(path=_READ_PATH)
def preflight_file(path: str | Path, require_rows: bool = True) -> None:
    """The cheap checks of :func:`read_table`, for engines that read the file themselves
    (DuckDB, Dask): a regular, non-empty file whose first bytes match its name; for CSV, a
    UTF-8 header row of comma-separated, distinct names, and (``require_rows``) a data row.
    Reads 64 kB, or the whole header line where it is longer (:func:`csv_head`)."""
    path = Path(path)
    if not path.is_file():
        raise DataFileError(
            f"{_shown(path)} is not a regular file", fix="name a .csv or .parquet file"
        )
    if path.stat().st_size == 0:
        raise DataFileError(f"file {_shown(path)} is empty", fix="export the data again")
    low = path.name.lower()
    suffix = ".csv" if low.endswith((".csv", ".csv.gz")) else path.suffix.lower()
    _sniff(path, suffix)
    if suffix in (".parquet", ".pq"):
        refuse_repeated_parquet_names(path)
    if suffix != ".csv":
        return
    header, text, whole = csv_head(path)
    if len(header) == 1 and (err := _delimiter_error(path, header[0])):
        raise err
    rows = csv.reader(_io.StringIO(text))
    next(rows, None)
    if require_rows and whole and not any(any(c.strip() for c in r) for r in rows):
        raise EmptyInputError(f"file {_shown(path)} has no data rows", fix="export the data again")
    _refuse_repeated_names(path, header)
    _refuse_surplus_first_row(path, text, header)
    # a quote never closed (DuckDB reads a file with quoted line breaks on to its end)
    if (scan := _cached(_csv_scan, path)) and scan[5] and (err := ragged_error([path])):
        raise err


def _refuse_surplus_first_row(path: Path, text: str, header: list[str]) -> None:
    """A first data row longer than the header (a surplus value, or a comma ending every row)
    is refused by its line before any engine reads the file: pandas would take its first field
    as the rows' index, and Spark drops an empty last field unseen."""
    rows = csv.reader(_io.StringIO(text))
    next(rows, None)
    first = next((row for row in rows if not blank_line(row)), None)  # as pandas skips them
    # an empty header (a blank first line) is refused in its own words by each reader
    if header and first is not None and len(first) > len(header) and (err := ragged_error([path])):
        raise err


def _refuse_repeated_names(path: Path, header) -> None:
    """A CSV header naming one column twice is refused, naming it (which one was meant?).
    Unnamed columns are not: a DataFrame's unnamed index levels (``df.to_csv()``) are written
    as empty names, which every reader tells apart ("Unnamed: 0", "Unnamed: 1") and no role
    can name. Two names that differ only in their Unicode form (``café`` with one accented
    character or with an 'e' and a combining accent) print alike: refused too, both named."""
    seen: dict[str, str] = {}
    for name in header:
        key = unicodedata.normalize("NFC", name)
        if key not in seen or name == "":
            seen.setdefault(key, name)
            continue
        first = seen[key]
        alike = "" if first == name else f" ({ascii(first)} and {ascii(name)}: two Unicode forms)"
        raise DataFileError(
            f"{_file_name(path)} has two columns named {name!r}{alike}",
            fix="rename the columns so each name is unique",
        )


@argument_kinds(path=_READ_PATH)
def refuse_repeated_parquet_names(path: str | Path) -> None:
    """A Parquet file naming one column twice is refused as a CSV header is (readers would
    take the first, or fail with their own words). Reads only the footer; a footer that cannot
    be read is left to the reader, which names the damage."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        names = pq.read_schema(path).names
    except (OSError, pa.ArrowException):
        return
    _refuse_repeated_names(Path(path), names)


@argument_kinds(path=_READ_PATH)
def sha256_file(path) -> str:
    """The SHA-256 of a file's bytes, read a megabyte at a time."""
    # in a check pass (an audit's copy check and its fingerprint), read once per pass and kept
    # while the file's stamp is settled (_cached); elsewhere (a download's check) read afresh
    if _PASS.get() is not None:
        return _cached(_file_sha256, path)
    return _sha256_read(path)


def _sha256_read(path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@_one_pass
@argument_kinds(files=_READ_PATHS)
def refuse_repeated_files(files, target, partitions=None) -> None:
    """Refuse a target whose files hold one file twice (a copy under another name, a link, or
    a CSV re-saved with its rows in another order or other line endings): its rows would be
    counted twice, silently doubling the evidence. ``partitions(f)``: the hive partition a file
    lies in; identical bytes (or rows) in two partitions are different rows."""
    part = partitions or (lambda f: ())
    by_size: dict = {}
    for f in files:
        by_size.setdefault((part(f), os.path.getsize(f)), []).append(f)
    for same in by_size.values():
        seen: dict = {}
        for f in [f for f in same if not _without_rows(f)] if len(same) > 1 else ():
            digest = sha256_file(f)
            if digest in seen:
                raise _repeated(
                    target,
                    f"{f} has the bytes of {seen[digest]} (SHA-256 {digest[:12]}…)",
                )
            seen[digest] = f
    # a CSV re-saved (rows re-sorted, CRLF, gzipped): files alike in size and lines once CRs, a
    # BOM and a missing last newline are set aside are hashed line by line, in any order
    by_shape: dict = {}
    for f in files if len(files) > 1 else ():
        if str(f).lower().endswith((".csv", ".csv.gz")):  # (Parquet: identical bytes only)
            scan = _cached(_csv_scan, f)
            if scan and scan[1] > 1:  # a header alone holds no rows to count twice
                by_shape.setdefault((part(f), scan[:2]), []).append(f)
    for same in by_shape.values():
        seen = {}
        for f in same if len(same) > 1 else ():
            digest = _cached(_csv_lines_digest, f)
            if digest in seen:
                raise _repeated(
                    target,
                    f"{f} holds the {digest[0] - 1:,} rows of {seen[digest]} (the same lines in "
                    "another order or with other line endings)",
                )
            seen[digest] = f


def _without_rows(path) -> bool:
    """A CSV of a header alone (or nothing) or a Parquet file of 0 rows: two of them alike are
    no rows counted twice, and the reader names the empty target in its own words."""
    name = str(path).lower()
    if name.endswith((".csv", ".csv.gz")):
        scan = _cached(_csv_scan, path)
        return scan is not None and scan[1] <= 1
    if name.endswith((".parquet", ".pq")):
        import pyarrow as pa
        import pyarrow.parquet as pq

        try:
            return pq.read_metadata(path).num_rows == 0
        except (OSError, pa.ArrowException):
            return False
    return False


def _repeated(target, what: str) -> EthicLensInputError:
    return EthicLensInputError(
        f"holds the same file twice: {what}, so its rows would be counted twice",
        column="TARGET",
        value=str(target),
        fix="remove the copy (or give a glob that matches one of them)",
    )


@argument_kinds(path=_READ_PATH)
def file_stamp(path) -> tuple[int, int, int, int, int]:
    """A file's (size, modification time, change time, inode, device): what keys a cache of
    anything read from it (its scans here, a listing's copy check in ``sources``). The change
    time because a file rewritten in place can get its old modification time back (``cp -p``,
    ``touch -r``, an unzip); no tool sets the change time."""
    stat = os.stat(path)
    return stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino, stat.st_dev


# A stamp keys a cache only when the file's last change is this much older than the read: a
# file changed again within its clock's tick (ms on Linux, 2 s on FAT, a file server's own
# clock) keeps its stamp, and would be served the first content's answer
_SETTLED_NS = 2_000_000_000


def _settled(stamps, started_ns: int, margin_ns: int | None = None) -> bool:
    """Whether each of ``stamps`` (:func:`file_stamp`) can key a cache: its last change (the
    later of its modification and change times) lies over ``margin_ns`` (:data:`_SETTLED_NS`)
    before ``started_ns``, the clock read before the stamps were. A later change then lands
    in a later tick and changes the stamp; a time ahead of the clock is never trusted. The one
    rule of every cache keyed by a stamp (these scans, ``sources``' listing copy check)."""
    margin = _SETTLED_NS if margin_ns is None else margin_ns
    return all(max(stamp[1], stamp[2]) < started_ns - margin for stamp in stamps)


def _cache_key(path) -> tuple[tuple[str, int, tuple], bool]:
    """A file's path, size and the rest of its stamp (:func:`file_stamp`): the key of its
    cached scans; and whether the stamp is settled (:func:`_settled`)."""
    started = time.time_ns()
    size, *stamp = file_stamp(path)
    return (str(path), size, tuple(stamp)), _settled([(size, *stamp)], started)


def _cached(read, path):
    """``read`` (an ``lru_cache`` of path, size and stamp) of the file at ``path``: from the
    cache for a settled stamp, else read afresh and not kept (a rewrite of the same size
    within the clock's tick keeps the stamp: the old answer would be served), but once per
    check pass (:func:`_one_pass`): what the pass read of a stamp it serves again, settled
    since or not (a read while unsettled never enters the cache: the stamp may have kept a
    later content)."""
    key, settled = _cache_key(path)
    memo = _PASS.get()
    if memo is not None and (read, key) in memo:
        return memo[read, key]
    if settled:
        return read(*key)
    if memo is None:
        return read.__wrapped__(*key)
    memo[read, key] = read.__wrapped__(*key)
    return memo[read, key]


@functools.lru_cache(maxsize=4096)
def _file_sha256(path: str, size: int, stamp: tuple) -> str:
    """:func:`sha256_file` of ``path`` read; ``size`` and ``stamp`` (:func:`_cache_key`) key
    the cache."""
    return _sha256_read(path)


@functools.lru_cache(maxsize=4096)
def _csv_scan(path: str, size: int, stamp: tuple):
    """(bytes, lines, (line, offset) of its first NUL byte or None, whether a line break lies
    inside a quoted field) of a CSV file (decompressed, for .csv.gz), its bytes and lines
    without its CRs, a UTF-8 BOM or a missing last newline: the same for a copy with other line
    endings, its lines in another order or gzipped. One pass at memory speed (``bytes.count``,
    ``bytes.find``; quotes counted only in blocks that hold one, or inside a quoted field);
    ``size`` and ``stamp`` (:func:`_cache_key`) key the cache. None for a .gz file that
    cannot be read: the engine that reads it refuses it in its own words."""
    crs = lfs = total = 0
    last, nul, quoted_break, carry = b"\n", None, False, b"\n"  # (a field starts)
    after = None  # (line, text) of the first closing quote that text follows
    quotes = True  # the quotes still read
    try:
        with _open_scanned(path) as fh:
            bom = 3 if fh.read(3) == b"\xef\xbb\xbf" else 0
            fh.seek(bom)
            for block in iter(lambda: fh.read(1 << 23), b""):
                if nul is None and (at := block.find(b"\x00")) >= 0:
                    nul = (lfs + block.count(b"\n", 0, at) + 1, bom + total + at)
                if quotes and (carry[:1] == b'"' or b'"' in block):
                    text, prev = carry + block, len(carry)
                    broke, carry, span = _quoted_break(text)
                    quoted_break = quoted_break or broke
                    if after is None and span is not None:
                        line = text.count(b"\n", prev, span[0]) - text.count(b"\n", span[0], prev)
                        after = (lfs + 1 + line, text[slice(*span)])
                    # read on past a quoted line break for text after a quote (not a huge field)
                    quotes = not (quoted_break and after) and len(carry) <= 1 << 26
                else:
                    carry = b"\n" if block[-1:] in b",\n\r" else b"x"
                crs, lfs, last = crs + block.count(b"\r"), lfs + block.count(b"\n"), block[-1:]
                total += len(block)
    except (OSError, EOFError, ValueError, ImportError, *_UNPACK_ERRORS):  # BadGzipFile: OSError
        return None
    open_end = 0 if last in (b"\n", b"\r") else 1
    # whether it ends inside a quoted field (False where its quotes were not all read)
    unclosed = quotes and carry[:1] == b'"' and _QUOTED_FIELD.match(carry).end() == len(carry)
    return total - crs + open_end, lfs + open_end, nul, quoted_break, after, unclosed


@contextlib.contextmanager
def _open_scanned(path: str):
    """:func:`_open_bytes`; a .bz2, .xz or .zip file decompressed as pandas reads it."""
    if Path(path).suffix.lower() in COMPRESSED and Path(path).suffix.lower() != ".gz":
        with pd.io.common.get_handle(path, "rb", compression="infer", is_text=False) as fh:
            yield fh.handle
    else:
        with _open_bytes(path) as fh:
            yield fh


def _quoted_break(text: bytes) -> tuple[bool, bytes, tuple | None]:
    """(whether a line break of ``text`` lies inside a quoted field, what to read the next
    block after, the span of the first quoted field a character other than a comma or a line
    break follows, that character included), read as pandas' CSV reader reads it: a '"' opens
    a quoted field only at a field's start (elsewhere it is a character: ``5" screen``), '""'
    inside one is a quote, a lone '"' closes it. ``text``: what the last block left (the quoted
    field it ends in, else a byte telling whether a field starts), then the block."""
    broke, span, at = False, None, 0
    while True:  # read on past each quoted field holding a line break
        if broke:  # past fields as below, quoted ones holding line breaks too: one match
            at = _CLEAN_FIELDS_ANY_LINES.match(text, at).end()
        end = _QUOTED_OR_NOT.match(text, at).end()
        # the fields read in order as above, stopping at a quoted one followed by other text: a
        # '""' inside a quoted value (``"the ""Banner,"" here"``) is no field of its own
        stop = _CLEAN_FIELDS.match(text, at, end).end()
        found = _AFTER_QUOTE.match(text, stop) if span is None and stop < end else None
        span = span or (found and found.span())
        if end == len(text):
            return broke, b"\n" if text[-1:] in b",\n\r" else b"x", span
        close = _QUOTED_FIELD.match(text, end).end()  # a quoted field's closing quote, or the end
        broke = broke or text.find(b"\n", end, close) >= 0
        if close >= len(text) - 1:  # open at the block's end (a '"' after it may be its '""')
            return broke or len(text) - end > 1 << 26, text[end:], span  # (that long: read whole)
        at = close + 1
        if span is None and text[at : at + 1] not in (b",", b"\n", b"\r"):  # its last line
            span = (text.rfind(b"\n", end, close) + 1, at + 1)


# Fields up to the first quoted one holding a line break or not closed before the end: unquoted
# text (a '"' in it is a character) and quoted fields closed, on one line, before another byte.
_QUOTED_OR_NOT = re.compile(
    rb'(?:[^"]++|(?<![^,\n\r])"(?:[^"\n]++|"")*+"(?=[^"])|(?<=[^,\n\r])")*+'
)
_QUOTED_FIELD = re.compile(rb'"(?:[^"]++|"")*+')
# A quoted field, closed on its line, that a character other than a comma or a line break
# follows (``"a" ``, ``"a"x``): pandas reads it into the value, DuckDB and Spark another way.
_AFTER_QUOTE = re.compile(rb'"(?:[^"\n]++|"")*+"[^,\n\r"]')
# _QUOTED_OR_NOT's fields, a quoted one only where a comma, a line break or the end follows
_CLEAN_FIELDS = re.compile(
    rb'(?:[^"]++|(?<![^,\n\r])"(?:[^"\n]++|"")*+"(?=[,\n\r]|\Z)|(?<=[^,\n\r])")*+'
)
# _CLEAN_FIELDS' fields, a quoted one holding line breaks too, followed by a comma or a line break
_CLEAN_FIELDS_ANY_LINES = re.compile(
    rb'(?:[^"]++|(?<![^,\n\r])"(?:[^"]++|"")*+"(?=[,\n\r])|(?<=[^,\n\r])")*+'
)


@argument_kinds(path=_READ_PATH)
def quoted_line_break(path: str | Path) -> bool:
    """Whether a line break of the CSV file at ``path`` lies inside a quoted field (a reader
    that cuts the file at line breaks would split that row); read in the pass that checks the
    file for NUL bytes (cached), so no second read."""
    scan = _cached(_csv_scan, path)
    return bool(scan and scan[3])


@argument_kinds(path=_READ_PATH)
def nul_byte_error(path: str | Path) -> DataFileError | None:
    """The refusal of a CSV file (plain or .gz) holding a NUL byte, naming the first line that
    holds one (the header is line 1); None when there is none. No UTF-8 text table holds one:
    the file is damaged (a writer that crashed pads it with NULs) or not text. The CLI's
    readers and the web's upload check alike; reads the file once (cached)."""
    path = Path(path)
    scan = _cached(_csv_scan, path)
    if not scan or scan[2] is None:
        return None
    line, offset = scan[2]
    return DataFileError(
        f"{_file_name(path)} holds a NUL byte (\\x00) on line {line}, offset {offset}: it is "
        "damaged or not UTF-8 text",
        fix="export the table again as UTF-8 CSV (if only the NULs are wrong, as when a crashed "
        "writer padded the file, delete them: tr -d '\\000' < in.csv > out.csv)",
    )


def _text_after_quote_error(path: str | Path) -> DataFileError | None:
    """The refusal of a CSV file (plain or .gz) where text follows a quoted value's closing
    quote (``"a" ,``, ``"a"x``), naming its first line; None when there is none: pandas and
    Dask read it into the value (``a ``), DuckDB and Spark drop it or fail, so no engine reads
    it. Found in the pass that checks the file for NUL bytes (cached), so no second read."""
    scan = _cached(_csv_scan, path)
    if not scan or scan[4] is None:
        return None
    line, field = scan[4]
    shown = field.decode("utf-8", "replace")
    shown = shown if len(shown) <= 40 else f"{shown[:18]}…{shown[-18:]}"
    return DataFileError(
        f"{_file_name(path)} line {line}: text follows a closing quote ({shown}), which each "
        "engine reads another way",
        fix="nothing may follow a closing quote but the comma or the line end: quote the "
        'whole value ("a b") or remove what follows the quote',
    )


@functools.lru_cache(maxsize=4096)
def _csv_lines_digest(path: str, size: int, stamp: tuple) -> tuple[int, int]:
    """(non-blank lines, an order-independent digest of them) of a CSV file: the lines with
    their line endings (LF, CRLF) and a UTF-8 BOM dropped, summed as 64-bit hashes, so the
    same lines in any order give the same digest. One pass at C speed (``bytes.split``, the
    built-in hash); ``size`` and ``stamp`` key the cache, so a run reading a target's file
    list more than once hashes each file once. Within one process only (the built-in hash is
    salted per process)."""
    count, total, rest = 0, 0, b""
    with _open_bytes(path) as fh:
        head = fh.read(3)
        if head != b"\xef\xbb\xbf":
            rest = head
        for block in iter(lambda: fh.read(1 << 23), b""):
            lines = (rest + block).replace(b"\r\n", b"\n").split(b"\n")
            rest = lines.pop()  # (a CR ending the block meets its LF in the next one)
            count, total = _add_lines(lines, count, total)
    count, total = _add_lines([rest.removesuffix(b"\r")], count, total)
    return count, total & 0xFFFFFFFFFFFFFFFF


def _add_lines(lines: list, count: int, total: int) -> tuple[int, int]:
    kept = list(filter(None, lines))  # blank lines hold no row
    return count + len(kept), total + sum(map(hash, kept))


def refuse_missing(path: str | Path, flag: str | None = None) -> None:
    """One refusal for a data path that does not exist, whichever engine was asked to read it;
    ``flag`` names the option that gave the path (``--counts``), when not the target."""
    # a path of another type (None, 5) or holding a NUL: refused naming it, not by os
    _refuse_not_a_path(path, flag, "give the path of the file to read")
    if not _path_exists(path, flag or "path", None if flag else "argument"):
        fix = _as_written_fix(
            path, "check the path", flag or "path" if flag in (None, "TARGET") else ""
        )
        what = "folder" if str(path).endswith(("/", os.sep)) else "file"  # 'nodir/' says folder
        raise DataFileError(f"{what} {_shown(path)} does not exist", column=flag, fix=fix)


def _as_written_fix(path, fix: str, data: bool | str = False) -> str:
    """``fix``, but for a path beginning with a literal '~' (quoted: no shell expanded it) that
    it is read as written, as every output path is (:func:`check_writable`); and for the
    ``data`` to audit given as a URL (``postgresql://u@h/db``, ``s3://b/x.csv``), which no file
    reader opens, where a database goes: in the words of ``data``'s face where it names the
    argument or key that gave the path (``path``, ``target.file``), else the command line's."""
    if data and _URL_SCHEME.match(os.fsdecode(path)):
        return _URL_FIXES.get(data, _URL_FIX)
    if not os.fspath(path).startswith("~"):
        return fix
    return (
        "the path is read as written, '~' too: give the full path (e.g. "
        f"{os.path.expanduser(path)}; a shell expands ~ only unquoted)"
    )


def _path_exists(path, column: str, kind: str | None = None) -> bool:
    """``Path(path).exists()`` of a data path to read, where a path no file system opens (a
    name too long, a loop of symbolic links) is refused naming ``column`` in
    :func:`os_error_line`'s words (was an OSError, or 'does not exist'), and so is one holding
    a credential (:func:`_refuse_credential_path`)."""
    _refuse_credential_path(path, column, kind)
    return _exists(path, column, kind)


def _refuse_credential_path(path, column: str, kind: str | None = None) -> None:
    """A data path with a folder or file named like a URL's user and password (``u:pw@h``,
    pasted into a folder's name) is refused: every report masks it where it shows the data's
    name, but the run's spec (JSON report, saved config) must name the path as given for a
    rerun, so the report would contradict itself or write the password. So is one named like
    a secret key's value (``password=hunter2/d.csv``, ``pwd=x``, ``token=x.csv``: what every
    message masks) where the path is a run's (``column`` the target, ``--counts``, a config
    key), which the spec and ``--save-config`` write; :func:`read_table`'s ``path`` (also the
    web's picker, which shows it masked) writes none and opens it."""
    try:
        parts = Path(os.fsdecode(path)).parts
    except TypeError:  # no path (None, a number): the caller's own refusal
        return
    text = os.fsdecode(path)
    if _URL_SCHEME.match(text) and _mask_patterns(text) != text:  # a URL: no folder to rename
        data = column in ("TARGET", "path", "target.file")  # the rows to audit: a database's?
        raise EthicLensInputError(
            f"{masked_cut(text, 60)!r} is a URL with its password, not a data file's path",
            column=column,
            kind=kind,
            fix=_URL_FIXES.get(column, _URL_FIX) if data else LOCAL_PATH_FIX,
        )
    for part in parts:
        if "@" in part and _mask_patterns(part) != part:
            raise EthicLensInputError(
                f"the path's part {masked_cut(part, 60)!r} looks like a user and password "
                "before an '@', which EthicLens never writes into a report or config, and the "
                "run's spec must name the path as given",
                column=column,
                kind=kind,
                fix="rename that folder or file (e.g. without its ':')",
            )
        if column != "path" and _mask_patterns(part) != part:
            raise EthicLensInputError(
                f"the path's part {masked_cut(part, 60)!r} names a secret's value (a password, "
                "token or key after its '='), which EthicLens never writes into a report or "
                "config, and the run's spec must name the path as given",
                column=column,
                kind=kind,
                fix="rename that folder or file (e.g. without its '=')",
            )


_URL_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")  # postgresql+psycopg://, s3://


_URL_CLI = (
    "give a database by --db-env NAME (an environment variable holding the URL; or --db URL) "
    "with --table or --query; a file by its local path"
)
_URL_FIX = _DatabaseFix(_URL_CLI, _URL_CLI)
# the same fix where a face's own argument or key gave the path: read_table's ``path`` (its
# Python caller has no --db flag), a spec's ``target.file`` (a config's keys; the command line,
# whose TARGET the spec's target.file is, says its flags), the file engines' TARGET
# (ethiclens.sources' counts and columns of a file: sql_counts for a Python caller)
_URL_FIXES = {
    "TARGET": _DatabaseFix(
        "the file engines read a local file: give its local path; a database's rows are "
        "counted by ethiclens.sources.sql_counts(url, roles, table=... or query=...)",
        _URL_CLI,
    ),
    "path": _DatabaseFix(
        "read_table reads a local file: give its local path; a database's rows are audited by "
        "a spec's target {'db_env': NAME (an environment variable holding the URL; or 'db': "
        "URL), 'table': ... or 'query': ...}",
        _URL_CLI,
    ),
    "target.file": _DatabaseFix(
        "give a database by target: {db_env: NAME} (an environment variable holding the URL; or "
        "db: URL) with table or query; a file by its local path",
        _URL_CLI,
    ),
}


def _exists(path, column: str, kind: str | None = None) -> bool:
    """:func:`_path_exists` without the credential check (an output path's)."""
    try:
        if Path(path).exists():
            return True
        if os.path.islink(path):
            os.stat(path)  # a loop of links raises ELOOP (a link to nothing: not there)
    except FileNotFoundError:  # a link to nothing: 'does not exist', as any missing file
        return False
    except OSError as exc:
        if not (unopenable := _unopenable(exc)):
            raise
        problem, fix = unopenable
        raise EthicLensInputError(
            problem, column=column, kind=kind, value=os.fsdecode(path), fix=fix
        ) from None
    return False


@argument_kinds(path=_READ_PATH)
def refuse_unopenable(path, column: str, kind: str | None = None) -> None:
    """Refuse, naming ``column``, a path no file system opens (a name too long, a loop of
    symbolic links), before any reader or writer meets it; any other path passes, there or
    not."""
    _exists(path, column, kind)


# ASCII digits and spaces only: pandas reads '١' (an Arabic-Indic one) or a no-break space as text
INT_TEXT = re.compile(r"\s*[+-]?\d+\s*", re.ASCII)
# A number written as text (anchored, so a database's regular expression matches it whole);
# infinity in any case ('iNf', 'INFINITY'), as float(), pandas and PostgreSQL read it.
NUMBER_PATTERN = (
    r"^\s*[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?"
    r"|[iI][nN][fF]([iI][nN][iI][tT][yY])?)\s*$"
)
NUMBER_TEXT = re.compile(NUMBER_PATTERN, re.ASCII)


@argument_kinds(values=SERIES_KIND)
def type_groups(values: pd.Series) -> pd.Series:
    """CSV group text as written; numbers written canonically (the text Python prints for
    them) become numbers, so the label text is unchanged and numeric checks still apply."""
    if pd.Series(values).isna().any():
        return values.astype(object)
    present = [v for v in pd.unique(values) if isinstance(v, str)]
    if not present or len(present) != len(pd.unique(values)):
        return values
    try:
        if all(INT_TEXT.fullmatch(v) and str(int(v)) == v for v in present):
            return pd.Series([int(v) for v in values], index=values.index, dtype=np.int64)
        if all(NUMBER_TEXT.fullmatch(v) and str(float(v)) == v for v in present):
            return pd.Series([float(v) for v in values], index=values.index, dtype=float)
    except (ValueError, OverflowError):
        pass
    return values.astype(object)


def _refuse_no_file(path: str | Path) -> Path:
    """``path`` as a Path, refused unless it names a regular file: missing, a folder ('' too:
    the current one) or no regular file, as every reader of one file says it."""
    refuse_missing(path)
    path = Path(path)
    if not path.is_file():
        what, fix = "not a regular file", "name one .csv, .parquet, .json or .jsonl file"
        if path.is_dir():
            what, fix = "a folder, not a file", f"{fix} inside it"
        raise DataFileError(f"{_shown(path)} is {what}", fix=fix)
    return path


def read_table(path: str | Path, *, csv_dtype=None) -> pd.DataFrame:
    """Read a CSV/Parquet/JSON file; an empty, missing or unreadable file is a clear error.

    ``csv_dtype`` (a CSV only) is ``pandas.read_csv``'s ``dtype``: ``{column: str}`` keeps
    that column's values as written (``01`` stays ``01``)."""
    path = _refuse_no_file(path)
    suffix, reader = _reader(path)
    if path.stat().st_size == 0:
        raise DataFileError(f"file {_shown(path)} is empty", fix="export the data again")
    _sniff(path, suffix)
    if suffix == ".csv" and csv_dtype is not None:
        reader = functools.partial(reader, dtype=csv_dtype)
    try:
        frame = reader(path)
    except DataFileError:
        raise  # the reader's own refusal (a JSON number past what Python reads)
    except UnicodeDecodeError as exc:
        raise refuse_not_utf8(path, exc) from exc
    except RecursionError as exc:
        raise DataFileError(
            f"cannot read {_shown(path.name)}: nested too deeply", fix="give a flat table"
        ) from exc
    except ImportError as exc:  # .zst: pandas reads it with the zstandard package
        raise DataFileError(
            f"cannot read {_shown(path.name)}: the zstandard package, which reads {path.suffix} "
            "files, is not installed",
            fix=f"pip install zstandard, or decompress it yourself and read the {suffix} file",
        ) from exc
    except (ValueError, TypeError, OSError, EOFError, *_UNPACK_ERRORS) as exc:
        ragged = isinstance(exc, pd.errors.ParserError) and suffix == ".csv"  # pandas': ValueError
        fix = _read_error_fix(path, suffix)
        if "files found in ZIP file" in str(exc):  # pandas reads a .zip of one file (none, two)
            fix = "put the one table alone in the .zip file, or unzip it and read its "
            fix += f"{suffix} file"
        raise (ragged and ragged_error([path])) or DataFileError(
            f"cannot read {_shown(path.name)}: {_first_line(exc)}", fix=fix
        ) from exc
    if suffix == ".csv":
        refuse_short_rows(frame, [path])
    _check_frame(path, suffix, frame)
    return frame


# what a file that is not what its .xz or .zip name says raises (bz2: OSError, gzip: EOFError)
_UNPACK_ERRORS = (lzma.LZMAError, zipfile.BadZipFile)


# the command that undoes each compression, for a fix
_UNPACK = {".gz": "gunzip", ".bz2": "bunzip2", ".zip": "unzip", ".xz": "unxz", ".zst": "unzstd"}


# a table's last suffix while a browser, a copy or a sync tool still writes it (renamed once
# complete); the monitor reads this list too
_BEING_WRITTEN = (".part", ".partial", ".tmp", ".temp", ".crdownload", ".download", ".filepart")


def _being_written(path) -> str | None:
    """The name a file named as a table still being written (``d1.csv.part``, ``d.csv.gz.tmp``)
    takes once complete (``d1.csv``, ``d.csv.gz``); None for any other file."""
    text = str(path)
    suffix = Path(text).suffix
    if suffix.lower() not in _BEING_WRITTEN:
        return None
    done = text[: -len(suffix)]
    inner = Path(done)
    if inner.suffix.lower() in COMPRESSED:
        inner = Path(inner.stem)
    return done if inner.suffix.lower() in (".csv", ".parquet", ".pq", ".json", ".jsonl") else None


def _reader(path: Path):
    """(the table's type as a suffix, its pandas reader); an unknown type is refused (pickles
    are never loaded). A table still being written (``d1.csv.part``) is told to wait for it:
    converting a file cut short is no fix (the monitor's words)."""
    suffix, inner = path.suffix.lower(), Path(path.stem).suffix.lower()
    if suffix in COMPRESSED and inner in (".csv", ".json", ".jsonl"):
        suffix = inner  # pandas decompresses by extension
    reader = READERS.get(suffix)
    if reader is None:
        hint = (
            f"name a compressed table like data.csv{path.suffix} (the table's type, then "
            "the compression)"
            if suffix in COMPRESSED
            else "use .csv, .parquet, .json or .jsonl, optionally compressed (e.g. .csv.gz)"
        )
        if err := repacked_parquet_error(path, path.name):  # named as asked, in effect
            raise err
        fix = f"{hint} (pickles are never loaded)"
        if done := _being_written(path):
            fix = f"if it is still being written, run again once it is complete, on {done}"
            fix += "; otherwise save the rows as .csv or .parquet"
        raise DataFileError(
            f"cannot read {_shown(path.name)}: unknown file type {path.suffix!r}", fix=fix
        )
    return suffix, reader


@argument_kinds(path=_READ_PATH)
def repacked_parquet_error(path: Path, shown: str, among: str = "") -> DataFileError | None:
    """The refusal of a Parquet file compressed again (``d.parquet.gz``, ``d.pq.BZ2``), named
    as ``shown`` (its name alone, or its path in the folder or glob ``among``, which the fix
    then says to move it out of); None for any other file.
    The fix's command writes the .parquet file whatever the suffix's case (``bunzip2 d.BZ2``
    wrote ``d.BZ2.out``, ``unxz d.XZ`` wrote nothing)."""
    suffix, inner = path.suffix.lower(), Path(path.stem).suffix.lower()
    if suffix not in COMPRESSED or inner not in (".parquet", ".pq"):
        return None
    packed = f"./{shown}" if shown.startswith("-") else shown  # -d.parquet.gz: no option
    plain = str(Path(packed).with_suffix(""))
    flag = "-p" if suffix == ".zip" else "-c"
    command = f"{_UNPACK[suffix]} {flag} {shlex.quote(packed)} > {shlex.quote(plain)}"
    return DataFileError(
        f"cannot read {_shown(shown)}: a Parquet file compressed again ({suffix})",
        fix=f"Parquet is compressed inside: decompress it ({_shown(command)}) and read the "
        + (f"{inner} file" if not among else f"{among} with the compressed file moved out"),
    )


_JSON_TABLE = (
    "a JSON table is a list of records [{column: value, ...}, ...] (or {column: [values]}); "
    "JSON Lines (.jsonl) has one record per line"
)


def _read_error_fix(path: Path, suffix: str) -> str:
    """What to do about a file pandas could not read, by its compression and type."""
    if path.suffix.lower() in COMPRESSED:
        return (
            f"the {path.suffix} file is damaged or not {path.suffix}-compressed: "
            "decompress it yourself to check, or export the table again"
        )
    if suffix in (".json", ".jsonl"):
        return _JSON_TABLE
    if suffix == ".csv":
        return "check the file is comma-separated with the same number of fields on every row"
    return "check the file's format"


def _check_frame(path: Path, suffix: str, frame: pd.DataFrame) -> None:
    """A table read is refused without rows, with a repeated column name, or (CSV) with one
    column whose name shows another delimiter."""
    if frame.empty:
        raise EmptyInputError(f"file {_shown(path)} has no data rows", fix="export the data again")
    if suffix == ".csv":
        _check_csv_header(path, frame)
        # pandas takes a first data row one field longer than the header (a surplus value, or
        # a comma ending every row) as naming each row, shifting the columns: refused by its line
        if not isinstance(frame.index, pd.RangeIndex):
            raise ragged_error([path]) or DataFileError(
                f"cannot read {_shown(path.name)}: a row has more fields than the header",
                fix=_read_error_fix(path, suffix),
            )
        if frame.shape[1] == 1 and (err := _delimiter_error(path, str(frame.columns[0]))):
            raise err
        refuse_repeated_header(frame, [path])  # files joined with cat: a header among the rows
    _refuse_repeated_names(path, [str(c) for c in frame.columns])
    if suffix in (".json", ".jsonl"):
        _refuse_repeated_keys(path, suffix == ".jsonl")


class _Repeat:
    """What json's object_pairs_hook leaves of an object giving ``key`` twice, or holding such
    an object (below the key ``column``)."""

    def __init__(self, key, column=None):
        self.key, self.column = key, column


def _refuse_repeated_keys(path: Path, lines: bool) -> None:
    """A JSON object giving one key twice is refused, naming the record's key that holds it
    (the column) and the line the record starts on: pandas keeps its last value silently. One
    more parse by ``json`` keeping nothing (JSON lines joined into one array), the records
    located only once one repeats."""
    repeats = []

    def keys_once(pairs):
        if len(dict(pairs)) < len(pairs):
            seen = set()
            repeats.append(_Repeat(next(k for k, _ in pairs if k in seen or seen.add(k))))
            return repeats[-1]
        if repeats:  # an object holding one that repeats (a nested value, a column's rows)
            inner = next(((k, v) for k, v in pairs if isinstance(v, _Repeat)), None)
            return inner and _Repeat(inner[1].key, inner[0])
        return None

    with pd.io.common.get_handle(path, "r", compression="infer", encoding="utf-8-sig") as fh:
        text = fh.handle.read()
    parts = text.split("\n") if lines else [text]
    try:
        records = json.loads(f"[{','.join(filter(str.strip, parts))}]", object_pairs_hook=keys_once)
    except (ValueError, RecursionError):
        return  # pandas read what json does not: nothing to tell
    if not repeats:
        return
    if not lines and isinstance(records[0], list):
        records = records[0]  # a list of records (a whole object: the record is the text)
    at = next((i for i, r in enumerate(records) if isinstance(r, _Repeat)), None)
    if at is None:
        return  # a repeat inside a list of lists: no record's key
    start = next(itertools.islice(_object_starts(text, lines), at, None))
    found = records[at]
    where = f"{_file_name(path)} line {text.count(chr(10), 0, start) + 1}"
    what = "this key" if found.column is None else f"the key {found.key!r} of this column"
    raise DataFileError(
        f"{where} gives {what} twice in one object (JSON readers keep only its last value)",
        column=found.key if found.column is None else found.column,
        fix="keep one of them: rename or delete the other",
    )


def _object_starts(text: str, lines: bool):
    """Where each record of a JSON text starts: each line's (JSON lines), each element's of
    its array, or the whole text's."""
    blank = re.compile(r"[\s,]*")
    if lines:
        yield from (m.start(1) for m in re.finditer(r"^[^\S\n]*(\S)", text, re.M))
        return
    at = blank.match(text).end()
    if not text.startswith("[", at):
        yield at
        return
    at = blank.match(text, at + 1).end()
    decode = json.JSONDecoder().raw_decode  # one decoder: a new one per record cost half the time
    while at < len(text) and text[at] != "]":
        yield at
        at = blank.match(text, decode(text, at)[1]).end()


def _check_csv_header(path: Path, frame: pd.DataFrame) -> None:
    """pandas renames a repeated CSV header ``a,a`` to ``a, a.1``: which one did the user mean?
    Refused, naming the column, rather than silently reading the first."""
    names = [str(c) for c in frame.columns]
    suspects = {n.rsplit(".", 1)[0] for n in names if n.rsplit(".", 1)[-1].isdigit()}
    if not suspects & set(names):
        return
    raw = pd.read_csv(path, header=None, nrows=1, dtype=str, keep_default_na=False)
    _refuse_repeated_names(path, [str(v) for v in raw.iloc[0]])


def _not_one_value(value) -> bool:
    """A cell that is not one value an engine can group, count or compare: a list, tuple,
    dict, set, frozenset or array (JSON and Parquet hold them), or anything Python cannot hash
    or compare with itself (a Series, a slice, an object whose ``__hash__`` or ``__eq__``
    raises). A ``bytearray`` or ``memoryview`` is the bytes it holds (a database's BLOB) and a
    signalling NaN decimal a missing value, as every reader takes them."""
    if isinstance(value, list | tuple | dict | set | frozenset | np.ndarray):
        return True
    if isinstance(value, bytearray | memoryview | Decimal):
        return False
    try:
        hash(value)
        value == value  # noqa: B015 - only whether it raises
    except Exception:
        return True
    return False


# pandas' kinds of a column whose every cell is one value (infer_dtype: no cell looked at twice)
_ONE_VALUE_KINDS = frozenset(
    ("string", "bytes", "integer", "floating", "mixed-integer-float", "boolean", "decimal")
    + ("datetime", "datetime64", "date", "timedelta", "timedelta64", "time", "empty")
)


def _first_not_one_value(values) -> int | None:
    """The position of the first cell of ``values`` that :func:`_not_one_value` refuses, else
    None (an object column is scanned; other dtypes hold single values). Cheap where every
    cell is one value: text, numbers, bytes or times by their kind, else the distinct values
    first; the cells one by one only where one is refused."""
    if str(getattr(values, "dtype", None)) != "object":
        return None
    values = np.asarray(values, dtype=object)
    if pd.api.types.infer_dtype(values, skipna=True) in _ONE_VALUE_KINDS:
        return None
    try:
        if not any(_not_one_value(v) for v in pd.unique(values)):
            return None
    except Exception:  # an unhashable cell: found below
        pass
    for i, v in enumerate(values):
        if _not_one_value(v):
            return i
    return None


def _not_one_value_error(value, column: str, where: str, group: bool) -> EthicLensInputError:
    """The one refusal of a cell that is not one value (:func:`_not_one_value`), first at
    ``where`` (', first at row 5', ', first at data.csv line 7'): a group's or a label's, in
    the audit's words, on every engine and entry."""
    kind = "list" if isinstance(value, list | np.ndarray) else type(value).__name__
    value = _shown_cell(value)
    if group:
        problem = (
            f"group values must be scalars (found a list, tuple or other cell that is not "
            f"one value){where}"
        )
        fix = "give one group label per row, e.g. a string"
    else:
        problem = f"values must be single labels, found a {kind}{where.removeprefix(', first')}"
        fix = "give one label per row (flatten or recode the column)"
    return EthicLensInputError(problem, column=column, value=value, fix=fix)


def _shown_cell(value):
    """A refused cell as its refusal shows it: itself (an array or Series as its list), or
    its type where its ``repr`` raises or spans lines (a DataFrame in a cell)."""
    value = value.tolist() if isinstance(value, np.ndarray | pd.Series | pd.Index) else value
    try:
        shown = repr(value)
    except Exception:
        shown = "\n"
    return _Shown(f"a {type(value).__name__} object") if "\n" in shown else value


class _Shown:
    """A value's stand-in whose ``repr`` is its text (shown without quotes)."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text


@argument_kinds(frame=FRAME_KIND)
def require_columns(frame: pd.DataFrame, columns, source: str) -> None:
    """Each named column exists; else :func:`column_not_found`."""
    for col in columns:
        if col not in frame.columns:
            raise column_not_found(col, frame.columns, source)


_NAMES = iterable_kind("the columns' names (a list or frame.columns)", "e.g. frame.columns")


@argument_kinds(
    names=_NAMES,
    source=instance_kind(str | os.PathLike, "the data's name (text or a path)", "e.g. 'd.csv'"),
)
def column_not_found(col, names, source: str) -> EthicLensInputError:
    """The one refusal of a column ``source`` lacks (every engine, the monitor, a database):
    the near misses named — case and spaces, the same letters in other Unicode code points
    (``âge`` typed precomposed, written decomposed by macOS tools), or a typo (``lable``) — then
    the columns."""
    # a name past Python's int-to-text limit (10**5000 given as a column, or a frame's column)
    # as every refusal shortens it (errors.plain_text): str() itself raised a ValueError
    given = plain_text(col)
    # a frame's column named by a number (0, np.int64(1)), asked by its text ('0')
    numbered = [n for n in names if not isinstance(n, str) and plain_text(n) == given]
    names = [plain_text(n) for n in names]
    shown = ", ".join(repr(n) for n in names[:20]) + (" ..." if len(names) > 20 else "")
    fix = f"use one of its columns: {shown}"
    if numbered and isinstance(col, str):
        return EthicLensInputError(
            f"not found in {source}: its column is the number {plain_text(numbered[0])}, "
            f"not the text {given!r}",
            column=col,
            fix="rename the frame's columns to text (e.g. df.columns = df.columns.map(str))",
            kind="column",
        )
    return EthicLensInputError(
        f"not found in {source}",
        column=col,
        fix=_headerless_fix(names, source, col, _near_miss_fix(given, names, source, fix)),
        kind="column",
    )


def _near_miss_fix(given: str, names: list, source: str, fix: str) -> str:
    """:func:`column_not_found`'s fix: the near miss of ``given`` among ``names`` (an invisible
    mark, other Unicode code points, case and spaces, columns joined by ',', a typo) before
    ``fix`` (the columns)."""
    nfc = unicodedata.normalize("NFC", given)
    same_letters = [n for n in names if unicodedata.normalize("NFC", n) == nfc]
    key = nfc.strip().casefold()
    near = [n for n in names if unicodedata.normalize("NFC", n).strip().casefold() == key]
    hidden = [n for n in names if _visible(n) == _visible(given) and n != given]
    written, header = _names_written_in(source)
    if hidden and (marks := _invisible_marks(hidden[0])):
        fix = (
            f"{source}'s column {hidden[0]!r} holds {marks}, which editors do not show: "
            f"remove it from {header} (or give the name as written there); {fix}"
        )
    elif hidden and (marks := _invisible_marks(given)):
        fix = f"the name given holds {marks}, which editors do not show: give {hidden[0]!r}"
    elif same_letters:
        fix = (
            f"{source} writes {same_letters[0]!r} with other Unicode code points (the same "
            f"letters, composed differently): copy the name from {written}, or rename the "
            f"column there; {fix}"
        )
    elif near:
        fix = f"did you mean {near[0]!r}? (spelling, case and spaces must match); {fix}"
    elif joined := _joined_columns(given, names):  # --protected race,sex: a list meant
        # one refusal for every role: a list (protected) or one column (y_true, weight, the
        # monitor's y_pred, whose flag given twice is refused): never 'give the flag twice'
        said = ", ".join(map(repr, joined[:-1])) + f" and {joined[-1]!r}"
        each = "its flag once per column on the command line, a list in a config file or Python"
        fix = (
            f"{said} are its columns: a name is one column, not several joined by ',' (where "
            f"the role takes several, name each on its own: {each}); {fix}"
        )
    else:  # a typo ('lable'): the near miss every choice's refusal names (_checks)
        from ._checks import did_you_mean

        fix = did_you_mean(given, names) + fix
    return fix


def _names_written_in(source: str) -> tuple[str, str]:
    """(where ``source``'s column names are written, the name's place) for a fix that sends
    the user there: a database's table, a frame's columns (Dask, Spark), else the file's
    header (a database's was told 'copy the name from the file')."""
    if source == "the database source":  # sql_counts, the monitor's and the web's database
        return "the table", "the table's column name"
    if source == "the frame":  # audit_frame's Dask or Spark DataFrame
        return "the frame's columns", "the frame's column name"
    return "the file", "the file's header"


def _headerless_fix(names: list, source: str, col, fix: str) -> str:
    """``fix`` after :func:`_data_row_header`'s words where ``names`` read as a data row, in
    each face's (:class:`~ethiclens.errors.FaceFix`): pandas code for Python, the file's
    header line for the command line, a config's run and the web; else ``fix``."""
    head = _data_row_header(names, source, col)
    return (
        FaceFix(head + fix, _data_row_header(names, source, col, cli=True) + fix) if head else fix
    )


def _data_row_header(names: list, source: str, col=None, *, cli: bool = False) -> str:
    """The start of the fix where ``names`` read as a data row, not column names: two or more
    of them numbers (UCI's adult.data, german.data and other files without a header row, whose
    first row ``39, State-gov, 77516, ...`` is taken for the header); else ``""``. Not where
    the column asked, ``col``, is itself a number or a near miss of a name (``'2022'`` or
    ``'lable'`` in a real header of years ``2019, 2020, 2021``: a typo, not a missing header).
    In pandas code for Python; ``cli``: the file's words (:func:`_headerless_fix`)."""
    from ._checks import did_you_mean, is_number_text

    names = [plain_text(n) for n in names]  # a frame's names of any kind: 10**5000 shortened
    numbers = [n for n in names if is_number_text(n.strip())]
    asked = plain_text(col).strip() if col is not None else ""  # 10**5000: shortened
    if len(numbers) < 2 or is_number_text(asked) or (asked and did_you_mean(asked, names)):
        return ""
    shown = ", ".join(repr(n) for n in numbers[:3])
    how = (
        "as its first line (the names in order, separated as its values are)"
        if cli
        else "(pandas: pd.read_csv(path, header=None, names=[...]).to_csv(out, index=False))"
    )
    return (
        f"{source}'s column names look like a data row ({len(numbers)} of its {len(names)} "
        f"names are numbers: {shown}): if the file has no header row, add one naming the "
        f"columns {how}; else "
    )


def _joined_columns(col: str, names: list[str]) -> list[str]:
    """The columns ``col`` joins by commas (``'race,sex'``, ``'race, sex'``: a list given as
    one name), when each is one of ``names``; else an empty list."""
    pieces = [p.strip() for p in col.split(",")]
    return pieces if len(pieces) > 1 and all(p in names for p in pieces) else []


def _visible(name: str) -> str:
    """``name`` as an editor shows it: NFC, without format characters (a byte-order mark,
    zero-width spaces and joiners, direction marks), surrounding spaces and case."""
    name = unicodedata.normalize("NFC", name)
    return "".join(c for c in name if unicodedata.category(c) != "Cf").strip().casefold()


def _invisible_marks(text: str) -> str:
    """The format characters ``text`` holds, named: "a byte-order mark (U+FEFF)"."""
    marks = dict.fromkeys(c for c in text if unicodedata.category(c) == "Cf")
    named = {"\ufeff": "a byte-order mark (U+FEFF)"}
    return ", ".join(
        named.get(c) or f"a {unicodedata.name(c, 'format character').lower()} (U+{ord(c):04X})"
        for c in marks
    )


# A role's words in a refusal every face reads: what it is, its flag and its spec key.
_ROLE_WORDS = {
    "y_true": "label",
    "y_pred": "prediction",
    "y_score": "score",
    "weight": "weight",
    "protected": "protected attribute",
}


def _role(key: str) -> str:
    return f"{_ROLE_WORDS[key]} (--{key.replace('_', '-')}, roles.{key})"


# scheme://user:password@ anywhere in a name, as _secrets reads a URL's user information (a
# password up to the line's last '@', spaces, '/' and '@' included)
_URL_PASSWORD = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:/{1,2}[^:/@\s]*:[^\r\n]*@")


@argument_kinds(columns=_NAMES)
def refuse_password_names(columns) -> None:
    """A column (of any role) whose name holds a URL with a password (``postgresql://u:pw@h/db``,
    a pasted connection string; or a bare ``u:pw@h``, as a data path's part) or a secret key's
    value (``password=hunter2``, ``token=abc``, ``pwd: x``, as a group label is refused) is
    refused on every engine: the HTML masks it, but the JSON report, a counts table and a saved
    config must name the column as the data does (a rerun reads it), and EthicLens never writes
    a password."""
    for col in columns:
        if not isinstance(col, str):
            continue
        url = _URL_PASSWORD.search(col)  # or a bare 'u:pw@h', which every message masks too
        if url or holds_secret(col):  # what every message masks (the group labels' rule)
            what = (
                "a URL with a password"
                if url
                else "a user and password before an '@'"
                if "***@" in _mask_patterns(col)
                else "a secret key's value (a key such as password or token, then its value)"
            )
            raise EthicLensInputError(
                f"the column's name holds {what}, which EthicLens never writes "
                "into a report, counts table or config (and a report must name the column as "
                "the data does)",
                column=col,
                fix="rename the column (e.g. 'source') in the data, without the password",
            )


@argument_kinds(roles=instance_kind(dict, "a dict of role -> column", "e.g. {'y_true': 'y'}"))
def check_roles(roles: dict, protected=()) -> None:
    """No column plays two roles that cannot share one: a protected attribute that is also the
    label, prediction, score or weight; a weight that is also the label, prediction or score; a
    label that is also the prediction (it would audit a perfect model). A score may be the
    prediction's own column (a thresholded score audited as it is).

    ``roles`` maps a role (``"y_pred"``, a spec key of ``roles``) to its column or None;
    ``protected`` lists the protected columns.
    """
    pairs = [*roles.items(), *(("protected", c) for c in protected)]
    refuse_password_names(col for _, col in pairs)
    for role, col in pairs:
        clash = [r for r, c in roles.items() if c and c == col and r != role]
        shared = {"y_true", "y_pred"} <= {role, *clash}  # the score may name it too
        if col and clash and (role in ("protected", "weight") or "weight" in clash or shared):
            raise EthicLensInputError(
                f"plays two roles: {_role(role)} and {_role(clash[0])}",
                column=col,
                fix="give each role its own column",
                kind="column",
            )


def _identity(path: Path):
    """(device, inode) of an existing file, else its resolved path."""
    try:
        st = path.stat()
        return ("inode", st.st_dev, st.st_ino)
    except OSError:
        return ("path", str(path.resolve()))


@argument_kinds(
    outputs=instance_kind(dict, "a dict of option -> path", "e.g. {'--json': 'r.json'}")
)
def check_outputs(outputs: dict, inputs=(), protected_dirs=()) -> None:
    """Refuse, before any work, outputs that would destroy an input or each other.

    Parameters
    ----------
    outputs : dict
        Flag name (e.g. ``"--json"``) -> path or None (not requested).
    inputs : iterable of paths
        Files the command reads; no output may be one of them (same resolved path or inode,
        so hard links and symlinks count).
    protected_dirs : iterable of paths
        Folders no output may be written into (e.g. a P2NIA release that is only read).
        An input that is a folder is one too, and an input glob (``data/*.csv``) refuses
        outputs that are, or would on the next run be, among its files.
    """
    read = _Inputs.of(inputs, protected_dirs)
    seen = {}
    for flag, p in outputs.items():
        if p is None:
            continue
        _refuse_nul_path(p, flag)
        _refuse_credential_path(p, flag)  # before any work (check_writable's, named by flag)
        path = Path(p)
        with _said_unopenable(p, flag):  # a stat or resolve: a name too long, a loop of links
            _refuse_special_output(p, flag)
            _refuse_folder_name(p, flag)
            ident = _identity(path)
        read.refuse_input_file(flag, path, ident)
        if ident in seen:
            raise EthicLensInputError(
                f"output {_shown(path)} is also given to {_shown(seen[ident])}; one would replace "
                "the other",
                column=flag,
                fix=f"give {flag} and {seen[ident]} different paths",
            )
        seen[ident] = flag
        read.refuse_inside(flag, path)


@dataclass
class _Inputs:
    """What a command reads: files by identity, input globs, and folders no output may enter."""

    files: dict = field(default_factory=dict)  # identity -> path
    patterns: list = field(default_factory=list)  # absolute input globs
    folders: list = field(default_factory=list)  # resolved folders read (or protected)

    @classmethod
    def of(cls, inputs, protected_dirs) -> _Inputs:
        read = cls(folders=[Path(d).resolve() for d in protected_dirs if d is not None])
        for p in inputs:
            # 10**5000 as an input (no path: its reader refuses it by its flag) written as
            # every refusal shortens it: str() raised the int-to-text ValueError, a traceback
            text = None if p is None else plain_text(p)
            if text is None or "\x00" in text:  # a NUL: no file system opens it (its reader
                continue  # refuses it by its flag); os.stat raised ValueError, a traceback
            try:
                read._add(text)
            except (OSError, RuntimeError) as exc:  # Path.is_dir of a name too long raises
                if _unopenable(exc) is None:
                    raise
                # no output can be a path no file system opens: its reader refuses it by its flag
        return read

    def _add(self, text: str) -> None:
        if any(ch in text for ch in "*?[") and not Path(text).exists():
            # a glob: no output may be one of its files now, or match it on the next run
            self.patterns.append(os.path.abspath(text))
            for match in glob.glob(text, recursive=True):
                self.files[_identity(Path(match))] = Path(match)
        elif Path(text).is_dir():
            self.folders.append(Path(text).resolve())  # a folder of tables (or a release)
        else:
            self.files[_identity(Path(text))] = Path(text)

    def refuse_input_file(self, flag: str, path: Path, ident) -> None:
        """Refuse an output that is an input file (same path, hard or symbolic link)."""
        if ident in self.files:
            raise EthicLensInputError(
                f"output {_shown(path)} is the input file {_shown(self.files[ident])}; writing it "
                "would destroy the input",
                column=flag,
                fix=f"choose another path for {flag}",
            )

    def refuse_inside(self, flag: str, path: Path) -> None:
        """Refuse an output that matches an input glob or lies in a folder read."""
        resolved = path.resolve()
        for pattern in self.patterns:
            if any(fnmatch.fnmatchcase(p, pattern) for p in (str(resolved), os.path.abspath(path))):
                raise EthicLensInputError(
                    f"output {_shown(path)} matches the input glob {_shown(pattern)}: the next run "
                    "would read it as data",
                    column=flag,
                    fix="write outputs where the input glob does not reach",
                )
        for d in self.folders:
            if resolved == d or d in resolved.parents:
                raise EthicLensInputError(
                    f"output {_shown(path)} is inside {_shown(d)}, which this command reads",
                    column=flag,
                    fix="write outputs outside that folder",
                )


# ---------------------------------------------------------------------------------------------
# writing outputs: checked before any work, replaced whole


def _nearest_existing(path: Path) -> Path | None:
    """``path`` itself or its closest ancestor that exists (None: nothing does)."""
    return next((q for q in (path, *path.parents) if q.exists()), None)


def _refuse_special_output(path: str | Path, flag: str | None = None) -> None:
    """Refuse an output that exists and is not a regular file (after following links): a
    folder, or a device, pipe or socket such as ``/dev/stdout``, which replacing whole would
    destroy."""
    path = Path(path)
    if not path.exists() or path.is_file():
        return
    if path.is_dir():
        kind, fix = "a folder", "give the path of a regular file to create or replace"
    else:
        kind = "a device, pipe or socket, not a regular file"
        fix = (
            "give the path of a regular file to create or replace (for standard output, "
            "options that allow it take '-', e.g. --json -)"
        )
    raise EthicLensInputError(
        f"output {_shown(path)} is {kind}; EthicLens replaces outputs whole and would replace it",
        column=flag,
        fix=fix,
    )


def _refuse_folder_name(path, flag: str | None = None) -> None:
    """Refuse an output file named as a folder: ``r.json/`` (or ``r.json/.``), which pathlib
    reads as ``r.json`` and a writer would write as that file. A path ending in a separator
    names a folder (POSIX), as an input ``data/`` is read as one; ``path`` is the text given,
    before ``Path`` drops the separator."""
    text = os.fspath(path) if isinstance(path, (str, os.PathLike)) else None
    if not isinstance(text, str):
        return
    seps = tuple({"/", os.sep, os.altsep or "/"})
    if not text.endswith(seps) and not (
        os.path.basename(text) in (".", "..") and any(s in text for s in seps)
    ):
        return
    name = text.rstrip("".join(seps))  # 'r.json/', 'r.json/./': the file r.json
    while os.path.basename(name) == "." and any(s in name for s in seps):
        name = os.path.dirname(name).rstrip("".join(seps))  # 'a/./': a '.' names a too
    if os.path.basename(name) == "..":
        name = os.path.dirname(name)
    end = text[len(name) :]
    fix = "give a file name inside the folder"
    if name and os.path.basename(name) not in (".", "..") and ".." not in end:
        fix = f"drop the trailing {end!r} to write the file {_shown(name)}, or {fix}"
    problem = f"output {_shown(text)} ends with {end!r}: a folder, not a file"
    raise EthicLensInputError(problem, column=flag, fix=fix)


# a path holding a NUL, in every face's words (a flag, a spec key, an argument, the web's
# settings; the command line's path type and the spec say them so too): no file system takes
# one, and ``os`` would raise its own ValueError ('embedded null byte') deep inside
NUL_IN_PATH = "a path cannot hold a NUL character (\\x00)"
NUL_PATH_FIX = "remove it: no file or folder name holds one"


def _refuse_nul_path(path, flag: str | None = None) -> None:
    """Refuse an output path holding a NUL, naming ``flag`` (else the argument ``path``), in
    the words of :func:`ethiclens.fairness._display.check_path` (:data:`NUL_IN_PATH`). A
    path that is no str or ``os.PathLike`` (None, a number, bytes) is refused alike."""
    _refuse_not_a_path(path, flag, "give the path to write as text")


def _refuse_not_a_path(path, flag: str | None, fix: str) -> None:
    """Refuse ``path`` (given by ``flag``, else the argument ``path``) when it is no str or
    ``os.PathLike``, with ``fix``, or holds a NUL (:data:`NUL_IN_PATH`)."""
    is_path = isinstance(path, (str, os.PathLike))
    if is_path and "\x00" not in str(path):
        return
    raise EthicLensInputError(
        NUL_IN_PATH if is_path else "must be a file path (a str or os.PathLike)",
        column=flag or "path",
        value=str(path) if is_path else path,
        fix=NUL_PATH_FIX if is_path else fix,
        kind=None if flag else "argument",
    )


def check_writable(path: str | Path, *, flag: str | None = None) -> Path:
    """Fail before any work is done when ``path`` cannot be written (a symbolic link: when
    its target cannot); the refusal names ``flag`` (the option that gave the path) if given.
    A name too long for the file system (or a loop of links) is refused in these words too,
    not as the bare OSError ``Path.exists`` raises."""
    _refuse_nul_path(path, flag)
    # a password in an output's name would be written in clear ('wrote u:pw@h/r.json') and kept
    # in the spec's outputs: refused as an input's path is
    _refuse_credential_path(path, flag)
    with _said_unopenable(path, flag):
        return _check_writable(path, flag)


_THE_PATH = "the path "  # a refusal of a path no option gave (io.os_error_line's words)


@contextlib.contextmanager
def _said_unopenable(path, flag: str | None):
    """A name too long for the file system or a loop of links, met by ``os`` (``Path.exists``
    raises for the first), refused naming ``flag``: "option '--html': has a file or folder name
    that is too long", "the path has ..." where no option gave ``path``."""
    try:
        yield
    except (OSError, RuntimeError) as exc:
        if (said := _unopenable(exc)) is None:
            raise
        problem = said[0] if flag else f"{_THE_PATH}{said[0]}"
        value = os.fspath(path)
        raise EthicLensInputError(problem, column=flag, value=value, fix=said[1]) from None


def _check_writable(given: str | Path, flag: str | None) -> Path:
    _refuse_special_output(given, flag)
    _refuse_folder_name(given, flag)  # 'r.json/': the text given, before Path drops the '/'
    path = Path(given)
    # a symbolic link is written through: its resolved target is replaced, the link stays; a
    # link to nothing creates its target (as a shell's > does); a loop of links (that os's
    # realpath gives back as it is: the link itself, replaced by a file) raises ELOOP here
    if path.is_symlink():
        try:
            path = Path(os.path.realpath(path, strict=True))
        except FileNotFoundError:
            path = Path(os.path.realpath(path))
    folder = path.parent
    if not folder.is_dir():
        with contextlib.suppress(FileNotFoundError, NotADirectoryError):
            os.stat(folder)  # a loop of links raises ELOOP: refused as one, not as missing
        # the nearest part of the path that exists decides the message: a file where a folder
        # is needed cannot be fixed by mkdir -p
        blocker = _nearest_existing(folder)
        if blocker is not None and not blocker.is_dir():
            fix = "choose an output path whose folders are folders"
            raise _unwritable(path, f"{_shown(blocker)} is a file, not a folder", fix, flag)
        # a '~' quoted: no shell expanded it (mkdir -p ~ would make nothing)
        fix = _as_written_fix(
            path, f"create it first (mkdir -p {_shown(folder)}) or choose another path"
        )
        raise _unwritable(path, f"folder {_shown(folder)} does not exist", fix, flag)
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise _unwritable(path, "no permission to write there", flag=flag)
    try:  # root passes os.access everywhere, /proc included: try for real
        fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        problem = f"cannot create a file in {_shown(folder)} ({exc.strerror or exc})"
        raise _unwritable(path, problem, flag=flag) from exc
    return path


def _unwritable(path, problem: str, fix: str = "choose a folder you can write to", flag=None):
    """The refusal of the output ``path`` (given by ``flag``): ``problem`` there, and what to
    do instead."""
    return EthicLensInputError(f"output {_shown(path)}: {problem}", column=flag, fix=fix)


def ensure_output_folder(path: str | Path, flag: str = "--out", *, create: bool = True) -> Path:
    """Create the output folder ``path`` (and its parents) or fail with a message that names
    ``flag`` and what is in the way, before any work is done. ``create=False`` only checks
    that it could be created (so a command refused later leaves no empty folder behind)."""
    _refuse_nul_path(path, flag)
    _refuse_credential_path(path, flag)  # never a folder named with a password, created
    with _said_unopenable(path, flag):
        existing = _nearest_existing(Path(path))
        with contextlib.suppress(FileNotFoundError, NotADirectoryError):
            os.stat(path)  # a loop of links raises ELOOP: refused as one, not as a file
    path = Path(path)
    if existing is not None and not existing.is_dir():  # the folder itself, or one above it
        problem = f"cannot create {_shown(path)}: {_shown(existing)} is a file, not a folder"
        fix = "choose an output path whose folders are folders"
        if existing == path:
            problem, fix = (
                f"{_shown(path)} is a file, not a folder",
                "give a folder for the outputs",
            )
        raise EthicLensInputError(problem, column=flag, fix=fix)
    if not create:
        if existing is not None:
            check_writable(existing / ".ethiclens-probe", flag=flag)
        return path
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise EthicLensInputError(
            f"cannot create {_shown(path)} ({exc.strerror or exc})",
            column=flag,
            fix="choose a folder you can write to",
        ) from exc
    check_writable(path / ".ethiclens-probe")  # a folder that exists but takes no files
    return path


def write_atomic(path: str | Path, content: str | bytes) -> Path:
    """Write to a temporary file beside ``path`` and rename it into place.

    A crash or a full disk leaves the previous file (or nothing), never half a report. A
    symbolic link is written through: its target is replaced, the link stays.
    """
    _refuse_nul_path(path)
    given = Path(path)
    path = check_writable(path)  # the text given: 'r.json/' is refused, not written as r.json
    data = content.encode() if isinstance(content, str) else content
    try:
        fd, tmp = _new_file_beside(path)
    except OSError as exc:
        raise _unwritable(path, f"cannot create a file there ({exc.strerror or exc})") from exc
    try:
        _fill_and_replace(fd, tmp, path, data)
    except OSError as exc:
        fix = "free disk space or choose another folder; nothing was left half-written"
        raise _unwritable(path, f"could not be written ({exc.strerror or exc})", fix) from exc
    return given


def write_atomic_together(files) -> None:
    """Write each ``(path, content)`` of ``files`` as :func:`write_atomic` does, as one: every
    file is first written whole to a temporary beside it, then all are renamed into place in
    order. A failure while writing (a full disk, an interrupt) leaves every file as it was; one
    while renaming puts back the files renamed before it (their bytes of before, or none), so a
    file and its companion (a CSV counts table and its metadata) are never left of two runs."""
    files = [(Path(path), content) for path, content in files]
    targets, temps = [check_writable(path) for path, _ in files], []
    try:
        for (_, content), target in zip(files, targets, strict=True):
            data = content.encode() if isinstance(content, str) else content
            fd, tmp = _new_file_beside(target)
            temps.append(tmp)
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
    except BaseException as exc:
        for tmp in temps:
            Path(tmp).unlink(missing_ok=True)
        if not isinstance(exc, OSError):
            raise
        fix = "free disk space or choose another folder; nothing was left half-written"
        raise _unwritable(target, f"could not be written ({exc.strerror or exc})", fix) from exc
    _rename_together(targets, temps)


def _rename_together(targets, temps) -> None:
    """Each of ``temps`` renamed over its target, in order; on a failure the rest are removed
    and the targets renamed before are put back as they were (removed if new)."""
    before, done = [], 0
    try:  # an unreadable file of before: nothing renamed, the temporaries removed
        before = [t.read_bytes() if t.is_file() else None for t in targets[:-1]]
        for tmp, target in zip(temps, targets, strict=True):
            os.replace(tmp, target)
            done += 1
    except BaseException as exc:
        for tmp in temps[done:]:
            Path(tmp).unlink(missing_ok=True)
        for target, old in zip(targets[:done], before, strict=False):
            with contextlib.suppress(OSError):
                _replace_whole(target, old) if old is not None else target.unlink()
        if not isinstance(exc, OSError):
            raise
        fix = "free disk space or choose another folder; nothing was left half-written"
        raise _unwritable(
            targets[done], f"could not be written ({exc.strerror or exc})", fix
        ) from exc


def _replace_whole(path: Path, content: str | bytes) -> None:
    """:func:`write_atomic`'s write without its checks and refusal, for a file the library
    keeps for itself (the ACS cache's checksums): ``content`` into a new file beside ``path``,
    renamed over it, the temporary removed on any failure; an OSError is raised as it is, for
    the caller to word."""
    data = content.encode() if isinstance(content, str) else content
    _fill_and_replace(*_new_file_beside(path), path, data)


def _fill_and_replace(fd: int, tmp: str, path: Path, data: bytes) -> None:
    """Write ``data`` to the open temporary ``tmp`` and rename it over ``path``; on any
    failure (a full disk, an interrupt) ``tmp`` is removed and ``path`` is as it was."""
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _new_file_beside(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path``, open for writing, with the mode ``open()`` gives
    a new file (0o666 less the umask, applied by the system): not ``mkstemp``'s 0o600 widened
    after by reading the umask, which sets it to 0 for the whole process a moment (a file
    another thread created then, a web request's or a monitor's, was world-writable)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path.parent))


def interrupted_query(exc: Exception) -> bool:
    """Whether ``exc`` is Ctrl-C as DuckDB raises it: a SIGINT during a query is taken by
    DuckDB, which raises RuntimeError('Query interrupted') in place of KeyboardInterrupt."""
    return isinstance(exc, RuntimeError) and str(exc).strip() == "Query interrupted"


def os_error_line(exc: OSError | RuntimeError) -> str | None:
    """A file the user may not read or write, a full disk, or a path no file system opens (a
    name too long, a loop of symbolic links), as one line; None otherwise.

    Parameters
    ----------
    exc : OSError or RuntimeError
        What reading or writing raised (a RuntimeError: ``Path.resolve``'s loop of links).

    Returns
    -------
    str or None
        ``problem. Fix: fix`` for a permission error, a full disk (or quota), a name too long
        or a loop of links; None for any other error, which the caller lets through.
    """
    if isinstance(exc, RuntimeError) or exc.errno in (errno.ELOOP, errno.ENAMETOOLONG):
        if not (unopenable := _unopenable(exc)):
            return None
        path = getattr(exc, "filename", None)
        if isinstance(exc, RuntimeError):  # Path.resolve's loop: the path is in its words
            path = str(exc).removeprefix("Symlink loop from ").strip("'")
        value = None if path is None else os.fsdecode(path)
        return str(
            EthicLensInputError(f"{_THE_PATH}{unopenable[0]}", value=value, fix=unopenable[1])
        )
    where = f" {exc.filename}" if exc.filename else ""
    if isinstance(exc, PermissionError):
        return (
            f"permission denied:{where} ({exc.strerror or exc}). Fix: give a file you can read "
            "(or a folder you can write to), or change its permissions"
        )
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return (
            f"the disk is full{' writing' + where if where else ''} ({exc.strerror or exc}); "
            "EthicLens writes outputs whole, so no half-written file was left. Fix: free disk "
            "space (or choose another folder) and rerun"
        )
    return None


def _unopenable(exc: OSError | RuntimeError) -> tuple[str, str] | None:
    """(problem, fix) of a path no file system opens: a name too long, a loop of symbolic
    links (Python 3.11's ``Path.resolve`` raises RuntimeError for it); None for anything else."""
    number = getattr(exc, "errno", None)
    if (
        isinstance(exc, RuntimeError)
        and str(exc).startswith("Symlink loop from ")
        or (isinstance(exc, OSError) and number == errno.ELOOP)
    ):
        return "is a loop of symbolic links", (
            "point the link at a file, or give the file's own path"
        )
    if isinstance(exc, OSError) and number == errno.ENAMETOOLONG:
        return "has a file or folder name that is too long", (
            "use shorter names (most file systems take at most 255 bytes per name)"
        )
    return None


# The names a report format takes besides its own suffix (an HTML page may end in .htm).
SUFFIX_ALSO = {".html": (".htm",)}


def _refuse_no_path(
    path, column: str, fix: str, kind: str | None = None, *, folder=False, read=False
) -> None:
    """Refuse an output ``path`` given as ``column`` (the one check of every writer's path;
    :func:`ethiclens.fairness.check_path` calls it) that names nothing to write: no str or
    ``os.PathLike`` (None, 3, True, bytes, a list), a NUL in it, blank text ('' is the working
    folder to pathlib) and, unless it is a ``folder`` to write into, a path whose last part
    names no file (``Path('')``, '/', 'a/..'); a file to ``read`` (the web's token file) is
    refused so too, in a reader's words."""
    text = isinstance(path, (str, os.PathLike))
    value = os.fspath(path) if text else path  # what a PathLike names (its str may not say)
    if isinstance(value, bytes):  # a PathLike of bytes: pathlib takes none
        text, value = False, path
    value = str(value) if text else value
    if not text or "\x00" in value:  # os would raise TypeError / ValueError deep inside
        what = "folder" if folder else "file"
        problem = NUL_IN_PATH if text else f"must be a {what} path (a str or os.PathLike)"
        fix = NUL_PATH_FIX if text else fix
    elif not value.strip():
        problem = "must not be empty"
    elif not folder and os.path.basename(os.path.normpath(value)) in ("", ".", ".."):
        problem = "names a folder, not a file" + ("" if read else " to write")
    else:
        return
    raise EthicLensInputError(problem, column=column, value=value, fix=fix, kind=kind)


def _check_writable_argument(path, argument: str, fix: str) -> Path:
    """:func:`_refuse_no_path` and :func:`check_writable` for a Python writer's ``argument``:
    a missing folder, a folder in the way or a name too long is refused naming it too."""
    _refuse_no_path(path, argument, fix, "argument")
    return _as_argument(argument, path, lambda: check_writable(path))


def _as_argument(argument: str, path, call):
    """``call()``, a check or a writer of the output ``path`` a Python writer's ``argument``
    gave: its refusal that names no option ("output x: folder y does not exist", "output x is
    a folder"), or a name too long for the file system (an OSError from deep inside ``os``),
    is refused naming the argument: the one way of every Python writer
    (:func:`_check_writable_argument`, ``fairness._display.written``)."""
    try:
        return call()
    except EthicLensInputError as exc:
        said = str(exc.problem)
        if exc.column is not None or not said.startswith(("output ", _THE_PATH)):
            raise
        said = said if said.startswith("output ") else said.removeprefix(_THE_PATH)
        raise EthicLensInputError(
            said, column=argument, value=exc.value, fix=exc.fix, kind="argument"
        ) from None
    except OSError as exc:
        if exc.errno != errno.ENAMETOOLONG:
            raise
        problem, fix = _unopenable(exc)
        value = os.fspath(path)
        raise EthicLensInputError(
            problem, column=argument, kind="argument", value=value, fix=fix
        ) from None


_EXAMPLE_STEMS = {".csv": "table", ".png": "plot", ".md": "card"}


def check_suffix(path, flag: str, suffix: str, what: str) -> None:
    """Refuse, before any work, an output whose name does not end in ``suffix`` (the format
    it will be written in, or one of its ``SUFFIX_ALSO``); None (not asked) passes."""
    # a path naming no file ('', 3, Path(''), '/') is refused first, in check_path's words
    if path is None:
        return
    example = f"{_EXAMPLE_STEMS.get(suffix, 'report')}{suffix}"
    _refuse_no_path(path, flag, f"pass the file to write, e.g. {flag} {example}")
    if Path(path).suffix.lower() not in (suffix, *SUFFIX_ALSO.get(suffix, ())):
        stem = Path(path).with_suffix("")  # flipped.csv.gz: flipped.csv, not flipped.csv.csv
        name = stem.name if stem.suffix.lower() == suffix else Path(path).with_suffix(suffix).name
        raise EthicLensInputError(
            f"{what}'s name must end in {_or([suffix, *SUFFIX_ALSO.get(suffix, ())])}",
            column=flag,
            value=str(path),
            fix=Example(flag, name),
        )


# Names of other formats than a SQLite store's (a store named results.json is a database that
# a reader would open as JSON)
NOT_A_STORE = (".json", ".csv", ".txt", ".html", ".htm", ".md", ".pdf", ".png", ".parquet")
NOT_A_STORE += (".yaml", ".yml", ".xlsx", ".xls", ".tsv", ".jsonl", ".feather", ".arrow")
NOT_A_STORE += (".duckdb", ".ddb", ".gz", ".zip", ".bz2", ".xz", ".zst")  # another engine, packed


def check_store_name(path, flag: str = "--store") -> None:
    """Refuse, before any work, a SQLite store's file name that names another format."""
    suffix = Path(str(path)).suffix.lower()
    if suffix in NOT_A_STORE:
        raise EthicLensInputError(
            f"a store is a SQLite database; a name ending in {suffix} says another format",
            column=flag,
            value=str(path),
            fix=Example(flag, Path(str(path)).with_suffix(".sqlite").name),
        )


CONFIG_SUFFIXES = (".yaml", ".yml", ".json")


def _config_bytes(path: Path, what: str, refused) -> bytes:
    """A small file's bytes, refused first when they are no UTF-8 text a parser should see:
    UTF-16/32 (as data files are refused), a SQLite database (a monitor's store given as a
    baseline may even decode as text)."""
    raw = path.read_bytes()
    wide = wide_text_error(path, raw[:WIDE_HEAD], table=False)
    if wide is not None:
        raise refused(wide.problem, wide.fix)
    if raw.startswith(_SQLITE_MAGIC):
        raise refused(f"{_shown(path.name)} is {_SQLITE}, not text", f"give the {what}")
    return raw


def read_config_file(path, flag: str, what: str = "file", *, suffixes=CONFIG_SUFFIXES, limit=None):
    """The parsed content of a small YAML, JSON or TOML file (a spec, model-card fields, a sweep
    grid, a baseline report, a P2NIA request): its existence, suffix (``suffixes``; None: any
    name, read as JSON), size (``limit`` bytes, default the configuration size) and UTF-8
    checked first; a parse error in one line naming the file. YAML with ``safe_load`` only."""
    from ._checks import MAX_CONFIG_BYTES, check_config_size

    fix = f"give the path of a {what}"  # a NUL: no file system's name ('file \\x00 does not exist')
    _refuse_not_a_path(path, flag, fix)
    refuse_unopenable(path, flag)  # a name too long: by its flag (Path.is_file raised)
    path = Path(path)

    def refused(problem: str, fix: str) -> EthicLensInputError:
        return EthicLensInputError(problem, column=flag, fix=fix)

    if not path.is_file():
        why = _not_a_file(path)  # a quoted '~' is read as written: said, as data paths say it
        fix = f"give the path of a {what}"
        raise refused(
            f"file {_shown(path)} {why}", _as_written_fix(path, fix) if why == _MISSING else fix
        )
    suffix = path.suffix.lower() if suffixes else ".json"
    if suffix not in (suffixes or (".json",)):
        kinds = list(dict.fromkeys(s.strip(".").replace("yml", "yaml").upper() for s in suffixes))
        raise refused(f"{_shown(path.name)} is not a {_or(kinds)} file", f"use {_or(suffixes)}")
    check_config_size(path, flag, limit or MAX_CONFIG_BYTES)
    raw = _config_bytes(path, what, refused)
    try:
        text = raw.decode("utf-8-sig")
        # blank is no syntax error to a person: said as a blank YAML file is, in every format
        data = _parse_config(text, suffix) if text.strip() else None
    except ConfigSyntaxRefused as exc:
        raise refused(f"cannot parse {_shown(path.name)}: {exc}", exc.fix) from None
    except UnicodeDecodeError as exc:  # its line and byte, as a data file's are named
        fix = "save it as UTF-8 (e.g. iconv -f latin1 -t utf-8)"
        packs = {**MAGIC, _ZSTD_MAGIC: ("zstd-compressed", ".zst")}  # .zst: data files by name
        if kind := next((k for m, (k, to) in packs.items() if raw.startswith(m)), None):
            packed = "compressed" in kind or "archive" in kind  # no iconv reads it: say what it is
            fix = f"give the {what} as plain UTF-8 text" + (", decompressed" if packed else "")
            raise refused(f"{_shown(path.name)} is {kind}, not text", fix) from None
        raise refused(refuse_not_utf8(path, exc).problem, fix) from None
    except RecursionError:  # Python's words differ with the depth of the caller's stack
        problem = f"cannot parse {_shown(path.name)}: it nests mappings or lists too deeply to read"
        fix = f"check it is the {what} (a few levels deep, not thousands)"
        raise refused(problem, fix) from None
    except Exception as exc:  # UnicodeDecodeError, JSON/YAML/TOML errors, 5,000-digit integers
        first = _yaml_problem(exc) or (
            str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        )
        fix = f"check it is the {what} (UTF-8; plain YAML: tags such as !!python/object are "
        fix += "never loaded)"
        if "'\\t'" in first:  # PyYAML's words for a tab where YAML wants spaces
            fix = "indent with spaces: YAML does not allow a tab there"
        fix = _block_scalar_fix(exc, text) or fix
        raise refused(f"cannot parse {_shown(path.name)}: {first}", fix) from None
    if data is None:  # blank (JSON's and TOML's too), comments only, or a bare null
        raise refused(f"{_shown(path.name)} is empty", f"write the {what}")
    return data


def _not_a_file(path: Path) -> str:
    """Why ``path`` (no regular file) is not read: a folder, a pipe or device (``<(...)``,
    ``/dev/stdin``, ``-``: read once, of no size to check first), a link to nothing, or none."""
    if path.is_dir():
        return "is a folder"
    if path.exists():
        return "is a pipe or a device, not a file (save the content to a file first)"
    if path.is_symlink():
        return f"is a link to {_shown(os.readlink(path))}, which does not exist"
    if str(path) == "-":
        return "does not exist (standard input is not read: save the content to a file first)"
    return _MISSING


_MISSING = "does not exist"


def _block_scalar_fix(exc, text: str) -> str | None:
    """The fix of a YAML value that starts with '>' or '|' and is no block of text (Adult's
    label '>50K.' typed unquoted: ``pos_label: >50K.``, or ``{pos_label: >50K.}`` in a flow
    mapping): quote it, shown quoted (with its key on a line of its own). None for another
    error."""
    flow = re.match(r"found character '[>|]' that cannot start", str(getattr(exc, "problem", "")))
    mark = getattr(exc, "problem_mark" if flow else "context_mark", None)
    if not (flow or "block scalar" in str(getattr(exc, "context", ""))) or mark is None:
        return None
    lines = text.splitlines()
    line = lines[mark.line] if 0 <= mark.line < len(lines) else ""
    head, value = line[: mark.column].rstrip(), line[mark.column :].split(" #")[0].strip()
    value = re.split(r"\s*[,}\]]", value)[0] if flow else value
    if not value or value[0] not in ">|":
        return None
    quoted = "'" + value.replace("'", "''") + "'"
    shown = quoted if flow or not head.strip() else f"{head.strip()} {quoted}"
    return f"quote the value that starts with {value[0]!r} (YAML reads it otherwise): {shown}"


def _yaml_problem(exc) -> str | None:
    """A YAML syntax error as its problem and place ("expected ',' or '}', but got '<scalar>'
    at line 3, column 1"): PyYAML's first line is only its context ("while parsing a flow
    mapping"). None for another error."""
    problem, mark = getattr(exc, "problem", None), getattr(exc, "problem_mark", None)
    if not problem or mark is None:
        return None
    context = getattr(exc, "context", None)
    place = f"line {mark.line + 1}, column {mark.column + 1}"
    return f"{problem} at {place}" + (f" ({context})" if context else "")


def _or(words) -> str:
    """'a, b or c'."""
    return " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def _parse_config(text: str, suffix: str):
    """TOML, YAML (safe: no tags) or JSON; a key given twice in one mapping is refused (the
    last one silently winning would run another audit than the file seems to ask for)."""
    if suffix == ".toml":
        return _toml_loads(text)
    if suffix in (".yaml", ".yml"):
        import yaml

        return yaml.load(text, Loader=_unique_key_loader())  # noqa: S506 - a SafeLoader
    # numbers keep their written text, as YAML's do: a refusal quotes 2.10, not 2.1
    return json.loads(
        text,
        object_pairs_hook=_unique_pairs,
        parse_float=lambda t: _keep_text(float(t), t, WrittenFloat),
        parse_int=_config_int,
    )


def _toml_loads(text: str):
    """TOML (tomllib refuses a duplicate key itself), its floats keeping their written text
    as JSON's do (``1e400``, not ``inf``); a whole number past the digits ``int()`` converts
    (4,300) refused naming its key, not in Python's "Exceeds the limit … digits" words."""
    import tomllib

    def floats(t):
        return _keep_text(float(t), t, WrittenFloat)

    try:
        return tomllib.loads(text, parse_float=floats)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError as exc:  # tomllib's int() of a number's text is its one unguarded call
        if "digits" not in str(exc):
            raise
    limit = sys.get_int_max_str_digits()
    longs = re.compile(rf"(?<![\w.+-])[+-]?[1-9](?:_?[0-9]){{{limit},}}(?![\w.:-])")
    marked = {}  # each long number as a float (its text + "e-0_0") that parse_float knows

    def mark(match):
        marked[match.group() + "e-0_0"] = match
        return match.group() + "e-0_0"

    def stand_in(t):
        return LongInteger(t[:-5].replace("_", "")) if t in marked else floats(t)

    from ._checks import LongInteger

    found = None
    try:
        data = tomllib.loads(longs.sub(mark, text), parse_float=stand_in)
        found = next((kv for kv in _toml_numbers(data) if isinstance(kv[1], LongInteger)), None)
    except ValueError:  # a long run of digits in a string or a key: no key named
        pass
    first = next(iter(marked.values()), None)
    if found:
        problem = f"the key {found[0]!r} holds a whole number of {found[1]!r}"
    elif first is not None:
        line = text.count("\n", 0, first.start()) + 1
        problem = (
            f"line {line} holds a whole number of {LongInteger(first.group().replace('_', ''))!r}"
        )
    else:
        problem = "a whole number has too many digits"
    fix = "write the number the key takes (a TOML integer has at most 19 digits)"
    raise ConfigSyntaxRefused(problem, fix) from None


def _toml_numbers(data, key: str = ""):
    """(dotted key, value) of each value in a parsed TOML document, lists' items under their
    list's key."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for name, value in items:
        where = f"{key}.{name}" if key and isinstance(data, dict) else key or str(name)
        if isinstance(value, (dict, list)):
            yield from _toml_numbers(value, where)
        else:
            yield where, value


def _config_int(text: str, base: int = 10) -> int:
    """A config's integer as written: ``int(text, base)`` carrying its text where ``str()``
    would say another thing (``+5``, ``0x1F``), and past the digits ``int()`` converts (4,300)
    a :class:`~ethiclens._checks.LongInteger` that stands in larger than every range, so the
    key's own check refuses it in its words ("must be below 4,294,967,296"), the value
    shortened; not Python's "Exceeds the limit … sys.set_int_max_str_digits()" naming no key."""
    from ._checks import LongInteger

    try:  # (the text is a whole number: int() refuses only its length, str() a long hex's)
        return _keep_text(int(text, base), text, WrittenInt)
    except ValueError:
        return LongInteger(text)


class ConfigSyntaxRefused(ValueError):
    """Text a config parser would read as something else than it seems to say."""

    def __init__(self, problem: str, fix: str):
        super().__init__(problem)
        self.fix = fix


class DuplicateKeyError(ConfigSyntaxRefused):
    def __init__(self, key):
        super().__init__(f"the key {key!r} is given twice in one mapping", "keep one of them")


def _unique_pairs(pairs) -> dict:
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKeyError(key)
        seen[key] = value
    return seen


# YAML 1.2's core schema for plain scalars, instead of PyYAML's YAML 1.1: `yes`, `no`, `on`,
# `off` (Norway's code NO) and `1:20` stay text; only true/false are booleans. Dates
# (`2024-01-01`), `<<` (1.1's merge key) and `=` are text too: the core schema has no
# timestamps, merge keys or value keys, so a group named 2024-01-01 reads as the CLI reads it.
# (_YAML_BOOL/_YAML_INT/_YAML_FLOAT live in errors, whose example of a file's value quotes by them)


class WrittenFloat(float):
    """A YAML float whose text ``str()`` would not give back (``2.10`` is 2.1, ``1e3`` is
    1000.0): the text travels with the number, so a refusal can quote what was written."""

    yaml_text: str


class WrittenInt(int):
    """A YAML integer whose text ``str()`` would not give back (``+5``, ``0x1F``)."""

    yaml_text: str


def _shown_type(value) -> str:
    """``value``'s type as the user knows it: a file's ``1e400`` is a float, not the reader's
    :class:`WrittenFloat` that keeps its text (nor a :class:`WrittenInt` an int)."""
    kept = {WrittenFloat: "float", WrittenInt: "int", _TypedFloat: "float"}
    return kept.get(type(value), type(value).__name__)


def as_written(value) -> str:
    """A scalar as its YAML file wrote it where the loader kept the text (``'2.10'``, not
    ``'2.1'``); true/false in YAML's words; anything else its ``str()``."""
    if isinstance(value, bool):
        return str(value).lower()
    return getattr(value, "yaml_text", None) or str(value)


def _short_number(text: str) -> str:
    """A number's text as written, whole up to 40 characters; longer (a YAML ``111…1.0`` of
    5,000 digits), its first 12 and last 6 characters and its count, as a long int is shown
    (:func:`ethiclens.errors.shown_int`)."""
    if len(text) <= 40:
        return text
    digits = text.lstrip("+-")
    if digits.isdigit():
        return shortened_digits(text[: 12 + len(text) - len(digits)], text[-6:], len(digits))
    return f"{text[:12]}…{text[-6:]} ({len(text):,} characters)"


def quote_it_fix(key: str | None, value) -> str | None:
    """'quote it' for a number or true/false where text is asked: YAML read ``version: 2.10``
    or ``version: true`` as a number or a boolean, not as the text the user wrote. ``key``:
    the mapping key that holds it, None (or a list index) for an item of a list, which is
    quoted where it stands. None for any other value."""
    if not isinstance(value, (bool, int, float)):
        return None
    # a long number shortened as the refusal shows it: not its 5,000 digits (a plain int past
    # 4,300 digits has no str() at all)
    number = shown_int(value) if type(value) is int else _short_number(as_written(value))
    text = f'"{number}"'
    where = f"{key}: {text}" if key and not key.isdigit() else f"the list item {text}"
    return f"quote it so it reads as text, not a number or true/false: {where}"


def _unique_key_loader():
    """yaml's SafeLoader with YAML 1.2's plain scalars, refusing what would be read other than
    it looks: a key twice in one mapping, an alias (``*name``: it can expand without bound, or
    refer to itself), an integer with a leading zero (YAML 1.1 octal: 0400 is 256). A mapping's
    key is its text as written (``1``, ``true``, ``null``: a column's or a group's name), as a
    JSON file's keys are."""
    import yaml

    class UniqueKeyLoader(yaml.SafeLoader):
        def construct_mapping(self, node, deep=False):
            for key_node, _ in node.value:  # a key is a name, as written (JSON's keys are text):
                if isinstance(key_node, yaml.ScalarNode):  # 1 and true two keys, not one True
                    key_node.tag = "tag:yaml.org,2002:str"
            keys = [self.construct_object(k, deep=deep) for k, _ in node.value]
            for key in keys:
                if keys.count(key) > 1:
                    raise DuplicateKeyError(key)
            return super().construct_mapping(node, deep=deep)

        def compose_node(self, parent, index):
            event = self.peek_event()
            if isinstance(event, yaml.AliasEvent):
                raise ConfigSyntaxRefused(
                    f"line {event.start_mark.line + 1} uses the YAML alias *{event.anchor}",
                    "write the value out in full (a config may not use aliases)",
                )
            _refuse_tag(event)
            return super().compose_node(parent, index)

        def construct_yaml_int(self, node):
            text = self.construct_scalar(node)
            if re.fullmatch(r"[-+]?0[0-9]+", text):
                raise ConfigSyntaxRefused(
                    f"line {node.start_mark.line + 1}: {text} has a leading zero (YAML 1.1 "
                    "would read it as an octal number)",
                    f"write {int(text, 10)}, or quote it ('{text}') if it is text",
                )
            return _config_int(text, 0)

        def construct_yaml_float(self, node):
            value = super().construct_yaml_float(node)
            return _keep_text(value, self.construct_scalar(node), WrittenFloat)

    UniqueKeyLoader.yaml_implicit_resolvers = _yaml12_resolvers(yaml)
    for tag in ("int", "float"):
        method = getattr(UniqueKeyLoader, f"construct_yaml_{tag}")
        UniqueKeyLoader.add_constructor(f"tag:yaml.org,2002:{tag}", method)
    return UniqueKeyLoader


def _refuse_tag(event) -> None:
    """A config uses no explicit tags: ``!!binary``, ``!!timestamp`` or ``!!set`` would reach
    the spec as bytes, dates or sets, and even the core ones apply YAML 1.1's rules
    (``!!float 1:30`` is 90.0, ``!!bool yes`` true) or fail in Python's words."""
    tag = getattr(event, "tag", None)
    if tag in (None, "tag:yaml.org,2002:str"):  # none, or !!str: text
        return
    shown = "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml") else tag
    raise ConfigSyntaxRefused(
        f"line {event.start_mark.line + 1} uses the YAML tag {shown}, which is never loaded",
        "drop the tag: a config holds only text, numbers, true/false, lists and mappings "
        "(quote a value to make it text)",
    )


# Line breaks a YAML reader folds inside single quotes (NEL, and the Unicode line and paragraph
# separators): text holding one is double-quoted, where they are written as escapes.
_FOLDED_BREAKS = ("\x85", "\u2028", "\u2029")


def _represent_text(dumper, text: str):
    style = '"' if any(c in text for c in _FOLDED_BREAKS) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


def dump_yaml(data) -> str:
    """``data`` as YAML that reads back the same under our YAML 1.2 loader and under PyYAML's
    YAML 1.1 one: a string either would read as a number, a boolean, a date or null (``1e3``,
    ``0o17``, ``yes``, ``2024-01-01``) is quoted. Plain ``yaml.safe_dump`` quotes only by 1.1's
    rules, so a column named ``1e3`` came back from ``--save-config`` as the number 1000."""
    import yaml

    return yaml.dump(data, Dumper=_quoting_dumper(), sort_keys=False, allow_unicode=True)


@functools.cache
def _quoting_dumper():
    """The dumper of :func:`dump_yaml`, built once."""
    import yaml

    class QuotingDumper(yaml.SafeDumper):
        pass

    both = {k: list(v) for k, v in yaml.SafeDumper.yaml_implicit_resolvers.items()}
    for first, rules in _yaml12_resolvers(yaml).items():
        both.setdefault(first, []).extend(rules)
    QuotingDumper.yaml_implicit_resolvers = both
    QuotingDumper.add_representer(str, _represent_text)
    # The kept texts are numbers still: a spec holding one is written back as the number.
    QuotingDumper.add_representer(WrittenFloat, yaml.SafeDumper.represent_float)
    QuotingDumper.add_representer(WrittenInt, yaml.SafeDumper.represent_int)
    return QuotingDumper


def _yaml12_resolvers(yaml) -> dict:
    """Implicit resolvers of YAML 1.2's core schema: PyYAML's null, and our bool, int and
    float; every other plain scalar (a date, ``<<``, ``=``) is text."""
    null = "tag:yaml.org,2002:null"
    resolvers = {
        first: [(tag, rx) for tag, rx in rules if tag == null]
        for first, rules in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    for tag, pattern, firsts in (
        ("bool", _YAML_BOOL, "tTfF"),
        ("int", _YAML_INT, "-+0123456789"),
        ("float", _YAML_FLOAT, "-+.0123456789"),
    ):
        rule = (f"tag:yaml.org,2002:{tag}", re.compile(pattern))
        for first in firsts:
            resolvers.setdefault(first, []).append(rule)
    return {first: rules for first, rules in resolvers.items() if rules}


def json_number(x) -> float | None:
    """JSON-safe number: NaN and ±inf become null (undefined is never 0)."""
    if x is None:
        return None
    x = float(x)
    return x if math.isfinite(x) else None


def json_ready(value):
    """``value`` as JSON: non-finite floats null, NumPy scalars Python ones, a result object
    its ``to_dict()``, dicts and lists element by element; everything else as it is."""
    if isinstance(value, float | np.floating):
        return json_number(value)
    if isinstance(value, np.generic):
        return value.item()
    if is_dataclass(value) and hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: json_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(v) for v in value]
    return value


@argument_kinds(names=instance_kind(str, "attribute names, space-separated", "e.g. 'group n'"))
def json_fields(obj, names: str, **renamed: str) -> dict:
    """A result object's JSON: ``json_ready`` of each attribute in the space-separated
    ``names`` (in that order), then of each ``key="attribute"`` in ``renamed``. An ``obj``
    lacking one (None, a dict) is refused naming the argument and the attribute."""
    pairs = [(n, n) for n in names.split()] + list(renamed.items())
    try:
        return {key: json_ready(getattr(obj, attr)) for key, attr in pairs}
    except (AttributeError, TypeError):  # read once: a property is not run twice
        for key, attr in pairs:
            if not isinstance(attr, str):
                raise kind_refusal(attr, key, "must be an attribute's name", "e.g. n='n'") from None
            if not hasattr(obj, attr):
                problem = f"must be an object with the attribute {attr!r}"
                raise kind_refusal(obj, "obj", problem, "e.g. a result object") from None
        raise


# The extension name pandas writes on a Parquet column of pd.Interval values (pd.cut's bins):
# stored as {left, right} pairs, read back as Intervals only where pandas has registered the
# type in that process (after pandas wrote one), else as structs: DuckDB, Spark and a fresh
# ethiclens read pairs, so such a column is refused on every engine and face, in one wording.
PANDAS_INTERVAL = "pandas.interval"
INTERVAL_PROBLEM = (
    "holds pandas Intervals (pd.cut's bins), which Parquet stores as {left, right} pairs: not "
    "every engine reads them back as bins"
)


def is_interval_field(field) -> bool:
    """Whether a Parquet schema's ``field`` holds pandas Intervals: its extension type when
    pandas registered it, else the storage struct with the extension's name in its metadata."""
    if getattr(field.type, "extension_name", None) == PANDAS_INTERVAL:
        return True
    meta = field.metadata or {}
    return meta.get(b"ARROW:extension:name") == PANDAS_INTERVAL.encode()


def interval_text_fix(column) -> str:
    """The first fix of a Parquet column of pandas Intervals: the bins saved as text."""
    return (
        f"save the bins as text before writing the file (df[{column!r}] = df[{column!r}]"
        ".astype(str), as a CSV would write them)"
    )
