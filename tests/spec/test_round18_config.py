"""Round 18: a YAML config that does not parse is refused with the problem and its place."""

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize(
    "text, said",
    [
        (
            "version: 1\ntarget: {file: preds.csv\nroles: {}\n",
            "expected ',' or '}', but got ':' at line 3, column 6 (while parsing a flow mapping)",
        ),
        (
            "version: 1\ntarget:\n\tfile: x.csv\n",
            "found character '\\t' that cannot start any token at line 3, column 1",
        ),
        (
            "version: 1\ntarget:\n  file: x.csv\n bad: 1\n",
            "but found '<block mapping start>' at line 4, column 2",
        ),
    ],
    ids=["unclosed-brace", "tab", "indentation"],
)
def test_a_yaml_syntax_error_names_its_line_and_column(tmp_path, capsys, text, said):
    config = tmp_path / "c.yaml"
    config.write_text(text)
    out = tmp_path / "out.json"
    assert main(["audit", "--config", str(config), "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert said in err, err
    assert err.count("\n") == 1 and not out.exists()
    if "\t" in text:
        assert "Fix: indent with spaces" in err


@pytest.mark.parametrize(
    "lines, said",
    [
        ("policy.n_boot: 500", "nest it (policy: {n_boot: ...})"),
        ("outputs:\n  report: r.html", "did you mean 'outputs.html'?"),
        ("policy:\n  random_seed: 3", "did you mean 'policy.seed'?"),
    ],
)
def test_an_unknown_key_is_told_the_key_meant(tmp_path, capsys, lines, said):
    config = tmp_path / "c.yaml"
    config.write_text(f"version: 1\ntarget:\n  dataset: german\n{lines}\n")
    assert main(["audit", "--config", str(config)]) == 2
    assert said in capsys.readouterr().err
