"""cfg item (b): an output path that is a folder was told two ways ('p2nia request --out DIR':
"DIR is a folder. Fix: give the path of a regular file"; 'audit --json DIR': "output DIR is a
folder; EthicLens replaces outputs whole ..."), and a blank optional output path three fixes
('give a path, or leave it out', 'give a value, or leave it out for its default', 'give a
path'). Every command now says the audit's line; a required path is told to give one."""

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
FACES = {
    "audit --json": (["audit", "{d}", *ROLES, "--json", "{o}"], "--json"),
    "audit --save-config": (["audit", "{d}", *ROLES, "--save-config", "{o}"], "--save-config"),
    "pcer audit --json": (
        ["pcer", "audit", "--train", "{d}", "--test", "{d}", *ROLES, "--json", "{o}"],
        "--json",
    ),
    "counts --out": (
        ["counts", "{d}", "--y-pred", "p", "--protected", "g", "--out", "{o}"],
        "--out",
    ),
    "p2nia request --out": (
        ["p2nia", "request", "--n", "10", "--protected", "g", "--epsilon", "1", "--out", "{o}"],
        "--out",
    ),
    # an output no spec key gives: P2NIA's figure (review of c456817b: it kept the old words)
    "p2nia population-bias --plot": (["p2nia", "population-bias", "--plot", "{o}"], "--plot"),
}


def _run(tmp_path, capsys, face, out):
    data = tmp_path / "d.csv"
    data.write_text("y,p,g\n1,0,a\n0,1,b\n", encoding="utf-8")
    args, flag = FACES[face]
    assert main([a.replace("{d}", str(data)).replace("{o}", out) for a in args]) == 2
    return capsys.readouterr().err, flag


@pytest.mark.parametrize("face", FACES)
def test_a_folder_output_is_told_in_one_line(face, tmp_path, capsys):
    folder = tmp_path / "DIR"
    folder.mkdir()
    err, flag = _run(tmp_path, capsys, face, str(folder))
    assert err == (
        f"error: option {flag!r}: output {folder} is a folder; EthicLens replaces outputs whole "
        "and would replace it. Fix: give the path of a regular file to create or replace\n"
    )


@pytest.mark.parametrize("face", ["audit --json", "audit --save-config", "pcer audit --json"])
def test_a_blank_optional_output_gets_one_fix(face, tmp_path, capsys):
    err, flag = _run(tmp_path, capsys, face, " ")
    assert err == (
        f"error: option {flag!r}: must not be empty (value: ' '). "
        "Fix: give a value, or leave it out for its default\n"
    )
