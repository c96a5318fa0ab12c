"""Reading users' tables safely: CSV, Parquet or JSON, never pickles."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from .errors import DataFileError, EthicLensInputError

READERS = {
    ".csv": pd.read_csv,
    ".parquet": pd.read_parquet,
    ".pq": pd.read_parquet,
    ".json": pd.read_json,
    ".jsonl": lambda p: pd.read_json(p, lines=True),
}


def read_table(path: str | Path) -> pd.DataFrame:
    """Read a CSV/Parquet/JSON file; an empty, missing or unreadable file is a clear error."""
    path = Path(path)
    if not path.exists():
        raise DataFileError(f"file {path} does not exist", fix="check the path")
    if path.is_dir():
        raise DataFileError(
            f"{path} is a folder, not a file", fix="name one .csv, .parquet or .json file inside it"
        )
    suffix = path.suffix.lower()
    if suffix in (".gz", ".bz2", ".zip", ".xz", ".zst") and Path(path.stem).suffix.lower() in (
        ".csv",
        ".json",
        ".jsonl",
    ):
        suffix = Path(path.stem).suffix.lower()  # pandas decompresses by extension
    reader = READERS.get(suffix)
    if reader is None:
        raise DataFileError(
            f"cannot read {path.name}: unknown file type {path.suffix!r}",
            fix="use .csv, .parquet or .json, optionally compressed as "
            ".csv.gz (pickles are never loaded)",
        )
    if path.stat().st_size == 0:
        raise DataFileError(f"file {path} is empty", fix="export the data again")
    try:
        frame = reader(path)
    except (
        pd.errors.EmptyDataError,
        pd.errors.ParserError,
        ValueError,
        OSError,
        UnicodeDecodeError,
    ) as exc:
        raise DataFileError(f"cannot read {path}: {exc}", fix="check the file's format") from exc
    if frame.empty:
        raise DataFileError(f"file {path} has no data rows", fix="export the data again")
    if suffix == ".csv" and frame.shape[1] == 1:
        header = str(frame.columns[0])
        for sep in (";", "\t", "|"):
            if sep in header:
                shown = {";": "semicolons", "\t": "tabs", "|": "pipes"}[sep]
                raise DataFileError(
                    f"{path.name} has one column {header[:60]!r}: its fields look separated by "
                    f"{shown}, not commas",
                    fix="save it as comma-separated CSV (or Parquet)",
                )
    dup = frame.columns[frame.columns.duplicated()]
    if len(dup):
        raise DataFileError(
            f"{path.name} has duplicate column names {list(map(str, dup))}",
            fix="rename the columns so each name is unique",
        )
    return frame


def require_columns(frame: pd.DataFrame, columns, source: str) -> None:
    for col in columns:
        if col not in frame.columns:
            shown = ", ".join(map(str, list(frame.columns)[:20]))
            raise EthicLensInputError(
                f"not found in {source}", column=col, fix=f"use one of its columns: {shown}"
            )


def _identity(path: Path):
    """(device, inode) of an existing file, else its resolved path."""
    try:
        st = path.stat()
        return ("inode", st.st_dev, st.st_ino)
    except OSError:
        return ("path", str(path.resolve()))


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
    """
    seen = {}
    in_ids = {}
    for p in inputs:
        if p is not None:
            in_ids[_identity(Path(p))] = Path(p)
    guarded = [Path(d).resolve() for d in protected_dirs if d is not None]
    for flag, p in outputs.items():
        if p is None:
            continue
        path = Path(p)
        ident = _identity(path)
        if ident in in_ids:
            raise EthicLensInputError(
                f"output {path} is the input file {in_ids[ident]}; writing it would destroy the "
                "input",
                column=flag,
                fix=f"choose another path for {flag}",
            )
        if ident in seen:
            raise EthicLensInputError(
                f"output {path} is also given to {seen[ident]}; one would replace the other",
                column=flag,
                fix=f"give {flag} and {seen[ident]} different paths",
            )
        seen[ident] = flag
        resolved = path.resolve()
        for d in guarded:
            if resolved == d or d in resolved.parents:
                raise EthicLensInputError(
                    f"output {path} is inside {d}, which this command reads",
                    column=flag,
                    fix="write outputs outside that folder",
                )
