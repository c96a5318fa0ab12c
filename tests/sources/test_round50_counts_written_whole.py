"""Round 50 (report: atomic writes, the counts table's own writer): write_counts ('ethiclens
counts ... --out c.csv', every engine's) wrote 'c.csv.tmp-PID' and renamed it over the path:
a failure while writing (a full disk) left that temporary beside the table, where the command
said 'no half-written file was left'; and an --out that is a symbolic link was replaced by a
file (the link gone, its target untouched), where every other output (write_atomic) writes
through it. It now writes each file with write_atomic; the bytes are those of before."""

from __future__ import annotations

import errno
import os

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


def _data(folder):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"y": rng.integers(0, 2, 200), "p": rng.integers(0, 2, 200)})
    frame["g"] = rng.choice(["a", "b"], 200)
    frame.to_csv(folder / "d.csv", index=False)
    return ["counts", str(folder / "d.csv"), "--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize("name", ["c.csv", "c.parquet"])
def test_a_link_is_written_through(tmp_path, name):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / name).write_bytes(b"old")
    (tmp_path / name).symlink_to(tmp_path / "real" / name)
    assert main([*_data(tmp_path), "--out", str(tmp_path / name)]) in (0, None)
    assert (tmp_path / name).is_symlink()
    assert (tmp_path / "real" / name).read_bytes() != b"old"


def test_a_failed_write_leaves_no_temporary(tmp_path, monkeypatch, capsys):
    args = _data(tmp_path)
    real = os.replace

    def full(src, dst, *a, **k):
        if str(dst).endswith("c.csv"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", full)
    assert main([*args, "--out", str(tmp_path / "c.csv")]) == 2
    assert "No space left" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir() if "c.csv" in p.name) in (
        [],
        ["c.csv.ethiclens.json"],
    )
