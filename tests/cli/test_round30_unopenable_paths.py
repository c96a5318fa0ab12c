"""Round 30 (CLI): a path no file system opens (a name over 255 bytes, a loop of symbolic
links), given as TARGET, --config or an output, is one line naming the path and the fix, exit
2, nothing written: never an OSError or RuntimeError traceback."""

from __future__ import annotations

import os

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    rng = np.random.default_rng(30)
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, 300),
            "p": rng.integers(0, 2, 300),
            "g": rng.choice(["a", "b"], 300),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    for suffix in ("csv", "json", "yaml"):  # loop.X -> back.X -> loop.X
        os.symlink(f"back.{suffix}", tmp_path / f"loop.{suffix}")
        os.symlink(f"loop.{suffix}", tmp_path / f"back.{suffix}")
    monkeypatch.chdir(tmp_path)
    return tmp_path


LONG = "a" * 300
CASES = {
    "long TARGET": ["audit", f"{LONG}.csv", *ROLES],
    "long --config": ["audit", "--config", f"{LONG}.yaml"],
    "long --json": ["audit", "d.csv", *ROLES, "--json", f"{LONG}.json"],
    "long --save-config": ["audit", "d.csv", *ROLES, "--save-config", f"{LONG}.yaml"],
    "long --baseline": ["audit", "d.csv", *ROLES, "--baseline", f"{LONG}.json"],
    "long counts --out": [
        "counts",
        "d.csv",
        "--y-pred",
        "p",
        "--protected",
        "g",
        "--out",
        f"{LONG}.parquet",
    ],
    "loop TARGET": ["audit", "loop.csv", *ROLES],
    "loop --json": ["audit", "d.csv", *ROLES, "--json", "loop.json", "--html", "r.html"],
    "loop --save-config": ["audit", "d.csv", *ROLES, "--save-config", "loop.yaml"],
}


@pytest.mark.parametrize("case", CASES)
def test_a_path_no_file_system_opens_is_one_line(case, folder, capsys):
    args = CASES[case]
    before = sorted(p.name for p in folder.iterdir())
    assert main(args) == 2
    out = capsys.readouterr()
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.err
    assert "Fix: " in lines[0] and "Traceback" not in out.err and not out.out
    words = "is too long" if case.startswith("long") else "is a loop of symbolic links"
    assert words in lines[0], lines[0]
    assert sorted(p.name for p in folder.iterdir()) == before
