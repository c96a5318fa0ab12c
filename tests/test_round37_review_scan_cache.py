"""Round 37 review of a79ebac7 (io's scans keyed by a settled stamp only).

A file changed within the clock's tick (made coarse here by freezing the stamps' times) is read
afresh through every reader, once per check pass: ``read_table``'s own checks (NUL bytes, text
after a quote) were two scans of it; worker threads keep their own passes; a time ahead of the
clock is never trusted (a file dated in the future is read afresh by each pass)."""

from __future__ import annotations

import threading
import time

import pytest

from ethiclens import io
from ethiclens.errors import DataFileError
from ethiclens.sources import _duckdb

CLEAN = "y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n"
NUL = "y,p,g\n1,1,a\n0,1,b\n1,0,\x00\n0,0,b\n"  # the size of CLEAN


@pytest.fixture
def scans(monkeypatch):
    """Each stamp's times frozen at ``tick`` (set by the test), and the scans made counted."""
    tick = [time.time_ns()]
    real_stamp, real_scan = io.file_stamp, io._csv_scan.__wrapped__
    made = _Scans()

    def stamp(f):
        size, _, _, ino, dev = real_stamp(f)
        return size, tick[0], tick[0], ino, dev

    monkeypatch.setattr(io, "file_stamp", stamp)
    monkeypatch.setattr(_duckdb, "file_stamp", stamp)
    monkeypatch.setattr(io._csv_scan, "__wrapped__", lambda *k: made.append(k) or real_scan(*k))
    io._csv_scan.cache_clear()
    made.tick = tick
    return made


class _Scans(list):
    tick: list


def _rewrite(path, text: str) -> None:
    with open(path, "r+", newline="") as fh:  # the same inode, the same size
        fh.write(text)


def test_read_table_scans_a_fresh_file_once(tmp_path, scans):
    path = tmp_path / "d.csv"
    path.write_text(CLEAN, newline="")
    assert len(io.read_table(path)) == 4
    assert len(scans) == 1  # was 2: its NUL and text-after-quote checks each scanned it


def test_every_reader_sees_a_nul_written_within_the_tick(tmp_path, scans):
    path = tmp_path / "d.csv"
    path.write_text(CLEAN, newline="")
    io.read_table(path)
    _duckdb.file_layout(str(path))
    _rewrite(path, NUL)
    with pytest.raises(DataFileError, match="NUL byte"):
        io.read_table(path)
    with pytest.raises(DataFileError, match="NUL byte"):
        _duckdb.file_layout(str(path))


def test_a_file_dated_ahead_of_the_clock_is_read_afresh_by_each_pass(tmp_path, scans):
    scans.tick[0] = time.time_ns() + 3600 * 10**9  # touched an hour into the future
    path = tmp_path / "d.csv"
    path.write_text(CLEAN, newline="")
    io.preflight_file(path)
    io.preflight_file(path)
    assert len(scans) == 2 and io._csv_scan.cache_info().currsize == 0
    scans.tick[0] = time.time_ns() - 3 * io._SETTLED_NS  # settled: scanned once, then kept
    io.preflight_file(path)
    io.preflight_file(path)
    info = io._csv_scan.cache_info()  # (the cache's own read: a miss, not counted in scans)
    assert len(scans) == 2 and (info.misses, info.currsize) == (1, 1) and info.hits > 0


def test_worker_threads_keep_their_own_pass(tmp_path, scans):
    # the web app checks uploads in worker threads: one's pass is never served to another
    paths = []
    for i in range(4):
        paths.append(tmp_path / f"d{i}.csv")
        paths[-1].write_text(NUL if i % 2 else CLEAN, newline="")
    found: dict = {}

    def check(i):
        found[i] = [io.nul_byte_error(paths[i]) is not None for _ in range(3)]

    @io._one_pass
    def in_a_pass():
        io.nul_byte_error(paths[0])
        workers = [threading.Thread(target=check, args=(i,)) for i in range(4)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()

    in_a_pass()
    assert found == {i: [bool(i % 2)] * 3 for i in range(4)}
    assert len(scans) == 1 + 4 * 3  # outside a pass each thread's read is afresh


def test_a_fresh_folder_is_scanned_a_constant_number_of_times_per_file(tmp_path, scans):
    for n in (2, 8):
        folder = tmp_path / f"p{n}"
        folder.mkdir()
        for i in range(n):
            (folder / f"part-{i}.csv").write_text(f"y,p,g\n1,1,a\n0,1,{i}\n", newline="")
        scans.clear()
        _duckdb.file_layout(str(folder))
        assert len(scans) == 2 * n  # one in its preflight pass, one in its copy check
