"""Round 20: `datasets info` says what PCER's two groups of an attribute hold."""

import json

from ethiclens.cli import main


def test_info_names_what_pcer_s_other_group_holds(capsys):
    assert main(["datasets", "info", "compas"]) == 0
    info = json.loads(capsys.readouterr().out)
    said = info["pcer"]["groups"]["race"]
    assert "African-American = the race value(s) 'African-American'" in said
    assert "Other = every other value of race" in said
    assert "pcer" not in json.dumps({k: v for k, v in info.items() if k != "pcer"})
