"""Round 20 (U): a CSV file holding a NUL byte (a stray one in a group cell, a crashed writer's
padding at its end, NULs before its header) is refused by every engine naming the first line
that holds one and the fix, not audited with a group 'a\\x00', read as a missing value or as a
column named '\\x00\\x00…y' (the web upload refuses it in the same words:
tests/web/test_round20_u_text_bytes.py)."""

from __future__ import annotations

import gzip

import pytest

from ethiclens.cli import main

ROWS = ["y,p,g"] + [f"{i % 2},{i // 2 % 2},{'ab'[i // 4 % 2]}" for i in range(600)]
TEXT = "\n".join(ROWS) + "\n"
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "100"]


def damaged(case: str) -> tuple[bytes, int]:
    """The file's bytes and the line of its first NUL."""
    if case == "cells":  # 'a\x00' in three group cells, the first on line 6
        lines = TEXT.split("\n")
        for k in (5, 9, 13):
            lines[k] = lines[k][:-1] + "a\x00"
        return "\n".join(lines).encode(), 6
    if case == "padded":  # a writer that crashed: 4,096 NULs after the last row
        return TEXT.encode() + b"\x00" * 4096, 602
    return b"\x00" * 64 + TEXT.encode(), 1  # before the header


CASES = ["cells", "padded", "leading"]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("name", ["d.csv", "d.csv.gz"])
def test_a_nul_byte_is_refused_naming_its_line(tmp_path, capsys, monkeypatch, case, engine, name):
    data, line = damaged(case)
    (tmp_path / name).write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    monkeypatch.chdir(tmp_path)
    assert main(["audit", name, *ROLES, "--engine", engine]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {name} holds a NUL byte (\\x00) on line {line}, "), err
    assert "damaged or not UTF-8 text" in err and "tr -d '\\000'" in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["counts", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
        + ["--out", "c.csv"],
        ["thresholds", "d.csv", "--y-score", "p", "--y-true", "y", "--protected", "g"],
        ["probe", "make-counterfactuals", "d.csv", "--protected", "g", "--out", "cf.csv"],
    ],
    ids=lambda a: a[0],
)
def test_every_command_refuses_it(tmp_path, capsys, monkeypatch, argv):
    (tmp_path / "d.csv").write_bytes(damaged("cells")[0])
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "d.csv holds a NUL byte (\\x00) on line 6" in err, err


def test_a_clean_file_still_reads(tmp_path, capsys, monkeypatch):
    (tmp_path / "d.csv").write_text(TEXT)
    monkeypatch.chdir(tmp_path)
    assert main(["audit", "d.csv", *ROLES]) == 0, capsys.readouterr().err
