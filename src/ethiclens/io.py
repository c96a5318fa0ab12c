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


# First bytes of formats users hand over under the wrong name.
MAGIC = {
    b"\x1f\x8b": ("gzip-compressed", ".csv.gz"),
    b"PK\x03\x04": ("a ZIP archive", ".csv.zip"),
    b"BZh": ("bzip2-compressed", ".csv.bz2"),
    b"\xfd7zXZ": ("xz-compressed", ".csv.xz"),
    b"PAR1": ("a Parquet file", ".parquet"),
}
COMPRESSED = (".gz", ".bz2", ".zip", ".xz", ".zst")


def _sniff(path: Path, suffix: str) -> None:
    """A file whose first bytes contradict its name gets told what it really is."""
    with open(path, "rb") as fh:
        head = fh.read(8)
    for magic, (what, rename) in MAGIC.items():
        if not head.startswith(magic):
            continue
        compressed = path.suffix.lower() in COMPRESSED
        if (rename == ".parquet" and suffix in (".parquet", ".pq")) or (
            rename != ".parquet" and compressed
        ):
            return
        raise DataFileError(
            f"{path.name} is {what}, not a plain {suffix or 'text'} file",
            fix=f"rename it to end in {rename} (EthicLens then reads it as such), or export "
            "it again as plain .csv",
        )
    if suffix in (".parquet", ".pq") and head[:4] != b"PAR1":
        raise DataFileError(
            f"{path.name} is not a Parquet file (no PAR1 header)",
            fix="rename it to its real type (e.g. .csv) or export it again as Parquet",
        )


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0].strip() if text else type(exc).__name__


def read_table(path: str | Path) -> pd.DataFrame:
    """Read a CSV/Parquet/JSON file; an empty, missing or unreadable file is a clear error."""
    path = Path(path)
    if not path.exists():
        raise DataFileError(f"file {path} does not exist", fix="check the path")
    if path.is_dir():
        raise DataFileError(
            f"{path} is a folder, not a file", fix="name one .csv, .parquet or .json file inside it"
        )
    if not path.is_file():
        raise DataFileError(
            f"{path} is not a regular file", fix="name one .csv, .parquet or .json file"
        )
    suffix = path.suffix.lower()
    if suffix in COMPRESSED and Path(path.stem).suffix.lower() in (
        ".csv",
        ".json",
        ".jsonl",
    ):
        suffix = Path(path.stem).suffix.lower()  # pandas decompresses by extension
    reader = READERS.get(suffix)
    if reader is None:
        hint = (
            f"name a compressed table like data.csv{path.suffix} (the table's type, then "
            "the compression)"
            if suffix in COMPRESSED
            else "use .csv, .parquet or .json, optionally compressed as .csv.gz"
        )
        raise DataFileError(
            f"cannot read {path.name}: unknown file type {path.suffix!r}",
            fix=f"{hint} (pickles are never loaded)",
        )
    if path.stat().st_size == 0:
        raise DataFileError(f"file {path} is empty", fix="export the data again")
    _sniff(path, suffix)
    try:
        frame = reader(path)
    except UnicodeDecodeError as exc:
        raise DataFileError(
            f"{path.name} is not UTF-8 text (byte {exc.object[exc.start : exc.start + 1]!r} at "
            f"position {exc.start})",
            fix="save it as UTF-8 (e.g. Excel's 'CSV UTF-8'; or iconv -f latin1 -t utf-8)",
        ) from exc
    except RecursionError as exc:
        raise DataFileError(
            f"cannot read {path.name}: nested too deeply", fix="give a flat table"
        ) from exc
    except (
        pd.errors.EmptyDataError,
        pd.errors.ParserError,
        ValueError,
        TypeError,
        OSError,
        EOFError,
    ) as exc:
        fix = "check the file's format"
        if path.suffix.lower() in COMPRESSED:
            fix = (
                f"the {path.suffix} file is damaged or not {path.suffix}-compressed: "
                "decompress it yourself to check, or export the table again"
            )
        elif suffix in (".json", ".jsonl"):
            fix = (
                "a JSON table is a list of records [{column: value, ...}, ...] (or "
                "{column: [values]}); JSON Lines (.jsonl) has one record per line"
            )
        elif suffix == ".csv":
            fix = "check the file is comma-separated with the same number of fields on every row"
        raise DataFileError(f"cannot read {path.name}: {_first_line(exc)}", fix=fix) from exc
    if frame.empty:
        raise DataFileError(f"file {path} has no data rows", fix="export the data again")
    if suffix == ".csv":
        _check_csv_header(path, frame)
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


def _check_csv_header(path: Path, frame: pd.DataFrame) -> None:
    """pandas renames a repeated CSV header ``a,a`` to ``a, a.1``: which one did the user mean?

    Refused, naming the column, rather than silently reading the first.
    """
    names = [str(c) for c in frame.columns]
    suspects = {n.rsplit(".", 1)[0] for n in names if n.rsplit(".", 1)[-1].isdigit()}
    if not suspects & set(names):
        return
    raw = pd.read_csv(path, header=None, nrows=1, dtype=str, keep_default_na=False)
    header = [str(v) for v in raw.iloc[0]]
    seen = set()
    for name in header:
        if name in seen:
            raise DataFileError(
                f"{path.name} has two columns named {name!r}",
                fix="rename the columns so each name is unique",
            )
        seen.add(name)


def require_columns(frame: pd.DataFrame, columns, source: str) -> None:
    """Each named column exists; else name the near misses (case, spaces) and the columns."""
    names = [str(c) for c in frame.columns]
    for col in columns:
        if col not in frame.columns:
            key = str(col).strip().casefold()
            near = [n for n in names if n.strip().casefold() == key]
            shown = ", ".join(repr(n) for n in names[:20]) + (" ..." if len(names) > 20 else "")
            fix = f"use one of its columns: {shown}"
            if near:
                fix = f"did you mean {near[0]!r}? (spelling, case and spaces must match); {fix}"
            raise EthicLensInputError(f"not found in {source}", column=col, fix=fix)


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
