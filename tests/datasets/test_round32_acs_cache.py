"""Round 32: the ACS download cache keeps its checksum promise when its own files are damaged,
when a download dies half-way, and for the survey years (2014-2016) folktables names apart."""

from pathlib import Path

import pandas as pd
import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError

ROWS = pd.DataFrame(
    {
        "AGEP": [30, 40, 15, 50],
        "COW": [1, 2, 1, 3],
        "SCHL": [16, 21, 10, 22],
        "MAR": [1, 5, 5, 1],
        "OCCP": [10, 20, 30, 40],
        "POBP": [6, 6, 6, 36],
        "RELP": [0, 1, 2, 0],
        "WKHP": [40, 35, 20, 50],
        "SEX": [1, 2, 1, 2],
        "RAC1P": [1, 2, 1, 6],
        "PINCP": [60000, 20000, 5000, 90000],
        "PWGTP": [10, 5, 3, 8],
    }
)


def _fetch(name, fail_after_partial=False):
    def fetch(state_dir, state, year):
        path = Path(state_dir) / name
        if fail_after_partial:  # a download killed half-way: part of the file, then an error
            path.write_text(ROWS.to_csv(index=False)[:40])
            raise KeyboardInterrupt
        ROWS.to_csv(path, index=False)

    return fetch


@pytest.mark.parametrize("ledger", ["{bad", "[1, 2]", '{"psam_p06.csv": 7}', ""])
def test_a_damaged_checksums_file_is_refused_naming_it(tmp_path, ledger):
    folder = tmp_path / "2017" / "1-Year"
    folder.mkdir(parents=True)
    (folder / "ethiclens-checksums.json").write_text(ledger)
    ROWS.to_csv(folder / "psam_p06.csv", index=False)
    with pytest.raises(DataFileError, match=r"ethiclens-checksums.json.*damaged") as info:
        datasets.load_acs_income("CA", year=2017, cache_dir=tmp_path)
    assert "delete" in info.value.fix and str(folder) in info.value.fix


def test_a_damaged_checksums_file_on_the_cli_is_exit_2(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "acs" / "2017" / "1-Year"
    folder.mkdir(parents=True)
    (folder / "ethiclens-checksums.json").write_text("{bad")
    monkeypatch.setenv("ETHICLENS_CACHE", str(tmp_path))
    assert main(["audit", "acs-income", "--states", "CA", "--year", "2017"]) == 2
    assert "ethiclens-checksums.json" in capsys.readouterr().err


def test_a_download_killed_half_way_is_not_trusted_later(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        datasets.load_acs_income(
            "CA", year=2017, download=True, cache_dir=tmp_path, fetch=_fetch("psam_p06.csv", True)
        )
    assert not (tmp_path / "2017" / "1-Year" / "psam_p06.csv").exists()
    ds = datasets.load_acs_income(
        "CA", year=2017, download=True, cache_dir=tmp_path, fetch=_fetch("psam_p06.csv")
    )
    assert len(ds) == 3


def test_the_years_folktables_names_apart_are_found(tmp_path):
    # folktables writes 2014-2016 person files as ss16pca.csv, not psam_p06.csv: the download
    # was reported failed ('check the network connection') every time.
    ds = datasets.load_acs_income(
        "CA", year=2016, download=True, cache_dir=tmp_path, fetch=_fetch("ss16pca.csv")
    )
    assert len(ds) == 3 and ds.provenance["files"][0]["file"].endswith("ss16pca.csv")
    again = datasets.load_acs_income("CA", year=2016, cache_dir=tmp_path)
    assert list(again.label) == list(ds.label)
