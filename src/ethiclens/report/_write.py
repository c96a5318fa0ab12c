"""Writing outputs atomically: a report is either complete or not there at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import EthicLensInputError


def write_atomic(path: str | Path, content: str | bytes) -> Path:
    """Write to a temporary file beside ``path`` and rename it into place."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise EthicLensInputError(f"output folder {folder} does not exist", column=str(path),
                                  fix=f"create it first (mkdir -p {folder}) or choose another path")
    if not os.access(folder, os.W_OK):
        raise EthicLensInputError(f"output folder {folder} is not writable", column=str(path),
                                  fix="choose a folder you can write to")
    data = content.encode() if isinstance(content, str) else content
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
