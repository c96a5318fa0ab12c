"""Review of the JSON repeated-key refusal (round 32): a key repeated inside a record's value
(a nested object, a columnar table's rows) was refused as "column 'x'" (x no column of the
table); it names the record's key that holds it (the column) and the key repeated. Nested lists,
NaN/Infinity tokens, a BOM and gzip keep their behaviour."""

import gzip

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_table

NESTED = '{"g": "a", "y": 1}\n{"g": "b", "y": 0, "meta": {"x": 1, "x": 2}}\n'
COLUMNAR = '{"g": {"0": "a", "1": "b", "1": "c"}, "y": {"0": 1, "1": 0}}'


@pytest.mark.parametrize(
    ("name", "text", "column", "key", "line"),
    [("n.jsonl", NESTED, "meta", "x", 2), ("c.json", COLUMNAR, "g", "1", 1)],
)
def test_a_key_repeated_in_a_value_names_the_column_holding_it(
    tmp_path, name, text, column, key, line
):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EthicLensInputError) as info:
        read_table(path)
    message = str(info.value)
    assert message.startswith(f"column {column!r}: {name} line {line} gives the key {key!r}")
    assert "twice" in message and "column 'x'" not in message


@pytest.mark.parametrize(
    "text",
    [
        '[{"g": "a", "y": NaN}, {"g": "b", "y": Infinity}]',
        '\ufeff[{"g": "a", "y": 1, "v": [{"k": 1}]}, {"g": "b", "y": 0, "v": []}]',
        '{"g": ["a", "b"], "y": [1, 0]}',
    ],
)
def test_legitimate_json_is_read(tmp_path, text):
    path = tmp_path / "ok.json.gz"
    path.write_bytes(gzip.compress(text.encode()))
    assert len(read_table(path)) == 2
