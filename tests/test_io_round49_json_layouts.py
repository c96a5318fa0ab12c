"""A JSON table saved by pandas in another layout than records or columns (to_json's orient
'values', 'split', 'table', 'index'; JSON lines of arrays) was read as columns 0, 1, 2 (or
'columns', 'index', 'data') or failed in pandas' words: the audit told 'column 'y' not found ...
the column names look like a data row ... pd.read_csv(path, header=None, ...)', a CSV's fix, or
'cannot read d.json: All arrays must be of the same length' / 'Mixing dicts with non-Series may
lead to ambiguous ordering'. Refused now naming the layout and how to write records, on every
JSON read (read_table, the audit); records and columns tables, numbered keys included, read as
before."""

import gzip
import json

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import DataFileError
from ethiclens.io import read_table

FRAME = pd.DataFrame({"y": [i % 2 for i in range(40)], "p": [i // 2 % 2 for i in range(40)]})
FRAME["g"] = ["ab"[i % 3 == 0] for i in range(40)]

LAYOUTS = {
    "values": ("values", "rows as lists without column names"),
    "split": ("split", "'split' layout"),
    "split3": ("split", "'split' layout"),  # 3 rows: pandas read columns, index, data
    "table": ("table", "'table' layout"),
    "index": ("index", "an object per row keyed by its number"),
}


def _write(tmp_path, name, text):
    path = tmp_path / name
    if name.endswith(".gz"):
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", ["d.json", "d.json.gz"])
def test_another_layout_is_refused_naming_it(tmp_path, layout, name):
    orient, words = LAYOUTS[layout]
    frame = FRAME.head(3) if layout == "split3" else FRAME
    path = _write(tmp_path, name, frame.to_json(orient=orient))
    with pytest.raises(DataFileError) as info:
        read_table(path)
    text = str(info.value)
    assert f"cannot read {name}: it holds" in text and words in text
    assert "orient='records'" in text and "read_csv" not in text


def test_json_lines_of_arrays_are_refused_as_rows_without_names(tmp_path):
    path = _write(tmp_path, "d.jsonl", "\n".join(json.dumps(r) for r in FRAME.values.tolist()))
    with pytest.raises(DataFileError, match="rows as lists without column names"):
        read_table(path)


@pytest.mark.parametrize(
    "text",
    [
        FRAME.to_json(orient="records"),
        FRAME.to_json(orient="columns"),
        json.dumps({"columns": [0, 1], "index": ["a", "b"], "data": [1, 0]}),  # three columns
        json.dumps({"0": [0, 1], "1": [1, 0], "2": ["a", "b"]}),
    ],
)
def test_records_and_columns_read_as_before(tmp_path, text):
    frame = read_table(_write(tmp_path, "d.json", text))
    assert len(frame) in (2, 40) and frame.shape[1] == 3


def test_the_audit_refuses_it_in_the_layouts_words(tmp_path, capsys):
    path = _write(tmp_path, "d.json", FRAME.to_json(orient="values"))
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--json", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert "rows as lists without column names" in err and "header=None" not in err
    assert not (tmp_path / "r.json").exists()


def test_a_columns_table_of_number_names_keyed_by_names_reads_as_before(tmp_path):
    # {"2019": {"ann": 1, "bob": 0}, ...}: columns 2019, 2020 (df.to_json() of a named index)
    text = json.dumps({"2019": {"ann": 1, "bob": 0}, "2020": {"ann": 0, "bob": 1}})
    frame = read_table(_write(tmp_path, "d.json", text))
    assert list(frame.columns) == ["2019", "2020"] and list(frame.index) == ["ann", "bob"]
