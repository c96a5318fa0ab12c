"""Round 47 (engines, known item b): a data path holding a secret key's value without an '@'
(password=hunter2/d.csv, pwd=x/d.csv) was audited and written in clear in run.spec.target.file
and --save-config (the report's provenance masked it, 'password=***'). Such a path is now refused
as round 46 refuses 'u:pw@h/d.csv', by the masking rule that hides it in every message: on every
engine and face that writes a run's spec, before anything is written. read_table's path (and the
web's picker, which shows it masked) writes no spec and still opens it; a hive folder that names
no secret (token_count=3) is kept."""

from __future__ import annotations

import pytest

import ethiclens.io as eio
from ethiclens.cli import main

ROWS = "y,p,g,t\n" + "".join(
    f"{i % 2},{i // 2 % 2},{'ab'[i % 2]},2024-01-0{1 + i % 3}\n" for i in range(40)
)
SAID = "names a secret's value"


@pytest.fixture(params=["password=hunter2", "pwd=hunter2"])
def data(request, tmp_path):
    path = tmp_path / request.param / "d.csv"
    path.parent.mkdir()
    path.write_text(ROWS)
    return path


@pytest.mark.parametrize("face", ["pandas", "duckdb", "counts", "monitor", "config"])
def test_every_face_refuses_the_path_and_writes_nothing(tmp_path, data, capsys, face):
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    out = ["--json", str(tmp_path / "r.json")]
    args = {
        "pandas": ["audit", str(data), *roles, "--engine", "pandas", *out],
        "duckdb": ["audit", str(data), *roles, "--engine", "duckdb", *out]
        + ["--save-config", str(tmp_path / "r.yaml")],
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
    assert SAID in said.err and "=***'" in said.err and "hunter2" not in said.err + said.out
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("r.")]


def test_read_table_opens_it_and_a_plain_hive_folder_is_audited(tmp_path, data, capsys):
    assert eio.read_table(data).shape == (40, 4)
    kept = tmp_path / "token_count=3" / "d.csv"
    kept.parent.mkdir()
    kept.write_text(ROWS)
    assert main(["audit", str(kept), "--y-true", "y", "--y-pred", "p", "--protected", "g"]) == 0
