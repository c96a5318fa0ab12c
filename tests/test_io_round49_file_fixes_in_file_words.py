"""Round 49: two refusals of a data file gave their fix in pandas code on the command line, a
config's run and the web: a CSV without a header row ("... add one naming the columns (pandas:
pd.read_csv(path, header=None, names=[...]).to_csv(out, index=False)); else ...": audit,
monitor, a p2nia release's request column) and a JSON table in pandas' split/values layout
("write the table as records: df.to_json(path, orient='records') in pandas ..."). Each is now an
errors.FaceFix: Python keeps the pandas code, the faces that give files say the file's words."""

from __future__ import annotations

import json

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

HEADERLESS = "39,State-gov,77516,1,0\n50,Private,83311,0,1\n38,Private,215646,1,1\n"
FILE_HEADER = "add one naming the columns as its first line (the names in order"
SPLIT = {"columns": ["g", "y", "p"], "index": [0, 1], "data": [["a", 1, 0], ["b", 0, 1]]}
FILE_RECORDS = "write the table as records in the file, a list [{column: value, ...}, ...]"
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _release(tmp_path, data):
    req = ethiclens.p2nia.make_request(10, "g", protected_domain=["a", "b"], epsilon=1)
    (tmp_path / "req.json").write_text(json.dumps(req.to_dict()))
    argv = ["p2nia", "release", "--request", str(tmp_path / "req.json"), "--data", str(data)]
    return [*argv, "--y-true", "39", "--y-pred", "0", "--out", str(tmp_path / "rel")]


def _config(tmp_path, data):
    spec = {"target": {"file": str(data)}, "roles": {"y_true": "y", "y_pred": "p"}}
    spec["roles"]["protected"] = ["g"]
    (tmp_path / "spec.json").write_text(json.dumps(spec))
    return ["audit", "--config", str(tmp_path / "spec.json")]


FACES = {  # the command line's argv for the data file
    "audit": lambda tmp_path, data: ["audit", str(data), *ROLES],
    "config": _config,
    "monitor": lambda tmp_path, data: (
        ["monitor", str(data), "--time", "t", "--window", "1d"]
        + ["--y-pred", "p", "--protected", "g", "--store", str(tmp_path / "s.sqlite")]
    ),
    "release": _release,
}


@pytest.mark.parametrize("face", FACES)
def test_a_headerless_csv_is_told_to_add_a_header_line_in_the_file(tmp_path, capsys, face):
    data = tmp_path / "nohead.csv"
    data.write_text(HEADERLESS)
    capsys.readouterr()
    assert main(FACES[face](tmp_path, data)) == 2
    said = capsys.readouterr().err
    assert "look like a data row" in said and FILE_HEADER in said, said
    assert "pandas" not in said and "read_csv" not in said, said


@pytest.mark.parametrize("face", ["audit", "config"])
def test_a_split_json_is_told_to_write_records_in_the_file(tmp_path, capsys, face):
    data = tmp_path / "split.json"
    data.write_text(json.dumps(SPLIT))
    capsys.readouterr()
    assert main(FACES[face](tmp_path, data)) == 2
    said = capsys.readouterr().err
    assert "'split' layout" in said and FILE_RECORDS in said, said
    assert "in pandas" not in said and "to_json" not in said, said


@pytest.mark.parametrize(
    ("name", "text", "code"),
    [
        ("nohead.csv", HEADERLESS, "(pandas: pd.read_csv(path, header=None, names=[...])"),
        ("split.json", json.dumps(SPLIT), "df.to_json(path, orient='records') in pandas"),
    ],
)
def test_python_keeps_the_pandas_code(tmp_path, name, text, code):
    (tmp_path / name).write_text(text)
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(str(tmp_path / name), y_true="y", y_pred="p", protected="g")
    assert code in caught.value.fix, caught.value.fix
