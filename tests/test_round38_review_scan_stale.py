"""Round 38 review of 8bc96f26: ``sha256_file`` in a check pass (an audit's copy check and its
``run.input`` fingerprint) is now kept by the file's stamp once settled, across audits in one
process (a Python session, the web app). The round's own tests rewrite parts while their change
time is fresh (never settled; round 36's cp -p test too, since round 37's settling rule), so
no test saw the kept SHA-256 or scans: dropping the change time from the key (io._cache_key)
failed none of the round 36-38 cache tests. Here every stamp is settled, and a part rewritten
in place with its modification time put back (``cp -p``) must be hashed again; a pass ended
by an exception must leave nothing to the next one."""

from __future__ import annotations

import functools
import hashlib
import os

import pytest

from ethiclens import io
from ethiclens.errors import EthicLensInputError

ROWS = "g,y_true,y_pred\n" + "a,1,1\nb,0,1\na,0,0\nb,1,0\n" * 10


def _copy_check(a, b):
    io._one_pass(io.refuse_repeated_files)([str(a), str(b)], str(a.parent))


def test_a_settled_part_rewritten_with_its_old_mtime_is_hashed_again(tmp_path, monkeypatch):
    monkeypatch.setattr(io, "_SETTLED_NS", -3600 * 10**9)  # every stamp settled: kept
    hashed: list = []
    real = io._sha256_read
    monkeypatch.setattr(io, "_sha256_read", lambda p: hashed.append(p) or real(p))
    for name in ("_file_sha256", "_csv_scan", "_csv_lines_digest"):  # empty caches
        monkeypatch.setattr(io, name, functools.lru_cache(64)(getattr(io, name).__wrapped__))
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.write_text(ROWS)
    b.write_text(ROWS.replace("a,1,1", "a,0,1"))  # the same size: the copy check hashes both
    _copy_check(a, b)
    assert sorted(hashed) == [str(a), str(b)]
    assert io._one_pass(io.sha256_file)(a) == hashlib.sha256(a.read_bytes()).hexdigest()
    assert len(hashed) == 2  # kept by its stamp: the next audit reads it no more
    stamp = os.stat(a)
    a.write_bytes(b.read_bytes())  # b's bytes, in place: the same size and inode
    os.utime(a, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # cp -p: its old time put back
    while os.stat(a).st_ctime_ns == stamp.st_ctime_ns:  # a coarse clock: its next tick
        os.utime(a, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    with pytest.raises(EthicLensInputError, match="holds the same file twice"):
        _copy_check(a, b)
    assert io._one_pass(io.sha256_file)(a) == hashlib.sha256(b.read_bytes()).hexdigest()


def test_a_pass_ended_by_an_exception_leaves_nothing_to_the_next(tmp_path, monkeypatch):
    path = tmp_path / "t.csv"
    path.write_text(ROWS)
    future = os.stat(path).st_mtime_ns + 3600 * 10**9  # ahead of the clock: never settled
    os.utime(path, ns=(future, future))
    hashed: list = []
    real = io._sha256_read
    monkeypatch.setattr(io, "_sha256_read", lambda p: hashed.append(p) or real(p))

    @io._one_pass
    def failing():
        io.sha256_file(path)
        raise RuntimeError("a check failed")

    with pytest.raises(RuntimeError):
        failing()
    assert io._PASS.get() is None
    assert io._one_pass(io.sha256_file)(path) == hashlib.sha256(path.read_bytes()).hexdigest()
    assert len(hashed) == 2  # read again by the next pass, not served the failed pass's memory
