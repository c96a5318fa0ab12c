"""Round 37 N: ``read_counts`` on a JSON counts table named a refused cell as if the file were
a CSV: a one-line JSON list said "at 0" (no CSV line past the 'header'), a list written one
record a line named the line after the record's ("line 3" for the record on line 2), and a
long group label said "first at row 1" for a JSON-lines file. It now names the line the
record starts on, as the row audit names a JSON file's row, or "c.json row N" (from 1, as a
Parquet file's row) where records share a line; the CLI's ``--counts`` (which reads through
``read_counts``) says the same."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import read_counts

CELLS = [
    {"race": "A", "y_true": 1, "y_pred": 1, "count": 5},
    {"race": "B", "y_true": 1, "y_pred": 0, "count": 3},
    {"race": "B", "y_true": 0, "y_pred": 1, "count": -4},
]


def _write(path, cells, how):
    if how == "one line":
        text = json.dumps(cells)
    elif how == "a record a line":
        text = "[" + ",\n".join(map(json.dumps, cells)) + "]\n"
    else:  # JSON lines, a blank line between records
        text = "\n\n".join(map(json.dumps, cells)) + "\n"
    path.write_text(text)
    return path


def _both(path, capsys) -> tuple[str, str]:
    with pytest.raises(EthicLensInputError) as err:
        read_counts(path)
    assert main(["audit", "--counts", str(path), "--protected", "race"]) == 2
    return str(err.value), capsys.readouterr().err


@pytest.mark.parametrize(
    "name, how, where",
    [
        ("c.json", "one line", "at c.json row 3:"),  # from 1, as c.parquet's (round 49)
        ("c.json", "a record a line", "at c.json line 3:"),
        ("c.jsonl", "JSON lines", "at c.jsonl line 5:"),
    ],
)
def test_a_bad_count_is_named_by_its_record(tmp_path, capsys, name, how, where):
    python, cli = _both(_write(tmp_path / name, CELLS, how), capsys)
    assert f"cell (race='B', y_true=0, y_pred=1) {where} counts must be whole" in python
    assert where in cli
    assert " at 0:" not in python + cli


def test_a_blank_group_is_named_by_its_record_line(tmp_path, capsys):
    cells = [dict(c, count=abs(c["count"])) for c in CELLS]
    cells[1]["race"] = " "
    python, cli = _both(_write(tmp_path / "b.json", cells, "a record a line"), capsys)
    assert "' ', first at b.json line 2." in python
    assert "' ', first at b.json line 2." in cli


def test_a_long_label_is_named_by_its_json_line(tmp_path, capsys):
    cells = [dict(c, count=abs(c["count"])) for c in CELLS]
    cells[2]["race"] = "L" * 300
    python, cli = _both(_write(tmp_path / "l.jsonl", cells, "JSON lines"), capsys)
    assert "(the longest has 300), first at l.jsonl line 5." in python
    assert "first at l.jsonl line 5." in cli
