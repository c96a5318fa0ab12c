"""Round 30 (CLI): a path given as '' or blank text was read by pathlib as the working folder:
``p2nia estimate ''`` took the working folder for the release (and would have estimated one kept
there), ``pcer audit --train ''`` said ". is a folder" naming no option, ``counts ''`` refused its
output as "inside the folder this command reads". Every path option and argument of these
commands now refuses it by name, exit 2, nothing written."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
CASES = {
    "p2nia estimate RELEASE_DIR": (["p2nia", "estimate", "{b}"], "argument 'RELEASE_DIR'"),
    "pcer audit --train": (
        ["pcer", "audit", "--train", "{b}", "--test", "t.csv", *ROLES],
        "option '--train'",
    ),
    "pcer audit --json": (
        ["pcer", "audit", "--train", "t.csv", "--test", "t.csv", *ROLES, "--json", "{b}"],
        "option '--json'",
    ),
    "counts --out": (
        ["counts", "t.csv", "--y-pred", "p", "--protected", "g", "--out", "{b}"],
        "option '--out'",
    ),
    "probe make-counterfactuals DATA": (
        ["probe", "make-counterfactuals", "{b}", "--out", "x.csv"],
        "argument 'DATA'",
    ),
}


@pytest.mark.parametrize("blank", ["", " "])
@pytest.mark.parametrize("case", CASES)
def test_a_blank_path_is_refused_by_name(case, blank, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text("y,p,g\n1,0,a\n0,1,b\n", encoding="utf-8")
    args, named = CASES[case]
    assert main([a.replace("{b}", blank) for a in args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {named}: must not be empty"), err
    # an optional output is told what audit --json '' is (round 47, cfg item b); the rest give one
    optional = "Fix: give a value, or leave it out for its default"
    fix = optional if case == "pcer audit --json" else "Fix: give a path"
    assert fix in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


def test_counts_of_no_target_says_so_before_judging_its_output(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["counts", "", "--y-pred", "p", "--protected", "g", "--out", "x.parquet"]) == 2
    err = capsys.readouterr().err
    assert "argument 'TARGET': nothing to count" in err, err
    assert list(tmp_path.iterdir()) == []
