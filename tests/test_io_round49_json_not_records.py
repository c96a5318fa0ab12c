"""A JSON table that is no records or columns table is refused naming its layout, or the line
(row) that holds no record, whether pandas reads its numbers or Python's json does (a number
past pandas' parser: 10**20); never read as columns 0, 1, 2 or refused in Python's words
(round 49)."""

from __future__ import annotations

import pytest

from ethiclens.errors import DataFileError
from ethiclens.io import read_table

BIG = "100000000000000000000"  # past int64 and uint64: read by Python's json
VALUES = "rows as lists without column names (pandas' orient='values')"
LINE_2 = "line 2 is not a JSON record (it holds a list [...] without column names)"

CASES = {
    "values": ("d.json", "[[1,0,{n}],[0,1,3]]", VALUES),
    "split": (
        "d.json",
        '{{"columns":["y","p","g"],"index":[0,1],"data":[[1,0,{n}],[0,1,3]]}}',
        "pandas' 'split' layout",
    ),
    "lines of lists": ("d.jsonl", "[1,0,{n}]\n[0,1,3]\n", VALUES),
    "a list line": ("d.jsonl", '{{"y":1,"p":0,"g":{n}}}\n[0,1,3]\n', LINE_2),
    "a number line": ("d.jsonl", '{{"y":1,"p":0,"g":{n}}}\n5\n', "line 2 is not a JSON record"),
    "a list row": ("d.json", '[{{"y":1,"p":0,"g":{n}}},[0,1,3]]', "row 2 of its list is not"),
    "single values": ("d.json", "[1,0,{n}]", "a list of single values without column names"),
    "one number": ("d.json", "{n}", "it holds a number alone, not a table. Fix: a JSON table"),
}


@pytest.mark.parametrize("number", [BIG, "7"])
@pytest.mark.parametrize("case", CASES)
def test_a_json_table_that_is_no_records_is_refused_by_its_layout(tmp_path, case, number):
    name, text, words = CASES[case]
    path = tmp_path / name
    path.write_text(text.format(n=number))
    with pytest.raises(DataFileError, match=f"cannot read {name}: ") as caught:
        read_table(path)
    assert words in str(caught.value)
    assert "sequence" not in str(caught.value) and "iterable" not in str(caught.value)


@pytest.mark.parametrize("number", [BIG, "7"])
def test_records_and_columns_are_read_as_before(tmp_path, number):
    (tmp_path / "r.jsonl").write_text(f'{{"y":1,"p":0,"g":{number}}}\n\n{{"y":0,"p":1,"g":3}}\n')
    (tmp_path / "c.json").write_text(f'{{"y":[1,0],"p":[0,1],"g":[{number},3]}}')
    for name in ("r.jsonl", "c.json"):
        frame = read_table(tmp_path / name)
        assert list(frame.columns) == ["y", "p", "g"] and frame["g"].tolist() == [int(number), 3]
