"""Round 28: a passed baseline's line wrote "N more in run.gate.notes" when no JSON report was
written (no --json): it pointed to a file that does not exist. A few notes are now written in
full; of more, the line says where all of them are (the --json file, stdout), or how to see them."""

from __future__ import annotations

from ethiclens.fairness import GateOutcome


def _outcome(k: int) -> GateOutcome:
    return GateOutcome("never", baseline="bl.json", notes=tuple(f"note {i}" for i in range(k)))


def test_a_few_notes_are_written_in_full():
    line = _outcome(5).baseline_line(cli=True)
    assert "5 notes: note 0; note 1; note 2; note 3; note 4" in line
    assert "more" not in line and "run.gate.notes" not in line


def test_without_a_json_report_the_line_says_how_to_see_every_note():
    line = _outcome(8).baseline_line(cli=True)
    assert "note 2; 5 more: pass --json FILE to see all 8" in line and "note 3" not in line


def test_with_a_json_report_the_line_names_it():
    line = _outcome(8).baseline_line(cli=True, json="out/run.json")
    assert line.endswith("5 more: all 8 in run.gate.notes of out/run.json")
    line = _outcome(8).baseline_line(cli=True, json="-")
    assert line.endswith("all 8 in run.gate.notes of the JSON on stdout")


def test_python_names_the_outcome_s_notes():
    assert _outcome(8).baseline_line().endswith("5 more: all 8 in GateOutcome.notes")
