"""A JSON table was read by pandas' defaults: numbers by a fast parser that is off in the last
digit (0.3 read as 0.30000000000000004: the group '0.30000000000000004', a value 1.36 put below
a bin edge of 1.36), text retyped (the groups "01"/"02" became 1/2, a column named ``date``
became timestamps '2020-01-01 00:00:00'), and a UTF-8 byte-order mark refused in pandas' words
('Expected object or value'). Its values are now read as JSON types them, as a CSV copy's are:
numbers exactly, text as text (as a Parquet string), a byte-order mark ignored."""

import json

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--n-boot", "100"]


def _rows(n=320, **columns):
    return [
        {"y": i % 2, "p": i // 2 % 2, **{k: v[i // 4 % len(v)] for k, v in columns.items()}}
        for i in range(n)
    ]


def _groups(tmp_path, name, text, *flags):
    path, out = tmp_path / name, tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    assert main(["audit", str(path), *ROLES, *flags, "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    return {a["name"]: {g["group"]: g["n"] for g in a["groups"]} for a in report["attributes"]}


@pytest.mark.parametrize("lines", [False, True])
def test_json_values_are_read_as_written_like_their_csv_copy(tmp_path, lines):
    rows = _rows(
        g=[0.3, 0.7], a=[1.36, 2.5, 0.5, 1.0], c=["01", "02"], date=["2020-01-01", "2021-06-30"]
    )
    text = "\n".join(map(json.dumps, rows)) if lines else json.dumps(rows)
    csv = "y,p,g,a,c,date\n" + "".join(
        f"{r['y']},{r['p']},{r['g']},{r['a']},{r['c']},{r['date']}\n" for r in rows
    )
    flags = ["--protected", "g", "--protected", "a", "--bins", "a=0,1.36,5"]
    flags += ["--protected", "c", "--protected", "date"]
    got = _groups(tmp_path, "d.jsonl" if lines else "d.json", text, *flags)
    assert got == _groups(tmp_path, "d.csv", csv, *flags)
    assert got["g"] == {"0.3": 160, "0.7": 160} and got["a"]["[1.36, 5]"] == 160
    assert set(got["c"]) == {"01", "02"} and set(got["date"]) == {"2020-01-01", "2021-06-30"}


def test_a_byte_order_mark_is_ignored_as_in_a_csv(tmp_path):
    text = "\ufeff" + json.dumps(_rows(g=["a", "b"]))
    assert _groups(tmp_path, "bom.json", text, "--protected", "g") == {"g": {"a": 160, "b": 160}}
