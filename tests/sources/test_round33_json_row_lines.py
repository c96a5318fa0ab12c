"""Round 33: a refused row of a JSON file was named by its 0-based position ("first at row 3")
where a CSV file's is named by its line ("first at d.csv line 5") and a JSON record giving a key
twice by the line it starts on ("d.json line 5 gives this key twice"). A JSON file's refused row
is now named by the line its record starts on where each record starts a line of its own (JSON
lines, blank lines counted; a list of records one a line or indented); records sharing a line
or no list of records ({column: [values]}) are named 'd.json row R', counted from 1 as a Parquet
file's row (round 49: they kept the row counted from 0, 'row 3' for the 4th record)."""

import gzip
import json

import pytest

from ethiclens.cli import main

RECORDS = [
    {"y": 1, "p": 1, "g": "a"},
    {"y": 1, "p": 0, "g": "b"},
    {"y": 0, "p": 1, "g": "a"},
    {"y": 0, "p": None, "g": "b"},
    {"y": 1, "p": 0, "g": "a"},
]
MISSING = "column 'p (y_pred)': 1 missing value(s), first at {}."


def _said(path, capsys) -> str:
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main(argv) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    "name, text, where",
    [
        # round 46 (833232ff): a CSV's line names the text read as missing
        ("d.csv", "y,p,g\n1,1,a\n1,0,b\n0,1,a\n0,,b\n1,0,a\n", "d.csv line 5 (an empty field)"),
        ("d.json", json.dumps(RECORDS), "d.json row 4"),
        ("d.json", json.dumps(RECORDS, indent=1), "d.json line 17"),
        ("d.json", "[\n" + ",\n".join(map(json.dumps, RECORDS)) + "\n]\n", "d.json line 5"),
        ("d.jsonl", "\n".join(map(json.dumps, RECORDS)) + "\n", "d.jsonl line 4"),
        ("d.jsonl", "\n\n".join(map(json.dumps, RECORDS)) + "\n", "d.jsonl line 7"),
        (
            "d.json",
            json.dumps({k: [r[k] for r in RECORDS] for k in "ypg"}),
            "d.json row 4",
        ),
    ],
)
def test_a_refused_json_row_is_named_by_its_line(tmp_path, capsys, name, text, where):
    (tmp_path / name).write_text(text)
    assert MISSING.format(where) in _said(tmp_path / name, capsys)


def test_a_compressed_json_lines_file_too(tmp_path, capsys):
    path = tmp_path / "d.jsonl.gz"
    path.write_bytes(gzip.compress(("\n".join(map(json.dumps, RECORDS)) + "\n").encode()))
    assert MISSING.format("d.jsonl.gz line 4") in _said(path, capsys)


def test_a_bad_label_in_json_is_named_by_its_line(tmp_path, capsys):
    records = [dict(r, p=r["p"] if r["p"] is not None else 1) for r in RECORDS]
    records[2]["y"] = 2
    path = tmp_path / "d.jsonl"
    path.write_text("\n".join(map(json.dumps, records)) + "\n")
    said = _said(path, capsys)
    assert "1 row(s) hold 2, first at d.jsonl line 3 (value '2')" in said


def test_a_list_of_one_record(tmp_path, capsys):
    path = tmp_path / "d.json"
    path.write_text('\n[\n  {"y": 1, "p": null, "g": "a"}]')
    assert MISSING.format("d.json line 3") in _said(path, capsys)


def test_records_json_cannot_locate_keep_their_row(tmp_path, capsys, monkeypatch):
    import ethiclens.sources._pandas as pandas_path

    def fails(text, lines):
        raise ValueError("no")

    monkeypatch.setattr(pandas_path, "_object_starts", fails)
    path = tmp_path / "d.jsonl"
    path.write_text("\n".join(map(json.dumps, RECORDS)) + "\n")
    assert MISSING.format("d.jsonl row 4") in _said(path, capsys)
