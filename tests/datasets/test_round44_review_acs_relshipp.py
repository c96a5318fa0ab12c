"""Round 44 review of 3f3b1837: a real ACS person file of 2019 or later (the Census Bureau
replaced RELP by RELSHIPP) was refused as 'no ACS person file'. Since round 45 such a year is
refused before anything is downloaded (test_round45_acs_year_refused); a file of 2019 on found
in the folder of an earlier year (placed by hand) is still refused saying why."""

from pathlib import Path

import pytest

import ethiclens.report  # noqa: F401  (what the CLI's audit imports: collected, not timed)
import ethiclens.sources  # noqa: F401
from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError

from .test_round44_acs_person_file import ROWS

REAL_2019 = ROWS.rename(columns={"RELP": "RELSHIPP"}).assign(RELSHIPP=[20, 21, 20])


def test_a_2019_person_file_is_refused_naming_relshipp(tmp_path):
    def fetch(state_dir, state, year):
        REAL_2019.to_csv(Path(state_dir) / "psam_p06.csv", index=False)

    with pytest.raises(DataFileError, match="replaced RELP by RELSHIPP") as info:
        datasets.load_acs_income("CA", 2017, download=True, cache_dir=tmp_path, fetch=fetch)
    assert "psam_p06.csv" in str(info.value) and "is no ACS person file" not in str(info.value)
    assert info.value.column == "RELP"
    assert "2014 to 2018" in info.value.fix and "delete" in info.value.fix


def test_the_cli_says_so_with_exit_2(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "acs" / "2017" / "1-Year"
    folder.mkdir(parents=True)
    REAL_2019.to_csv(folder / "psam_p06.csv", index=False)
    monkeypatch.setenv("ETHICLENS_CACHE", str(tmp_path))
    assert main(["audit", "acs-income", "--states", "CA", "--year", "2017"]) == 2
    err = capsys.readouterr().err
    assert "RELSHIPP" in err and "psam_p06.csv" in err and "Traceback" not in err
