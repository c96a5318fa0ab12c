"""Round 32: an output given as '' or blank text is refused by name, nothing written, as
--config '' is: ``--save-config ''`` said "output . is a folder" (pathlib's reading of ''),
``--json ' '`` "must end in .json. Fix: e.g. --json  .json"."""

from __future__ import annotations

import pytest

from ethiclens.cli import main

ARGS = ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize("flag", ["--save-config", "--json", "--html", "--model-card"])
@pytest.mark.parametrize("blank", ["", " "])
def test_a_blank_output_is_refused_by_name(flag, blank, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n1,0,a\n0,1,b\n", encoding="utf-8")
    assert main([*ARGS, flag, blank]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"error: option '{flag}': must not be empty (value: '{blank}'). Fix: give a value, or "
        "leave it out for its default\n"
    ), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.csv"]
