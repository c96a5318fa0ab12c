"""Writing outputs atomically: a report is either complete or not there at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import EthicLensInputError


def _nearest_existing(path: Path) -> Path | None:
    """``path`` itself or its closest ancestor that exists (None: nothing does)."""
    return next((q for q in (path, *path.parents) if q.exists()), None)


def check_writable(path: str | Path) -> Path:
    """Fail before any work is done when ``path`` cannot be written."""
    path = Path(path)
    folder = path.parent
    if path.exists() and not path.is_file():
        kind = "a folder" if path.is_dir() else "a device, pipe or socket, not a regular file"
        raise EthicLensInputError(
            f"output {path} is {kind}; EthicLens replaces outputs whole and would replace it",
            fix="give the path of a regular file to create or replace",
        )
    if not folder.is_dir():
        # the nearest part of the path that exists decides the message: a file where a folder
        # is needed cannot be fixed by mkdir -p
        blocker = _nearest_existing(folder)
        if blocker is not None and not blocker.is_dir():
            raise EthicLensInputError(
                f"output {path}: {blocker} is a file, not a folder",
                fix="choose an output path whose folders are folders",
            )
        raise EthicLensInputError(
            f"output {path}: folder {folder} does not exist",
            fix=f"create it first (mkdir -p {folder}) or choose another path",
        )
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise EthicLensInputError(
            f"output {path}: no permission to write there", fix="choose a folder you can write to"
        )
    try:  # root passes os.access everywhere, /proc included: try for real
        fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise EthicLensInputError(
            f"output {path}: cannot create a file in {folder} ({exc.strerror or exc})",
            fix="choose a folder you can write to",
        ) from exc
    return path


def ensure_output_folder(path: str | Path, flag: str = "--out", *, create: bool = True) -> Path:
    """Create the output folder ``path`` (and its parents) or fail with a message that names
    ``flag`` and what is in the way, before any work is done. ``create=False`` only checks
    that it could be created (so a command refused later leaves no empty folder behind)."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise EthicLensInputError(
            f"{path} is a file, not a folder", column=flag, fix="give a folder for the outputs"
        )
    existing = _nearest_existing(path)
    if existing is not None and not existing.is_dir():
        raise EthicLensInputError(
            f"cannot create {path}: {existing} is a file, not a folder",
            column=flag,
            fix="choose an output path whose folders are folders",
        )
    if not create:
        if existing is not None:
            check_writable(existing / ".ethiclens-probe")
        return path
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise EthicLensInputError(
            f"cannot create {path} ({exc.strerror or exc})",
            column=flag,
            fix="choose a folder you can write to",
        ) from exc
    check_writable(path / ".ethiclens-probe")  # a folder that exists but takes no files
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, content: str | bytes) -> Path:
    """Write to a temporary file beside ``path`` and rename it into place.

    A crash or a full disk leaves the previous file (or nothing), never half a report.
    """
    path = check_writable(path)
    data = content.encode() if isinstance(content, str) else content
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise EthicLensInputError(
            f"output {path}: cannot create a file there ({exc.strerror or exc})",
            fix="choose a folder you can write to",
        ) from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise EthicLensInputError(
            f"output {path}: could not be written ({exc.strerror or exc})",
            fix="free disk space or choose another folder; nothing was left half-written",
        ) from exc
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
