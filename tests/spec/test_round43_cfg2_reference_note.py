"""Round 43 (cfg2), known item 3: a config file's reference group (protected: {g: x}) and the
same one on top (--protected g=x) printed a false note that the flag overrides the file."""

import pytest

from ethiclens.cli import main
from ethiclens.spec import layered_spec


@pytest.mark.parametrize(
    ("file_protected", "flags", "noted"),
    [
        ("{g: x}", ["g=x"], False),
        ("{g: 1}", ["g=1"], False),
        ('{g: " x"}', ['g=" x"'], False),
        ("{g: x, h: null}", ["g=x", "h"], False),
        ("{g: x}", ["g=y"], True),
        ('{g: " x"}', ["g=x"], True),  # the file keeps the space, the flag strips it
        ("{g: x}", ["g"], True),
    ],
)
def test_a_reference_given_twice_alike_is_no_override(tmp_path, file_protected, flags, noted):
    config = tmp_path / "c.yaml"
    config.write_text(f"target: {{file: d.csv}}\nroles: {{protected: {file_protected}}}\n")
    _, notes = layered_spec(config, {"roles.protected": flags}, {"roles.protected": "--protected"})
    assert bool(notes) is noted


def test_no_false_note_on_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("y,a,g\n0,1,x\n1,0,y\n1,1,x\n0,0,y\n")
    (tmp_path / "c.yaml").write_text(
        "target: {file: d.csv}\nroles: {y_true: y, y_pred: a, protected: {g: x}}\n"
    )
    assert main(["audit", "--config", "c.yaml", "--protected", "g=x", "--json", "r.json"]) == 0
    assert "note:" not in capsys.readouterr().err
