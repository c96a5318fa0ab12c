"""Round 27: an ACS survey year out of range is refused when the spec is made (Python, a config
file, the command line), naming ``target.year`` (``--year`` on the command line), not only when
the survey loads: a spec holding year 1800 can never be saved or handed to another face."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.mark.parametrize("year", [1800, 2013, 9999])
def test_python_refuses_the_year_when_the_spec_is_made(year):
    with pytest.raises(EthicLensInputError) as exc:
        AuditSpec.from_dict({"target": {"dataset": "acs-income", "year": year}})
    text = str(exc.value)
    assert "key 'target.year'" in text and f"(value: {year})" in text and "2014" in text
    with pytest.raises(EthicLensInputError, match="argument 'year'"):
        AuditSpec.of("acs-income", year=year)


def test_a_valid_year_and_other_targets_are_unchanged():
    assert AuditSpec.from_dict({"target": {"dataset": "acs-income", "year": 2018}}).target.year
    # beside another benchmark the year is refused as unused when the audit runs, as before
    spec = AuditSpec.from_dict({"target": {"dataset": "compas", "year": 1800}})
    assert spec.target.year == 1800


def test_a_config_file_is_refused_before_anything_is_written(tmp_path, capsys):
    config = tmp_path / "a.yaml"
    config.write_text("target:\n  dataset: acs-income\n  year: 1800\n")
    out = tmp_path / "saved.yaml"
    argv = ["audit", "--config", str(config), "--save-config", str(out), "--n-boot", "100"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "key 'target.year'" in err and "(value: 1800)" in err
    assert not out.exists()
