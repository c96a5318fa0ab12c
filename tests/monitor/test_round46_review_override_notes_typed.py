"""Round 46 review of 179f3793: the monitor's override note wrote --y-pred as given, but every
repeatable flag still as the parsed value's JSON ('--protected ["race", "age"]', '--bins
{"age": [0.0, 30.0, 100.0]}', '--exclude-group {"race": ["Asian"]}') where the audit writes each
flag as typed ('--protected race --protected age'); and --y-pred's text, no longer JSON, wrote a
line break raw: '--y-pred $'p\\nnote: fake'' printed a fake note line of its own. Each flag is
now written as typed, a control character escaped, as the audit's notes do."""

from __future__ import annotations

import yaml

from ethiclens.monitor import monitor_spec


def _notes(tmp_path, flags):
    config = tmp_path / "c.yaml"
    roles = {"y_pred": "label", "protected": ["g"]}
    groups = {"exclude": {"race": ["Black"]}, "bins": {"age": [0, 40, 100]}}
    config.write_text(yaml.safe_dump({"roles": roles, "groups": groups}))
    notes: list = []
    try:
        monitor_spec(str(tmp_path / "f.csv"), str(config), flags, notes=notes)
    except Exception:  # noqa: BLE001 - the notes are made before the spec is checked
        pass
    return notes, config


def test_repeatable_flags_are_noted_as_typed(tmp_path):
    flags = {"y_pred": "pred", "protected": ("race", "age"), "exclude_groups": ("race=Asian",)}
    notes, config = _notes(tmp_path, flags | {"bins": ("age=0,30,100",)})
    said = "\n".join(notes)
    assert "note: --protected race --protected age overrides roles.protected = " in said, said
    assert "note: --exclude-group race=Asian overrides groups.exclude = " in said, said
    assert "note: --bins age=0,30,100 overrides groups.bins = " in said, said
    assert f"note: --y-pred pred overrides roles.y_pred = label from {config}" in notes, said


def test_a_line_break_in_a_flag_is_escaped(tmp_path):
    notes, _ = _notes(tmp_path, {"y_pred": "pred\nnote: fake", "protected": ("race\nnote: x",)})
    assert notes and all("\n" not in n for n in notes), notes
    assert any(n.startswith("note: --y-pred 'pred\\nnote: fake' overrides") for n in notes), notes


def test_a_line_break_in_the_target_or_db_is_escaped(tmp_path):
    # TARGET and --db replacing a config's target were noted raw: a fake line of their own
    config = tmp_path / "c.yaml"
    roles = {"y_pred": "label", "protected": ["g"]}
    config.write_text(yaml.safe_dump({"roles": roles, "target": {"file": "x.csv"}}))
    for target, flags, said in (
        ("a\nnote: x.csv", {}, "note: TARGET 'a\\nnote: x.csv' overrides target.file"),
        (None, {"db": "sqlite:///d\nnote: y"}, "note: --db 'sqlite:///d\\nnote: y' overrides"),
    ):
        notes: list = []
        try:
            monitor_spec(target, str(config), flags, notes=notes)
        except Exception:  # noqa: BLE001 - the notes are made before the spec is checked
            pass
        assert notes and all("\n" not in n for n in notes), notes
        assert notes[0].startswith(said), notes
    notes = []
    monitor_spec("x.csv", str(config), {}, notes=notes)  # the same file: nothing replaced
    assert notes == [], notes
