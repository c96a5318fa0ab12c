"""The 'quote it' fix for a number in a list names the item, not a key "0:" (tester round 10):
following ``0: "2.10"`` or ``relevant: "2.10"`` literally would break the file."""

from ethiclens.cli import main


def _error(capsys, *args) -> str:
    assert main([str(a) for a in args]) == 2
    return capsys.readouterr().err.strip()


def test_a_number_in_a_list_of_groups_is_quoted_where_it_stands(tmp_path, capsys):
    config = tmp_path / "x.yaml"
    config.write_text("version: 1\ntarget: {dataset: compas}\ngroups: {exclude: {race: [2.10]}}\n")
    said = _error(capsys, "audit", "--config", config)
    assert said.endswith(
        'Fix: quote it so it reads as text, not a number or true/false: the list item "2.10"'
    ), said
    assert ' 0: "' not in said


def test_a_json_config_is_not_told_about_yaml(tmp_path, capsys):
    config = tmp_path / "x.json"
    config.write_text('{"version": 1, "target": {"dataset": "compas"}, "model": {"version": 2.5}}')
    said = _error(capsys, "audit", "--config", config)
    assert "YAML" not in said and 'version: "2.5"' in said, said


def test_a_json_number_is_quoted_as_written(tmp_path, capsys):
    """JSON's 2.10 was quoted back as "2.1": the fix must give the text the user wrote."""
    config = tmp_path / "x.json"
    config.write_text('{"version": 1, "target": {"dataset": "compas"}, "model": {"version": 2.10}}')
    said = _error(capsys, "audit", "--config", config)
    assert said.endswith('version: "2.10"'), said
