"""Round 49 holdout: a JSON Lines file with one broken line was refused in pandas' words,
"cannot read d.jsonl: Expected object or value at position 520" (no line, a fix naming no line);
and a one-line JSON array named a refused row from 0 ('first at row 5' for the 6th record) where
the same rows as JSON lines say 'd.jsonl line 6' and as Parquet 'd.parquet row 6'. The broken
line is named (its number, json's reason) with the fix; a JSON file's row is counted from 1."""

import json

import pandas as pd
import pytest

from ethiclens.cli import main

ROWS = [{"y": i % 2, "p": (i // 2) % 2, "g": "ab"[i % 2]} for i in range(12)]


def _said(path, capsys) -> str:
    capsys.readouterr()
    assert main(["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]) == 2
    return capsys.readouterr().err


def test_a_broken_json_lines_line_is_named(tmp_path, capsys):
    lines = [json.dumps(r) for r in ROWS]
    lines[5] = '{"y": 1, "p": 0, "g": "a"'  # line 6 cut short
    (tmp_path / "d.jsonl").write_text("\n".join(lines) + "\n")
    said = _said(tmp_path / "d.jsonl", capsys)
    assert "cannot read d.jsonl: line 6 is not a JSON record (Expecting ',' delimiter" in said
    assert "Fix: correct or delete line 6 of d.jsonl" in said and "position" not in said


def test_a_broken_json_file_is_named_by_line_and_column(tmp_path, capsys):
    text = json.dumps(ROWS, indent=1).replace('"p": 0,', '"p": 0', 1)
    (tmp_path / "d.json").write_text(text)
    said = _said(tmp_path / "d.json", capsys)
    assert "cannot read d.json: it is not valid JSON at line 5, column 3" in said, said
    assert "Fix: correct d.json at line 5, column 3" in said


@pytest.mark.parametrize(
    ("name", "write", "where"),
    [
        ("d.json", lambda rows, p: p.write_text(json.dumps(rows)), "d.json row 6"),
        ("d.json", lambda rows, p: pd.DataFrame(rows).to_json(p), "d.json row 6"),
        ("d.parquet", lambda rows, p: pd.DataFrame(rows).to_parquet(p), "d.parquet row 6"),
        (
            "d.jsonl",
            lambda rows, p: pd.DataFrame(rows).to_json(p, orient="records", lines=True),
            "d.jsonl line 6",
        ),  # noqa: E501
    ],
    ids=["one-line-array", "columns", "parquet", "jsonl"],
)
def test_a_refused_row_is_counted_from_one(tmp_path, capsys, name, write, where):
    rows = [dict(r) for r in ROWS]
    rows[5]["y"] = None
    write(rows, tmp_path / name)
    assert f"1 missing value(s), first at {where}." in _said(tmp_path / name, capsys)
