"""A JSON table whose every column is named by a number ("0", "1", "2": what df.to_json writes
for a frame without column names; JSON lines alike) had its names read as the integers 0, 1, 2
(pandas' convert_axes), so '--y-true 0' was refused as "column '0' not found ... writes '0' with
other Unicode code points ... use one of its columns: '0', '1', '2'" and no role could be named;
the CSV of the same table is audited. JSON keys are now kept as written, on every JSON read."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.io import read_table

ROWS = [{"0": i % 2, "1": i // 2 % 2, "2": "ab"[i % 3 == 0]} for i in range(60)]
TEXTS = {
    "d.json": json.dumps(ROWS),
    "d.jsonl": "\n".join(json.dumps(r) for r in ROWS),
    "c.json": json.dumps({k: [r[k] for r in ROWS] for k in ROWS[0]}),
    "i.json": json.dumps({k: {str(i): r[k] for i, r in enumerate(ROWS)} for k in ROWS[0]}),
    "z.json": json.dumps([{"01": r["0"], "1.0": r["1"], "2": r["2"]} for r in ROWS]),
}


@pytest.mark.parametrize("name", TEXTS)
def test_numbered_keys_stay_the_column_names(tmp_path, name):
    path = tmp_path / name
    path.write_text(TEXTS[name])
    frame = read_table(path)
    assert all(isinstance(c, str) for c in frame.columns) and len(frame) == 60
    assert list(frame.columns) == (["01", "1.0", "2"] if name == "z.json" else ["0", "1", "2"])


@pytest.mark.parametrize("name", ["d.json", "d.csv"])
def test_the_audit_names_them_as_the_csv_s(tmp_path, name):
    path = tmp_path / name
    text = "0,1,2\n" + "".join(f"{r['0']},{r['1']},{r['2']}\n" for r in ROWS)
    path.write_text(TEXTS["d.json"] if name.endswith(".json") else text)
    argv = ["audit", str(path), "--y-true", "0", "--y-pred", "1", "--protected", "2"]
    assert main([*argv, "--engine", "pandas", "--json", str(tmp_path / "r.json")]) == 0
    report = json.loads((tmp_path / "r.json").read_text())
    assert [(g["group"], g["n"]) for g in report["attributes"][0]["groups"]] == [
        ("a", 40),
        ("b", 20),
    ]
