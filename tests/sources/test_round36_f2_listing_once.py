"""An audit of a folder resolves it several times (auto's engine choice in spec's
``_utf8_files``, the counts-table check, the count, the fingerprint) and each time hashed
every file whose size another shares, to refuse a copy: 2 CSV parts of one size were read
10 times by that check. Now once per listing (path, size, mtime, inode), and a copy added
afterwards is still refused."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import ethiclens.io as io_mod
from ethiclens.cli import main
from ethiclens.sources import _duckdb

ARGS = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]


def test_each_part_is_hashed_once_and_a_later_copy_still_refused(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "parts"
    folder.mkdir()
    (folder / "a.csv").write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    (folder / "b.csv").write_text("y,p,g\n1,1,b\n0,1,a\n1,0,b\n0,0,a\n")  # same size
    hashed = []
    real = io_mod.sha256_file

    def counted(f):  # the copy check's hashes (not the report's fingerprint)
        if sys._getframe(1).f_code.co_name == "refuse_repeated_files":
            hashed.append(Path(f).name)
        return real(f)

    monkeypatch.setattr(io_mod, "sha256_file", counted)
    # parts written just now are remembered once settled (2 s): here at once
    monkeypatch.setattr(_duckdb, "_SETTLED_NS", 0)
    assert main(["audit", str(folder), *ARGS]) == 0, capsys.readouterr().err
    assert sorted(hashed) == ["a.csv", "b.csv"]  # was 10 hashes: 2 parts at each of 5 listings
    shutil.copy(folder / "a.csv", folder / "a copy.csv")
    assert main(["audit", str(folder), *ARGS]) == 2
    assert "a copy.csv has the bytes of" in capsys.readouterr().err
