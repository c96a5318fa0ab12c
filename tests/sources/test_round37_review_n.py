"""Review of round 37 N (e46b32df, ``_rules.table_place``): a counts file's type was taken from
``.json`` anywhere before its last suffix, so ``c.json.csv`` (a CSV, as io reads it) named a
bad cell "in row 3" and ``c.jsonl.csv`` "line 4" (its CSV lines read as JSON lines: the record
is on line 5), and ``c.json.parquet`` escaped as a bare UnicodeDecodeError (its bytes read as
JSON text). The type is now the reader's. Also pinned: a pretty-printed JSON list whose strings
hold ``{`` and a newline escape, a duplicate cell of a JSON-lines file, a compressed CSV's long
label (named by its line, as its other refusals are)."""

import gzip
import json

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import read_counts

CELLS = pd.DataFrame(
    {
        "race": ["A", "A", "B", "B", "C"],
        "y_true": [1, 0, 1, 0, 0],
        "y_pred": [1, 1, 0, 1, 0],
        "count": [5, 6, 3, -4, 7],
    }
)
BAD = "cell (race='B', y_true=0, y_pred=1) at {}: counts must be whole"


def _refusal(path) -> str:
    with pytest.raises(EthicLensInputError) as err:
        read_counts(path)
    return str(err.value)


@pytest.mark.parametrize(
    "name, where", [("c.json.csv", "c.json.csv line 5"), ("c.jsonl.csv", "c.jsonl.csv line 5")]
)
def test_a_csv_named_json_dot_csv_is_placed_as_a_csv(tmp_path, name, where):
    CELLS.to_csv(tmp_path / name, index=False)
    assert BAD.format(where) in _refusal(tmp_path / name)


@pytest.mark.parametrize("name", ["c.json.parquet", "c.JSON.pq"])
def test_a_parquet_file_named_json_dot_parquet_is_placed_by_its_row(tmp_path, name):
    CELLS.to_parquet(tmp_path / name)
    assert BAD.format(f"{name} row 4") in _refusal(tmp_path / name)


def test_a_pretty_json_list_with_braces_and_newlines_in_strings(tmp_path):
    cells = CELLS.to_dict("records")
    cells[1]["race"] = 'A{"x": [1\n'  # a '{', a quote and a newline escape inside a string
    path = tmp_path / "p.json"
    path.write_text(json.dumps(cells, indent=2))  # a record over 6 lines, from line 2
    assert BAD.format("p.json line 20") in _refusal(path)


def test_a_duplicate_cell_of_json_lines_names_both_lines(tmp_path):
    cells = CELLS.assign(count=[5, 6, 3, 4, 7]).to_dict("records")
    cells[3] = dict(cells[1])
    path = tmp_path / "d.jsonl"
    path.write_text("\n".join(map(json.dumps, cells)) + "\n")
    assert "at d.jsonl line 2 appears in 2 rows (d.jsonl line 2, d.jsonl line 4)" in _refusal(path)


def test_a_long_label_of_a_compressed_csv_is_named_by_its_line(tmp_path):
    path = tmp_path / "l.csv.gz"
    cells = CELLS.assign(count=[5, 6, 3, 4, 7], race=["A", "A\nX", "B", "L" * 300, "C"])
    with gzip.open(path, "wt") as f:  # a quoted line break before it: the record's first line
        cells.to_csv(f, index=False)
    assert "(the longest has 300), first at l.csv.gz line 6." in _refusal(path)
