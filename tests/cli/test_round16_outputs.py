"""Round 16: --save-config is kept when the PDF fails (every finished output is kept); report
names follow one rule on every command."""

import pytest

from ethiclens.cli import main


def test_a_failed_pdf_keeps_the_saved_config(tmp_path, capsys, monkeypatch):
    fake = tmp_path / "chrome"  # answers --version (checked first), fails to print
    fake.write_text('#!/bin/sh\n[ "$1" = --version ] && exit 0\nexit 1\n')
    fake.chmod(0o755)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(fake))
    saved, report = tmp_path / "s.yaml", tmp_path / "s.json"
    argv = ["audit", "compas", "--n-boot", "100", "--save-config", str(saved)]
    assert main([*argv, "--json", str(report), "--pdf", str(tmp_path / "s.pdf")]) == 2
    err = capsys.readouterr().err
    assert "error: option '--pdf': the PDF renderer failed" in err
    assert saved.exists() and report.exists()
    assert "dataset: compas" in saved.read_text()


def test_a_missing_baseline_in_a_config_names_both_faces_not_a_mangled_flag(tmp_path, capsys):
    config = tmp_path / "c.yaml"
    config.write_text(f"target: {{dataset: compas}}\ngate: {{baseline: {tmp_path / 'x.json'}}}\n")
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'gate.baseline': file ")
    assert err.endswith(
        "Fix: give the path of a JSON report of an audit (--json on the command line, "
        "outputs.json in a config file)\n"
    )


@pytest.mark.parametrize("command", ["audit", "compare"])
@pytest.mark.parametrize(
    ("flag", "name", "said"),
    [("--json", "out.txt", "the JSON report's name must end in .json"),
     ("--html", "out.txt", "the HTML report's name must end in .html")],
)  # fmt: skip
def test_report_names_follow_one_rule_on_every_command(tmp_path, capsys, command, flag, name, said):
    assert main([command, "compas", "--n-boot", "100", flag, str(tmp_path / name)]) == 2
    assert capsys.readouterr().err.startswith(f"error: option '{flag}': {said}")
    assert not (tmp_path / name).exists()


def test_an_htm_page_is_an_html_report_on_p2nia_too(tmp_path):
    from ethiclens.p2nia import check_command_outputs

    suffixes = {"--html": (".html", "the HTML report")}
    assert check_command_outputs({"--html": str(tmp_path / "e.htm")}, suffixes=suffixes) is False
