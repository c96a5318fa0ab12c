"""Round 50 (review of 31fdf983: a CSV counts table and its metadata written as two files): the
metadata (.ethiclens.json) was renamed into place, then the table; a failure between them (a full
disk while writing the table, an interrupt) left the new run's metadata (its score bins, text
columns, --min-cell statement) beside the table of the run before, which the next read took as
one. Both are now written whole first, then renamed in turn; a failed rename puts the metadata
of before back (or removes one that was not there)."""

from __future__ import annotations

import errno
import os

import numpy as np
import pandas as pd
import pytest

from ethiclens import io as ethiclens_io
from ethiclens.cli import main


def _args(folder, protected):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"y": rng.integers(0, 2, 200), "p": rng.integers(0, 2, 200)})
    frame["g"], frame["h"] = rng.choice(["a", "b"], 200), rng.choice(["x", "z"], 200)
    frame.to_csv(folder / "d.csv", index=False)
    out = ["--out", str(folder / "c.csv")]
    return ["counts", str(folder / "d.csv"), "--y-true", "y", "--y-pred", "p", *protected, *out]


@pytest.mark.parametrize("failing", ["rename", "write"])
@pytest.mark.parametrize("before", [True, False], ids=["over-a-table", "new"])
def test_a_failed_table_leaves_its_metadata_of_before(tmp_path, monkeypatch, failing, before):
    table, side = tmp_path / "c.csv", tmp_path / "c.csv.ethiclens.json"
    if before:
        assert main(_args(tmp_path, ["--protected", "g"])) in (0, None)
    old = {p.name: p.read_bytes() for p in (table, side) if p.exists()}
    real_replace, real_fdopen = os.replace, os.fdopen

    def replace(src, dst, *a, **k):
        if str(dst).endswith("c.csv"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_replace(src, dst, *a, **k)

    class Full:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, data):
            if not data.startswith(b"{"):  # the table's, not the metadata's (JSON)
                raise OSError(errno.ENOSPC, "No space left on device")
            return self.fh.write(data)

    if failing == "rename":
        monkeypatch.setattr(os, "replace", replace)
    else:
        monkeypatch.setattr(ethiclens_io.os, "fdopen", lambda *a, **k: Full(real_fdopen(*a, **k)))
    assert main(_args(tmp_path, ["--protected", "g", "--protected", "h"])) == 2
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if "c.csv" in p.name} == old


def test_an_unreadable_metadata_of_before_leaves_both_and_no_temporary(tmp_path, monkeypatch):
    assert main(_args(tmp_path, ["--protected", "g"])) in (0, None)
    old = {p.name: p.read_bytes() for p in tmp_path.iterdir() if "c.csv" in p.name}
    real = ethiclens_io.Path.read_bytes

    def unreadable(self):
        if self.name.endswith(".ethiclens.json"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(self)

    monkeypatch.setattr(ethiclens_io.Path, "read_bytes", unreadable)
    assert main(_args(tmp_path, ["--protected", "g", "--protected", "h"])) == 2
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if "c.csv" in p.name} == old
