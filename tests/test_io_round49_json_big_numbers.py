"""A JSON table holding a number valid in JSON but past pandas' JSON parser (ujson): a whole
number outside int64/uint64 (a 21-digit group id, -2**63 - 1) or a float past a double's range
(1e400) was refused as unreadable ("cannot read d.json: Value is too big! at position 22. Fix: a
JSON table is a list of records ..."), though it is one; the same values in a CSV are audited
(the id a group of its digits, 1e400 refused as a score of inf). Such a file is now read by
Python's json: the id exact, 1e400 inf, on .json, .jsonl, the columnar form and gzip alike; a
whole number past the digits Python converts is refused naming the file, shortened."""

import gzip
import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import DataFileError
from ethiclens.io import read_table

BIG = 10**20
ROWS = [{"y": i % 2, "p": i // 2 % 2, "g": BIG + (i % 3 == 0)} for i in range(60)]


def _write(tmp_path, name, rows=ROWS):
    if name.startswith("c"):  # the columnar form {column: [values]}
        text = json.dumps({k: [r[k] for r in rows] for k in rows[0]})
    elif ".jsonl" in name:
        text = "\n".join(json.dumps(r) for r in rows) + "\n\n"
    else:
        text = json.dumps(rows)
    path = tmp_path / name
    if name.endswith(".gz"):
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["d.json", "d.jsonl", "c.json", "d.json.gz", "d.jsonl.gz"])
def test_a_number_past_int64_is_read_exactly(tmp_path, name):
    frame = read_table(_write(tmp_path, name))
    assert list(frame.columns) == ["y", "p", "g"] and len(frame) == 60
    assert frame["g"].tolist() == [r["g"] for r in ROWS]
    assert frame["y"].tolist() == [r["y"] for r in ROWS]


def test_a_number_below_int64_is_read_exactly(tmp_path):
    rows = [dict(r, g=-(2**63) - (r["g"] == BIG)) for r in ROWS]
    assert read_table(_write(tmp_path, "d.json", rows))["g"].tolist() == [r["g"] for r in rows]


@pytest.mark.parametrize("name", ["d.json", "d.csv"])
def test_the_audit_counts_the_json_as_the_csv_of_the_same_rows(tmp_path, name):
    path = _write(tmp_path, name) if name.endswith(".json") else tmp_path / name
    if name.endswith(".csv"):
        path.write_text("y,p,g\n" + "".join(f"{r['y']},{r['p']},{r['g']}\n" for r in ROWS))
    argv = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--engine", "pandas"]
    assert main(["audit", str(path), *argv, "--json", str(tmp_path / "r.json")]) == 0
    report = json.loads((tmp_path / "r.json").read_text())
    groups = [(g["group"], g["n"]) for g in report["attributes"][0]["groups"]]
    assert groups == [(str(BIG), 40), (str(BIG + 1), 20)]


def test_a_float_past_a_double_is_read_as_inf_and_refused_as_a_score(tmp_path, capsys):
    path = tmp_path / "d.json"
    path.write_text(json.dumps([dict(r, s=0.5) for r in ROWS]).replace("0.5", "1e400", 1))
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--y-score", "s", "--json", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert "scores must lie in [0, 1]" in err and "(value: inf)" in err
    assert "cannot read" not in err and not (tmp_path / "r.json").exists()


@pytest.mark.parametrize("sign", ["", "-"])
def test_a_whole_number_past_pythons_digits_is_refused_shortened(tmp_path, sign):
    path = tmp_path / "d.json"
    path.write_text(
        '[{"y": 1, "p": 0, "g": 100000000000000000000}, {"y": 0, "p": 1, "g": '
        + sign
        + "7" * 5000
        + "}]"
    )
    with pytest.raises(DataFileError) as info:
        read_table(path)
    text = str(info.value)
    assert "d.json" in text and f"{sign}777777777777…777777 (5,000 digits)" in text
    assert "set_int_max_str_digits" not in text and len(text) < 300
