"""Round 46 review of 271c7848: UCI Adult's raw file writes its missing value as ' ?' (a space
after the comma), and the note told --exclude-group 'race= ?', which the flag reads as '?'
(it strips a name unless it is in double quotes): the suggested fix was refused. The note
now spells it 'race=" ?"', and the flag as given drops the group."""

from __future__ import annotations

import json
import shlex

import pandas as pd

from ethiclens.cli import main
from ethiclens.fairness._result import missing_value_codes_text


def test_the_notes_flag_drops_a_spaced_code(tmp_path, capsys):
    n = 300
    pd.DataFrame(
        {"y": [i % 2 for i in range(n)], "p": [(i // 2) % 2 for i in range(n)],
         "g": ["A", "B", " ?"] * (n // 3)}
    ).to_csv(tmp_path / "x.csv", index=False)  # fmt: skip
    note = missing_value_codes_text("g", [" ?"])
    assert "--exclude-group 'g=\" ?\"'" in note, note
    flag = shlex.split(note.split("(", 1)[1].split(")", 1)[0])
    out = tmp_path / "r.json"
    args = [str(tmp_path / "x.csv"), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(["audit", *args, *flag, "--json", str(out)]) == 0, capsys.readouterr().err
    groups = [g["group"] for g in json.loads(out.read_text())["attributes"][0]["groups"]]
    assert groups == ["A", "B"]


def test_a_plain_code_keeps_its_plain_flag():
    assert "(--exclude-group 'race=?')" in missing_value_codes_text("race", ["?"])
