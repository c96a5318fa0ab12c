"""Round 38 review of 2c67f1ce: with the CLI's --n-boot pre-check gone, ``pcer audit --n-boot -1``
(or 0, 50, 10**10: out of range whatever the groups) was refused only once both files had been
read (3,000,000-row train and test: about 2 s before, 14 to 25 s after). Such a value is refused
before the read again; its fix leaves --n-boot out (the draws 8 to 47 groups need are unknown
until the files are read), and a value in range is still checked against the groups."""

from __future__ import annotations

import pytest

import ethiclens.privacy as privacy
from ethiclens.cli import main


@pytest.fixture
def args(tmp_path, monkeypatch):
    for name, wrong in (("tr", 1), ("te", 5)):  # distinct splits (the same rows are refused)
        rows = [f"{i % 2},{(i % 2) ^ (i % wrong == 0)},{'ab'[i % 4 // 2]}" for i in range(40)]
        (tmp_path / f"{name}.csv").write_text("y,p,g\n" + "\n".join(rows) + "\n")
    read = []
    real = privacy.read_splits  # the CLI imports it from there in the run
    monkeypatch.setattr(privacy, "read_splits", lambda *a, **k: read.append(a) or real(*a, **k))
    train, test = str(tmp_path / "tr.csv"), str(tmp_path / "te.csv")
    flags = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    return ["pcer", "audit", "--train", train, "--test", test, *flags], read


@pytest.mark.parametrize("value", ["-1", "0", "50", "99", "1000001", "10000000000"])
def test_an_n_boot_out_of_range_is_refused_before_the_files_are_read(args, value, capsys):
    command, read = args
    assert main([*command, "--n-boot", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: option '--n-boot'"), err
    assert "Fix: leave --n-boot out (the default: 1000, more for 8 to 47 groups)" in err, err
    assert not read  # refused before the train and test files are read


def test_an_n_boot_in_range_is_read_and_checked_against_the_groups(args, capsys):
    command, read = args
    assert main([*command, "--n-boot", "100"]) == 0, capsys.readouterr().err  # 2 groups: 100
    assert len(read) == 1
