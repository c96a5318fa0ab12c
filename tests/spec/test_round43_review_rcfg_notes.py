"""Round 43 review (rcfg), known item: a flag giving the value the config file already gives,
in another shape ('--y-pred a' over 'y_pred: a', '--protected g' over 'protected: g' or
'{g: null}'), printed a false note "--y-pred a overrides roles.y_pred = a"; a value that
differs is still said."""

import pytest

from ethiclens.cli import main
from ethiclens.spec import layered_spec

ROLES = "roles: {y_true: y, y_pred: a, protected: g}\n"


@pytest.mark.parametrize(
    ("file_roles", "updates"),
    [
        ("{y_pred: a}", {"roles.y_pred": ["a"]}),
        ("{y_pred: [a]}", {"roles.y_pred": "a"}),
        ("{protected: g}", {"roles.protected": ["g"]}),
        ("{protected: {g: null}}", {"roles.protected": ["g"]}),
        ("{y_pred: [a, b]}", {"roles.y_pred": ("a", "b")}),
    ],
)
def test_the_same_value_in_another_shape_is_no_override(tmp_path, file_roles, updates):
    config = tmp_path / "c.yaml"
    config.write_text(f"target: {{file: d.csv}}\nroles: {file_roles}\n")
    by = {path: "--" + path.split(".")[1].replace("_", "-") for path in updates}
    _, notes = layered_spec(config, updates, by)
    assert notes == []


def test_another_value_is_still_said(tmp_path):
    config = tmp_path / "c.yaml"
    config.write_text("target: {file: d.csv}\nroles: {y_pred: a, protected: {g: x}}\n")
    updates = {"roles.y_pred": ["b"], "roles.protected": ["g=z"]}
    _, notes = layered_spec(config, updates, {p: "--flag" for p in updates})
    assert len(notes) == 2 and "roles.y_pred = a" in notes[0]
    assert "overrides roles.protected" in notes[1]


@pytest.mark.parametrize("command", ["audit", "counts"])
def test_no_false_note_on_the_command_line(tmp_path, monkeypatch, capsys, command):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,a,g\n0,1,x\n1,0,y\n1,1,x\n0,0,y\n")
    (tmp_path / "c.yaml").write_text("target: {file: d.csv}\n" + ROLES)
    out = ["--json", "r.json"] if command == "audit" else ["--out", "t.csv"]
    args = [command, "--config", "c.yaml", "--y-pred", "a", "--protected", "g", *out]
    assert main(args) == 0
    assert "note:" not in capsys.readouterr().err
