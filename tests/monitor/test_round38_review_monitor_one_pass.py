"""Round 38 review (monitor): a fresh folder of CSV parts (too freshly written for the scan
cache) was scanned 3 times per part by ``run_monitor`` and line- and SHA-256-hashed twice
(its target resolved by the request, the windows and the engines, each a check of its own),
and scanned twice more when the ``MonitorRequest`` was made. Each is now one check pass
(``io._one_pass``, as ``spec.load_target`` since 8bc96f26): once per part in each. Counted as
tests/sources/test_round38_scan_one_pass.py counts them (fresh caches, every read counted)."""

from __future__ import annotations

import collections
import datetime as dt
import functools
import os

import pytest

from ethiclens import io
from ethiclens.monitor import MonitorRequest, run_monitor


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
    real_sha = io._sha256_read

    def sha(path):
        counted["sha256", os.path.basename(path)] += 1
        return real_sha(path)

    monkeypatch.setattr(io, "_sha256_read", sha)
    monkeypatch.setattr(io, "_file_sha256", functools.lru_cache(64)(io._file_sha256.__wrapped__))
    return counted


def _parts(folder):
    """Three day parts of one size (so the copy check hashes each), written just now."""
    folder.mkdir()
    for day in range(3):
        rows = "".join(
            f"2024-03-0{day + 1}T{h:02d}:00:00Z,{'AB'[h % 2]},{h % 3 % 2},{(h + day) % 2}\n"
            for h in range(24)
        )
        (folder / f"part{day}.csv").write_text("ts,g,y,p\n" + rows)
    return folder


def test_a_fresh_folder_is_scanned_once_per_part_in_a_run(tmp_path, reads):
    request = MonitorRequest(
        target=str(_parts(tmp_path / "parts")), time="ts", window="1d", y_pred="p",
        y_true="y", protected=("g=A",), engine="pandas", min_group_size=2,
    )  # fmt: skip
    assert reads and set(reads.values()) == {1}, dict(reads)  # was 2 scans, 1 of each hash
    made = set(reads)
    reads.clear()
    now = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    report = run_monitor(request, str(tmp_path / "s.sqlite"), now=now, warn=False).to_dict()
    assert report["run"]["new_windows"] == 3
    assert (
        set(reads)
        == made
        == {
            (what, f"part{day}.csv")
            for what in ("_csv_scan", "_csv_lines_digest", "sha256")
            for day in range(3)
        }
    )
    assert set(reads.values()) == {1}, dict(reads)  # was 3 scans, 2 of each hash per part


def test_the_cli_reads_each_part_once_for_the_request_and_the_run(tmp_path, reads, capsys):
    """``ethiclens monitor`` made the request and ran it as two passes: 2 scans and 2 of each
    hash per fresh part; now the two share one pass (cli/_monitor.py)."""
    from ethiclens.cli import main

    folder = str(_parts(tmp_path / "parts"))
    store = str(tmp_path / "s.sqlite")
    args = ["monitor", folder, "--time", "ts", "--window", "1d", "--y-pred", "p"]
    args += ["--y-true", "y", "--protected", "g=A", "--engine", "pandas", "--store", store]
    assert main([*args, "--min-group-size", "2"]) == 0, capsys.readouterr().err
    assert set(reads) == {
        (what, f"part{day}.csv")
        for what in ("_csv_scan", "_csv_lines_digest", "sha256")
        for day in range(3)
    }
    assert set(reads.values()) == {1}, dict(reads)  # was 2 of each per part
