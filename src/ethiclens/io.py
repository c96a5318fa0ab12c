"""Reading users' tables safely: CSV, Parquet or JSON, never pickles."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from .errors import DataFileError, EthicLensInputError

READERS = {".csv": pd.read_csv, ".parquet": pd.read_parquet, ".pq": pd.read_parquet,
           ".json": pd.read_json, ".jsonl": lambda p: pd.read_json(p, lines=True)}


def read_table(path: str | Path) -> pd.DataFrame:
    """Read a CSV/Parquet/JSON file; an empty, missing or unreadable file is a clear error."""
    path = Path(path)
    if not path.exists():
        raise DataFileError(f"file {path} does not exist", fix="check the path")
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise DataFileError(f"cannot read {path.name}: unknown file type {path.suffix!r}",
                            fix="use .csv, .parquet or .json (pickles are never loaded)")
    if path.stat().st_size == 0:
        raise DataFileError(f"file {path} is empty", fix="export the data again")
    try:
        frame = reader(path)
    except (pd.errors.EmptyDataError, pd.errors.ParserError, ValueError, OSError) as exc:
        raise DataFileError(f"cannot read {path}: {exc}", fix="check the file's format") from exc
    if frame.empty:
        raise DataFileError(f"file {path} has no data rows", fix="export the data again")
    return frame


def require_columns(frame: pd.DataFrame, columns, source: str) -> None:
    for col in columns:
        if col not in frame.columns:
            shown = ", ".join(map(str, list(frame.columns)[:20]))
            raise EthicLensInputError(f"not found in {source}", column=col,
                                      fix=f"use one of its columns: {shown}")
