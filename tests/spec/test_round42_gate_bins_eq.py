"""Round 42: ``--bins`` names a column whose own name holds "=" (``a=b=0,25,50``: edges never
hold one, so ATTR ends at the last "="), also when the protected columns come from a config
file's mapping, where the group edits' ATTR is read against those names too."""

from __future__ import annotations

from ethiclens.cli import main
from ethiclens.spec import edit_attributes, flag_value

ROWS = "y_true,y_pred,a=b\n1,1,10\n0,1,20\n1,0,30\n0,0,40\n"


def test_bins_split_at_the_last_equals_sign_whatever_names_are_known():
    for known in (None, set(), {"a"}):
        assert flag_value("bins", ("a=b=0,25,50",), "--bins", known) == {"a=b": [0, 25, 50]}
    assert flag_value("bins", ("age=0,10",), "--bins", None) == {"age": [0, 10]}


def test_a_config_files_protected_mapping_names_the_edits_attributes(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "eq.csv").write_text(ROWS)
    config = tmp_path / "c.yaml"
    config.write_text(
        "target: {file: eq.csv}\nroles: {y_true: y_true, y_pred: y_pred, "
        'protected: {"a=b": null}}\npolicy: {n_boot: 100}\n'
    )
    assert "a=b" in edit_attributes((), str(config))
    assert flag_value("exclude", ("a=b=x=y",), "--exclude-group", {"a=b"}) == {"a=b": ["x=y"]}
    saved = tmp_path / "saved.yaml"
    code = main(
        ["audit", "--config", str(config), "--bins", "a=b=0,25,50", "--save-config", str(saved)]
    )
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "a=b: reference group [0, 25)" in out.out
    assert "a=b:" in saved.read_text()
