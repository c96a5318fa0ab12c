"""Review of 5706f618 (a folder's copy check remembered per listing): a remembered listing is
never served for files that changed since. Keyed by size and mtime alone, a file rewritten in
place with its mtime put back (cp -p, rsync -t, touch -r, an unzip) or rewritten within its
clock's tick kept its key, and a copy was let through; the memory holds digests, bounded."""

from __future__ import annotations

import os
import time

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import _duckdb

A = "y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n"
B = "y,p,g\n1,1,b\n0,1,a\n1,0,b\n0,0,a\n"  # the size of A


def _parts(tmp_path):
    folder = tmp_path / "parts"
    folder.mkdir()
    (folder / "a.csv").write_text(A)
    (folder / "b.csv").write_text(B)
    return folder


def _copy_in_place(path, text):
    with open(path, "r+") as fh:  # same file (inode), same size
        fh.write(text)


def test_a_rewrite_with_its_mtime_put_back_is_checked_again(tmp_path, monkeypatch):
    monkeypatch.setattr(_duckdb, "_SETTLED_NS", 0, raising=False)  # remembered at once
    folder = _parts(tmp_path)
    _duckdb.resolve_files(str(folder))
    st = os.stat(folder / "a.csv")
    _copy_in_place(folder / "a.csv", B)
    os.utime(folder / "a.csv", ns=(st.st_atime_ns, st.st_mtime_ns))
    with pytest.raises(EthicLensInputError, match="b.csv has the bytes of .*a.csv"):
        _duckdb.resolve_files(str(folder))


def test_a_rewrite_within_one_clock_tick_is_checked_again(tmp_path, monkeypatch):
    tick = time.time_ns()  # a coarse clock: every change below lands in this one tick
    real = _duckdb.file_stamp  # (size, mtime, ctime, inode, device)
    monkeypatch.setattr(_duckdb, "file_stamp", lambda f: (real(f)[0], tick, tick, *real(f)[3:]))
    folder = _parts(tmp_path)
    _duckdb.resolve_files(str(folder))
    _copy_in_place(folder / "a.csv", B)
    with pytest.raises(EthicLensInputError, match="b.csv has the bytes of .*a.csv"):
        _duckdb.resolve_files(str(folder))


def test_the_memory_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(_duckdb, "_SETTLED_NS", 0)
    monkeypatch.setattr(_duckdb, "_CHECKED", type(_duckdb._CHECKED)())
    monkeypatch.setattr(_duckdb, "_CHECKED_MAX", 3)
    folder = _parts(tmp_path)
    for i in range(6):  # a monitor's folder growing part by part
        (folder / f"c{i}.csv").write_text(f"y,p,g\n{i},1,a\n")
        _duckdb.resolve_files(str(folder))
    assert len(_duckdb._CHECKED) == 3
    assert all(len(key) == 32 for key in _duckdb._CHECKED)  # a digest, not the listing
