"""Round 25: small refusals named as the user gave them (a config file's empty target, a spec
file with a slip given to run(), an HTML report's two accepted suffixes)."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def test_a_config_file_with_an_empty_target_names_its_key(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "f.yaml").write_text("target:\n")
    assert main(["audit", "--config", "f.yaml"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "error: key 'target': nothing to audit. Fix: name a dataset or a file, or "
        "target.db/target.counts"
    ), err


def test_without_a_config_file_no_target_is_still_the_argument(capsys):
    assert main(["audit"]) == 2
    assert "argument 'TARGET': nothing to audit" in capsys.readouterr().err


@pytest.mark.parametrize(
    "text", ['{"target": {"file": "a.csv"},}', '{"version": 1, "target": null, }']
)
def test_run_given_a_spec_file_with_a_slip_gives_its_parse_error(tmp_path, text):
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(EthicLensInputError, match=r"argument 'spec': cannot parse broken\.json"):
        ethiclens.run(str(path))


def test_run_still_reads_a_lenient_json_table_with_a_target_column(tmp_path):
    path = tmp_path / "d.json"
    path.write_text('{"target": [1, 0], "p": [1, 0],}')  # pandas reads it: data, not a spec
    missing = r"argument 'protected': column 's' not found in .*d\.json"
    with pytest.raises(EthicLensInputError, match=missing):
        ethiclens.run(str(path), y_pred="p", protected=["s"])


def test_run_given_a_toml_file_refuses_it_as_config_does(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text("a = 1\n")
    with pytest.raises(EthicLensInputError, match="argument 'spec': x.toml is not a YAML or JSON"):
        ethiclens.run(str(path))


def test_an_html_report_name_says_both_accepted_suffixes(capsys):
    assert main(["audit", "compas", "--html", "x.txt"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "error: option '--html': the HTML report's name must end in .html or .htm "
        "(value: 'x.txt'). Fix: e.g. --html x.html"
    ), err
