"""Round 45: an ACS year of 2019 on was accepted (check_year: 2014 to last year) and told to
download, where folktables' ACSIncome task cannot read any file of those years (RELP became
RELSHIPP in 2019; 2020's 1-year survey was never published as standard PUMS): the download
ran, then the file was refused. Every face now refuses such a year first, naming the years
there are and the fix, and nothing is fetched."""

import pytest

import ethiclens
import ethiclens.report  # noqa: F401  (what the CLI's audit imports: collected, not timed)
import ethiclens.sources  # noqa: F401
from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("year", [2019, 2020, 2023, "2021"])
def test_a_year_without_relp_is_refused_before_any_download(tmp_path, year):
    calls = []
    with pytest.raises(EthicLensInputError) as info:
        datasets.load_acs_income(
            "CA", year, download=True, cache_dir=tmp_path, fetch=lambda *a: calls.append(a)
        )
    said = str(info.value)
    assert info.value.column == "year" and "from 2014" in said and "to 2018" in said
    assert "RELSHIPP" in said and "year 2018" in info.value.fix
    assert calls == [] and not any(tmp_path.iterdir())


def test_every_face_refuses_it_in_the_same_words(tmp_path, capsys):
    with pytest.raises(EthicLensInputError) as spec:
        ethiclens.AuditSpec.from_dict({"target": {"dataset": "acs-income", "year": 2019}})
    assert spec.value.column == "target.year"
    config = tmp_path / "c.yaml"
    config.write_text("target:\n  dataset: acs-income\n  year: 2019\n")
    assert main(["audit", "--config", str(config)]) == 2
    from_config = capsys.readouterr().err
    assert main(["audit", "acs-income", "--year", "2019", "--states", "CA", "--download"]) == 2
    cli = capsys.readouterr().err
    assert "key 'target.year'" in from_config and "option '--year'" in cli
    for said in (from_config, cli):
        assert f"{spec.value.problem} (value: 2019). Fix: {spec.value.fix}" in said
        assert "year 2018" in said and "Traceback" not in said


def test_the_years_that_exist_are_still_accepted():
    assert [datasets.check_year(y) for y in (2014, "2016", 2018)] == [2014, 2016, 2018]
