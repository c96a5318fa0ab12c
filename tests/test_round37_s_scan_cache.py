"""Round 37 (S): a file's cached scans are never served for a file rewritten since.

io caches each CSV's scans (NUL bytes, quoted line breaks, text after a quote, its lines'
digest) keyed by ``io.file_stamp``. A same-size rewrite within one tick of the file system's
clock (2 s on FAT, a file server's own clock) keeps the stamp, and a long-lived process (the
web app, the monitor, a notebook) was served the old scan: a NUL byte let through, a fixed file
still refused, rows counted twice. Now a stamp whose last change is too recent to trust is read
afresh and not kept (the listing cache's rule, one helper ``io._settled``); the clock is made
coarse here by freezing the stamps' times."""

from __future__ import annotations

import time

import pytest

from ethiclens import io
from ethiclens.errors import DataFileError, EthicLensInputError
from ethiclens.sources import _duckdb

CLEAN = "y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n"
NUL = "y,p,g\n1,1,a\n0,1,b\n1,0,\x00\n0,0,b\n"  # the size of CLEAN
OTHER = "y,p,g\n1,1,b\n0,1,a\n1,0,b\n0,0,a\n"  # the size of CLEAN, other rows
SORTED = "y,p,g\n0,0,b\n0,1,b\n1,0,a\n1,1,a\n"  # CLEAN's rows in another order


def _frozen(monkeypatch, tick: int) -> None:
    """Every stamp's modification and change time read as ``tick`` (a coarse clock)."""
    real = io.file_stamp

    def stamp(f):
        size, _, _, ino, dev = real(f)
        return size, tick, tick, ino, dev

    monkeypatch.setattr(io, "file_stamp", stamp)
    monkeypatch.setattr(_duckdb, "file_stamp", stamp)


def _rewrite(path, text: str) -> None:
    with open(path, "r+", newline="") as fh:  # the same file (inode), the same size
        fh.write(text)


def test_a_nul_byte_written_within_the_tick_is_refused(tmp_path, monkeypatch):
    _frozen(monkeypatch, time.time_ns())
    path = tmp_path / "d.csv"
    path.write_text(CLEAN, newline="")
    assert io.nul_byte_error(path) is None
    _rewrite(path, NUL)
    err = io.nul_byte_error(path)
    assert err is not None and "line 4" in str(err)
    with pytest.raises(DataFileError, match="NUL byte"):
        io.preflight_file(path)


def test_a_file_fixed_within_the_tick_is_no_longer_refused(tmp_path, monkeypatch):
    _frozen(monkeypatch, time.time_ns())
    path = tmp_path / "d.csv"
    path.write_text(NUL, newline="")
    assert io.nul_byte_error(path) is not None
    _rewrite(path, CLEAN)
    assert io.nul_byte_error(path) is None


def test_a_quoted_line_break_written_within_the_tick_is_seen(tmp_path, monkeypatch):
    # Dask cuts a file without one at line breaks: a stale answer splits a row in two
    _frozen(monkeypatch, time.time_ns())
    path = tmp_path / "d.csv"
    path.write_text('y,p,g\n1,1,"ab"\n', newline="")
    assert not io.quoted_line_break(path)
    _rewrite(path, 'y,p,g\n1,1,"a\n"\n')
    assert io.quoted_line_break(path)


def test_a_copy_written_within_the_tick_is_refused(tmp_path, monkeypatch):
    # the listing cache re-checks an unsettled listing, but was served io's old digests
    _frozen(monkeypatch, time.time_ns())
    folder = tmp_path / "parts"
    folder.mkdir()
    (folder / "a.csv").write_text(CLEAN, newline="")
    (folder / "b.csv").write_text(OTHER, newline="")
    _duckdb.resolve_files(str(folder))
    _rewrite(folder / "b.csv", SORTED)
    with pytest.raises(EthicLensInputError, match="b.csv holds the 4 rows of .*a.csv"):
        _duckdb.resolve_files(str(folder))
    files = [str(folder / "a.csv"), str(folder / "b.csv")]
    with pytest.raises(EthicLensInputError, match="holds the 4 rows of"):
        io.refuse_repeated_files(files, str(folder))


def test_a_settled_file_is_scanned_once(tmp_path, monkeypatch):
    _frozen(monkeypatch, time.time_ns() - 10 * io._SETTLED_NS)  # changed long before
    path = tmp_path / "d.csv"
    path.write_text(CLEAN, newline="")
    io._csv_scan.cache_clear()
    for _ in range(3):
        assert io.nul_byte_error(path) is None and not io.quoted_line_break(path)
    info = io._csv_scan.cache_info()
    assert (info.misses, info.hits) == (1, 5)


def test_an_unsettled_file_is_not_kept(tmp_path, monkeypatch):
    _frozen(monkeypatch, time.time_ns())
    (tmp_path / "a.csv").write_text(CLEAN, newline="")
    (tmp_path / "b.csv").write_text(OTHER, newline="")
    io._csv_scan.cache_clear()
    io._csv_lines_digest.cache_clear()
    io.refuse_repeated_files([str(tmp_path / "a.csv"), str(tmp_path / "b.csv")], str(tmp_path))
    # both scanned and their lines hashed (same shape) outside the caches: nothing kept
    assert io._csv_scan.cache_info() == io._csv_lines_digest.cache_info() == (0, 0, 4096, 0)


@pytest.mark.parametrize(
    ("changed", "settled"),
    [(-3_000_000_000, True), (-1_000_000_000, False), (0, False), (5_000_000_000, False)],
)
def test_the_one_rule(changed, settled):
    # a stamp is trusted when its last change (modification or change time, whichever is later)
    # lies over a clock tick (2 s) before the read began; a time ahead of the clock never is
    now = time.time_ns()
    assert io._settled([(5, now + changed, now - 10**10, 1, 1)], now) is settled
    assert io._settled([(5, now - 10**10, now + changed, 1, 1)], now) is settled
    assert io._settled([(5, now - 10**10, now - 10**10, 1, 1)] * 2, now)


def test_an_unsettled_file_is_scanned_once_per_check_pass(tmp_path, monkeypatch):
    # preflight_file asks for NUL bytes, text after a quote and an unclosed quote: one scan
    _frozen(monkeypatch, time.time_ns())
    path = tmp_path / "d.csv"
    path.write_text(CLEAN, newline="")
    scans = []
    real = io._csv_scan.__wrapped__
    monkeypatch.setattr(io._csv_scan, "__wrapped__", lambda *key: scans.append(key) or real(*key))
    io.preflight_file(path)
    assert len(scans) == 1
    io.preflight_file(path)  # a new pass reads it afresh
    assert len(scans) == 2
