"""Round 33: an output in a missing folder (or under a file) is refused naming the flag that
gave it, as a folder or a device given as the output is: ``--json nodir/x.json`` said only
"output nodir/x.json: folder nodir does not exist"; a config file's user is told its key."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import check_writable

ARGS = ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize(
    ("flag", "name"),
    [
        ("--json", "x.json"),
        ("--html", "x.html"),
        ("--model-card", "x.md"),
        ("--save-config", "c.yaml"),
    ],
)
def test_a_missing_folder_names_the_flag(flag, name, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n1,0,a\n0,1,b\n", encoding="utf-8")
    assert main([*ARGS, flag, f"nodir/{name}"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"error: option '{flag}': output nodir/{name}: folder nodir does not exist. Fix: "
        "create it first (mkdir -p nodir) or choose another path\n"
    ), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.csv"]


def test_a_file_in_the_way_names_the_flag(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n1,0,a\n0,1,b\n", encoding="utf-8")
    assert main([*ARGS, "--json", "d.csv/x.json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--json': output d.csv/x.json: d.csv is a file"), err


def test_the_config_key_is_named(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,p,g\n1,0,a\n0,1,b\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text(
        "target: {file: d.csv}\nroles: {y_true: y, y_pred: p, protected: [g]}\n"
        "outputs: {json: nodir/x.json}\n",
        encoding="utf-8",
    )
    assert main(["audit", "--config", "c.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'outputs.json': output nodir/x.json: folder nodir"), err


def test_check_writable_keeps_its_old_call_and_takes_a_flag(tmp_path):
    with pytest.raises(EthicLensInputError) as old:
        check_writable(tmp_path / "no" / "x.json")
    assert old.value.column is None
    with pytest.raises(EthicLensInputError) as named:
        check_writable(tmp_path / "no" / "x.json", flag="--out")
    assert named.value.column == "--out"
    assert str(named.value).startswith("option '--out': output ")
    assert check_writable(tmp_path / "x.json", flag="--out") == tmp_path / "x.json"
