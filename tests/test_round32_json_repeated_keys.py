"""A JSON table whose object gives one key twice ({"g": "a", "y": 1, "g": "b"}) was read with the
last value kept silently (pandas' reader cannot tell): the row counted in group 'b' though the
file also says 'a'. Refused naming the key, the file and the line where the object starts, as a
CSV header naming a column twice is (.json records, .jsonl, the columnar form, gzip too)."""

import gzip
import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_table

ROWS = [{"y": i % 2, "p": i // 2 % 2, "g": "ab"[i // 4 % 2]} for i in range(40)]
BAD = '{"y": 1, "p": 0, "g": "a", "g": "b"}'


def _records(lines):
    good = [json.dumps(r) for r in ROWS]
    if lines:
        return "\n".join([*good[:5], BAD, *good[5:]]) + "\n"
    return "[\n" + ",\n".join([*good[:5], BAD, *good[5:]]) + "\n]"


CASES = {
    "d.json": (_records(False), 7),
    "d.jsonl": (_records(True), 6),
    "c.json": ('{"y": [1, 0], "p": [0, 1],\n "g": ["a", "b"], "g": ["c", "d"]}', 1),
    "n.jsonl": ('{"y": 1, "p": 0, "g": "a"}\n\n{"y": 0, "p": 1, "g": {"k": 1, "k": 2}}\n', 3),
}


def _write(tmp_path, name, text):
    path = tmp_path / name
    if name.endswith(".gz"):
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", [*CASES, "d.json.gz"])
def test_a_key_given_twice_is_refused_naming_it_and_its_line(tmp_path, name):
    text, line = CASES[name.removesuffix(".gz")]
    path = _write(tmp_path, name, text)
    with pytest.raises(EthicLensInputError) as info:
        read_table(path)
    key = "k" if name.startswith("n") else "g"
    assert f"line {line}" in str(info.value) and repr(key) in str(info.value)
    assert name in str(info.value) and "twice" in str(info.value)


@pytest.mark.parametrize("engine", ["auto", "pandas"])
def test_the_command_line_refuses_it_writing_nothing(tmp_path, capsys, engine):
    path, out = _write(tmp_path, "d.json", _records(False)), tmp_path / "r.json"
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--engine", engine, "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert "'g'" in err and "d.json line 7" in err and "Traceback" not in err
    assert not out.exists()


def test_the_same_key_in_two_objects_is_no_repeat(tmp_path):
    path = _write(tmp_path, "ok.jsonl", "\n".join(json.dumps(r) for r in ROWS))
    assert len(read_table(path)) == 40
