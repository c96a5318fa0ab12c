"""Round 46 review (the engines hunter's open item): a data path with a folder named like a
URL's user and password ('u:hunter2@h/d.csv') was audited; the JSON report masked it in
data.provenance.dataset but wrote run.spec.target.file (and --save-config the target) in full,
the report disagreeing with itself and writing the password. Such a path is now refused on every
engine and face before anything is read or written, naming it masked, fix: rename the folder."""

from __future__ import annotations

import pytest

import ethiclens.io as eio
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROWS = "y,p,g,t\n" + "".join(
    f"{i % 2},{i // 2 % 2},{'ab'[i % 2]},2024-01-0{1 + i % 3}\n" for i in range(40)
)
SAID = "looks like a user and password before an '@'"


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "u:hunter2@h" / "d.csv"
    path.parent.mkdir()
    path.write_text(ROWS)
    return path


@pytest.mark.parametrize("face", ["pandas", "duckdb", "counts", "monitor", "config"])
def test_every_face_refuses_the_path_and_writes_nothing(tmp_path, data, capsys, face):
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    out = ["--json", str(tmp_path / "r.json")]
    args = {
        "pandas": ["audit", str(data), *roles, "--engine", "pandas", *out],
        "duckdb": ["audit", str(data), *roles, "--engine", "duckdb", *out],
        "counts": ["counts", str(data), *roles, "--out", str(tmp_path / "r.csv")],
        "monitor": ["monitor", str(data), "--time", "t", "--window", "1d", *roles, *out]
        + ["--store", str(tmp_path / "r.sqlite")],
        "config": ["audit", "--config", str(tmp_path / "c.yaml"), *out],
    }[face]
    (tmp_path / "c.yaml").write_text(
        f"target: {{file: '{data}'}}\nroles: {{y_true: y, y_pred: p, protected: [g]}}\n"
    )
    assert main(args) == 2
    said = capsys.readouterr()
    assert SAID in said.err and "u:***@h" in said.err and "hunter2" not in said.err + said.out
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("r.")]


def test_the_python_reader_refuses_it_and_a_plain_at_or_colon_is_kept(tmp_path, data):
    with pytest.raises(EthicLensInputError, match=SAID):
        eio.read_table(data)
    for name in ("john@corp", "a:b", "v2=final"):
        path = tmp_path / name / "d.csv"
        path.parent.mkdir()
        path.write_text(ROWS)
        assert eio.read_table(path).shape == (40, 4)
