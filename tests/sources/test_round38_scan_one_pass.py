"""Round 38: an audit's load of its target, ``ethiclens counts`` and a web upload's check are
each one check pass (``io._one_pass``): a fresh part (or one stamped ahead of the clock, never
settled) is scanned, line-hashed and SHA-256-hashed once per pass, where the target's four
resolutions scanned it up to 6 times; a file changed between (or during) passes is read again."""

from __future__ import annotations

import collections
import functools
import hashlib
import os
import time

import pytest

import ethiclens
from ethiclens import io

ROWS = "g,y_true,y_pred\n" + "a,1,1\nb,0,1\na,0,0\nb,1,0\n" * 10


@pytest.fixture
def reads(monkeypatch):
    """Each read of a file's scans and SHA-256, counted by (what, file name)."""
    counted: collections.Counter = collections.Counter()
    for name in ("_csv_scan", "_csv_lines_digest"):
        real = getattr(io, name).__wrapped__

        def read(path, size, stamp, _real=real, _name=name):
            counted[_name, os.path.basename(path)] += 1
            return _real(path, size, stamp)

        monkeypatch.setattr(io, name, functools.lru_cache(maxsize=64)(read))
    if hasattr(io, "_sha256_read"):  # the bytes hashed (in a pass: by the stamp's cache)
        real_sha = io._sha256_read

        def sha(path):
            counted["sha256", os.path.basename(path)] += 1
            return real_sha(path)

        monkeypatch.setattr(io, "_sha256_read", sha)
        fresh = functools.lru_cache(maxsize=64)(io._file_sha256.__wrapped__)
        monkeypatch.setattr(io, "_file_sha256", fresh)  # an empty cache: every read counted
    return counted


def _parts(folder, n=3, ahead_s=0):
    """``n`` CSV parts of equal size and lines (so the copy check hashes each), written now
    (too fresh to cache) or stamped ``ahead_s`` seconds ahead of the clock."""
    folder.mkdir()
    for i in range(n):
        path = folder / f"part{i}.csv"
        path.write_text(ROWS.replace("a,1,1", f"a,{i % 2},1", i + 1))
        if ahead_s:
            future = time.time_ns() + ahead_s * 10**9
            os.utime(path, ns=(future, future))
    return folder


def _audit(target, engine="duckdb"):
    return ethiclens.run(
        str(target), protected=["g"], y_true="y_true", y_pred="y_pred", engine=engine, n_boot=100
    )


@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
def test_a_fresh_folder_is_scanned_once_per_part(tmp_path, reads, engine):
    _audit(_parts(tmp_path / "parts"), engine)
    assert reads, "the parts were not scanned at all"
    for (what, part), times in reads.items():
        assert times == 1, f"{part}: {what} read {times} times in one audit"
    assert {what for what, _ in reads} == {"_csv_scan", "_csv_lines_digest", "sha256"}


def test_parts_stamped_ahead_of_the_clock_are_read_once_per_audit_and_again_next(tmp_path, reads):
    folder = _parts(tmp_path / "parts", ahead_s=86_400)
    _audit(folder)
    assert set(reads.values()) == {1}, dict(reads)
    # a stamp ahead of the clock is never trusted to key the cache: the next audit reads again
    _audit(folder)
    assert set(reads.values()) == {2}, dict(reads)


def test_counts_command_reads_each_part_once(tmp_path, reads):
    from ethiclens.spec import AuditSpec
    from ethiclens.spec._target import count_target

    folder = _parts(tmp_path / "parts")
    spec = AuditSpec.of(str(folder), protected=["g"], y_true="y_true", y_pred="y_pred")
    count_target(spec)
    assert set(reads.values()) == {1}, dict(reads)


def test_a_part_rewritten_between_audits_is_read_again(tmp_path):
    folder = _parts(tmp_path / "parts", n=2)
    old = time.time_ns() - 3600 * 10**9  # settled: its scans are cached
    for part in folder.iterdir():
        os.utime(part, ns=(old, old))
    first = _audit(folder)
    # the same size, its old modification time put back (cp -p): only the change time moves
    part = folder / "part0.csv"
    part.write_text(part.read_text().replace("b,0,1", "b,0,0"))
    os.utime(part, ns=(old, old))
    again = _audit(folder)
    digest = hashlib.sha256(part.read_bytes()).hexdigest()
    assert (
        again.run["input"]["files"][str(part)] == digest != first.run["input"]["files"][str(part)]
    )
    assert first.to_dict()["attributes"] != again.to_dict()["attributes"]


def test_a_stamp_settled_during_the_pass_is_not_scanned_again(tmp_path, reads, monkeypatch):
    path = tmp_path / "t.csv"
    path.write_text(ROWS)
    answers = iter([False, True, True])  # unsettled at the first read, settled after
    monkeypatch.setattr(io, "_settled", lambda *a, **k: next(answers))

    @io._one_pass
    def checks():
        return [io.nul_byte_error(path), io.quoted_line_break(path), io.nul_byte_error(path)]

    assert checks() == [None, False, None]
    assert reads[("_csv_scan", "t.csv")] == 1


def test_a_file_changed_during_the_pass_is_read_afresh(tmp_path, reads):
    path = tmp_path / "t.csv"
    path.write_text(ROWS)

    @io._one_pass
    def checks():
        before = io.nul_byte_error(path)
        path.write_bytes(ROWS.encode().replace(b"a,0,0", b"a,0,\x00"))  # same size
        return before, io.nul_byte_error(path)

    before, after = checks()
    assert before is None and after is not None and "NUL" in after.problem
    assert reads[("_csv_scan", "t.csv")] == 2


def test_an_upload_check_scans_the_upload_once(tmp_path, reads):
    from ethiclens.web._uploads import _check_csv

    path = tmp_path / "upload.csv"
    path.write_text(ROWS)
    assert _check_csv(path, path.read_bytes()[:4096], "mine.csv") == "csv"
    assert reads[("_csv_scan", "upload.csv")] == 1
