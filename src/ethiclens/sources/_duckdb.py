"""Files out of core: CSV/Parquet files, globs and hive-partitioned folders, counted by DuckDB.

DuckDB runs in this process (no server), reads only the columns the audit needs and streams the
GROUP BY; the file paths are bound parameters, the column names quoted identifiers.
"""

from __future__ import annotations

import glob
from pathlib import Path

from .._optional import require
from ..errors import DataFileError, EthicLensInputError
from ..io import preflight_file
from ._counts_table import Roles, finish_sql_counts, group_by_sql

PARQUET = (".parquet", ".pq")
CSV = (".csv", ".csv.gz")


def _kind(path: str) -> str:
    low = path.lower()
    if low.endswith(PARQUET):
        return "parquet"
    if low.endswith(CSV):
        return "csv"
    raise EthicLensInputError(
        "DuckDB reads .parquet and .csv files",
        column="TARGET",
        value=path,
        fix="use --engine pandas for other formats",
    )


def resolve_files(target: str) -> tuple[list[str], str, bool]:
    """(files, kind, hive): a file, a glob, or a folder of (hive-partitioned) Parquet files."""
    path = Path(target)
    hive = False
    if path.is_dir():
        files = sorted(glob.glob(str(path / "**" / "*.parquet"), recursive=True))
        files = files or sorted(glob.glob(str(path / "**" / "*.csv"), recursive=True))
        hive = any("=" in part for f in files for part in Path(f).relative_to(path).parts[:-1])
    elif any(ch in target for ch in "*?["):
        files = sorted(glob.glob(target, recursive=True))
    else:
        files = [target] if path.exists() else []
    if not files:
        raise EthicLensInputError(
            "matches no file", column="TARGET", value=target, fix="check the path or the glob"
        )
    kinds = {_kind(f) for f in files}
    if len(kinds) > 1:
        raise EthicLensInputError(
            "mixes CSV and Parquet files", column="TARGET", value=target, fix="audit one kind"
        )
    return files, kinds.pop(), hive


def _schemas(files, kind) -> list[tuple[str, list[str]]]:
    if kind == "parquet":
        import pyarrow.parquet as pq

        return [(f, list(pq.read_schema(f).names)) for f in files]
    import csv
    import gzip

    out = []
    for f in files:
        opener = gzip.open if f.endswith(".gz") else open
        with opener(f, "rt", newline="", encoding="utf-8-sig") as fh:  # a BOM is no name
            header = next(csv.reader(fh), [])
        if len(header) == 1 and any(sep in header[0] for sep in ";\t|"):
            raise DataFileError(
                f"{Path(f).name} has one column {header[0][:60]!r}: its fields look separated "
                "by something other than commas",
                fix="save it as comma-separated CSV",
            )
        out.append((f, header))
    return out


def file_columns(target: str) -> list[str]:
    """The columns of TARGET (file, glob or folder; hive partition keys included), checking
    that every file has the same ones. Reads only the files' footers or header lines."""
    files, kind, hive = resolve_files(target)
    return _columns(target, files, kind, hive)


def _columns(target, files, kind, hive) -> list[str]:
    for f in files:
        # empty, misnamed, not UTF-8, wrong delimiter, a repeated header; a header-only file
        # is an error alone, but may be one empty partition of many
        preflight_file(f, require_rows=len(files) == 1)
    try:
        schemas = _schemas(files, kind)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise DataFileError(f"cannot read {target}: {exc}", fix="check the file's format") from None
    first_file, first = schemas[0]
    for f, names in schemas[1:]:
        if set(names) != set(first):
            diff = sorted(set(names) ^ set(first))[:5]
            raise EthicLensInputError(
                f"files have different schemas: {Path(f).name} differs from "
                f"{Path(first_file).name} in {diff}",
                column="TARGET",
                value=target,
                fix="audit files with the same columns (or one file at a time)",
            )
    columns = list(first)
    if hive:
        for part in Path(files[0]).relative_to(target).parts[:-1]:
            columns.append(part.partition("=")[0])
    return columns


def duckdb_counts(target: str, roles: Roles, *, threads: int | None = None):
    """The counts table of TARGET (file, glob or folder), computed by DuckDB."""
    duckdb = require("duckdb", extra="duckdb")
    files, kind, hive = resolve_files(target)
    columns = _columns(target, files, kind, hive)
    for col in roles.columns:
        if col not in columns:
            raise EthicLensInputError(
                f"not found in {target}",
                column=col,
                fix=f"use one of {sorted(columns)[:20]}",
            )
    params = {"files": files}
    opts = ", hive_partitioning = true" if hive else ""
    if kind == "parquet":
        source = f"read_parquet($files{opts})"
    else:
        # DuckDB trims spaces around header names (' grp ' becomes 'grp'); the names read
        # from the header, as pandas reads them, keep every column addressable as written.
        n_hive = len(Path(files[0]).relative_to(target).parts) - 1 if hive else 0
        params["names"] = columns[: len(columns) - n_hive]
        source = f"read_csv($files, header = true, names = $names{opts})"
    sql = group_by_sql(source, roles)
    con = duckdb.connect(config={"threads": threads} if threads else {})
    try:
        frame = con.execute(sql, params).df()
    except duckdb.Error as exc:
        _raise_named_conversion_error(str(exc), target)
        first_line = str(exc).strip().splitlines()[0]
        raise EthicLensInputError(
            f"DuckDB could not count {target}: {first_line}",
            column="TARGET",
            fix="check the columns' types (labels 0/1, scores and weights numeric)",
        ) from None
    finally:
        con.close()
    return finish_sql_counts(frame, roles)


def _raise_named_conversion_error(text: str, target: str) -> None:
    """A value DuckDB cannot convert: name the column, the value and the line (its message
    has them) instead of 'could not count TARGET'."""
    import re

    col = re.search(r'converting column "([^"]+)"', text) or re.search(r"source column (\S+)", text)
    if not col or "Conversion Error" not in text:
        return
    value = re.search(r"""Could not convert string ["']([^"']*)["']""", text)
    line = re.search(r"CSV Error on Line: (\d+)", text)
    where = f" on line {line.group(1)}" if line else ""
    raise EthicLensInputError(
        f"holds a value that is not a number{where} of {target}",
        column=col.group(1),
        value=value.group(1) if value else None,
        fix="labels and predictions must be 0/1 (or give --pos-label), scores and weights "
        "numbers: fix or drop that row",
    )
