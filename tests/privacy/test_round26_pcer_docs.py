"""Round 26 (PCER docs): docs/pcer.md's overlap example (ids, a per-file column that hides
the overlap without them) runs as written, and its command gives the note it describes."""

from __future__ import annotations

import re
from pathlib import Path

from ethiclens.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "pcer.md"


def _block(lang: str, needle: str) -> str:
    blocks = re.findall(rf"^```{lang}\n(.*?)^```", DOC.read_text(), re.S | re.M)
    found = [b for b in blocks if needle in b]
    assert len(found) == 1, needle
    return found[0]


def test_the_overlap_example_runs_and_notes_the_training_rows(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    space: dict = {}
    exec(compile(_block("python", 'ids="id"'), str(DOC), "exec"), space)  # noqa: S102
    assert (
        space["result"]
        .notes[0]
        .startswith(
            "50 of 200 test row(s) have the id, label, prediction and group of a train row "
            "(test ids 0, 1, 2, 3, 4 and 45 more"
        )
    )
    command = _block("bash", "--id id").replace("\\\n", " ").split()
    assert command[:3] == ["ethiclens", "pcer", "audit"]
    capsys.readouterr()
    assert main([*command[1:], "--n-boot", "100"]) == 0
    assert "50 of 200 test row(s) have the id" in " ".join(capsys.readouterr().out.split())
    # without --id the per-file scored_at column hides the overlap, as the doc says
    assert main([*command[1:-2], "--n-boot", "100"]) == 0
    out = capsys.readouterr().out
    assert "PCER audit" in out and "test row(s)" not in " ".join(out.split())


def test_the_doc_names_the_overlap_rules():
    text = " ".join(DOC.read_text().split())
    for words in (
        "`pcer audit --id id`",
        "in every column both files hold",
        "three times the share of train rows that equal another",
        "holds only train rows",
        "`leaky.csv lines 152, 153, 154, 155, 156 and 45 more`",
        "min_group_size=",
    ):
        assert words in text, words
