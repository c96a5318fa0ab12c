"""Round 44: a cached ACS person file that is no person file (an error page a download saved,
a file of other columns, a column of text, a person without a sex or race code) was a KeyError
traceback (CLI too) or a person counted in no protected group; it is refused naming the file,
the column and the fix."""

from pathlib import Path

import pandas as pd
import pytest

import ethiclens.report  # noqa: F401  (what the CLI's audit imports: collected, not timed)
import ethiclens.sources  # noqa: F401
from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError

ROWS = pd.DataFrame(
    {
        "AGEP": [30, 40, 50],
        "COW": [1, 2, 3],
        "SCHL": [16, 21, 22],
        "MAR": [1, 5, 1],
        "OCCP": [10, 20, 40],
        "POBP": [6, 6, 36],
        "RELP": [0, 1, 0],
        "WKHP": [40, 35, 50],
        "SEX": [1, 2, 2],
        "RAC1P": [1, 2, 6],
        "PINCP": [60000, 20000, 90000],
        "PWGTP": [10, 5, 8],
    }
)


def _with(column, value):
    rows = ROWS.astype(object)
    rows.loc[1, column] = value
    return rows.to_csv(index=False)


CASES = {
    "error page": ("<html><body>Not Found</body></html>\n", "lacks the column.*AGEP", None),
    "other columns": ("AGEP,COW\n30,1\n", "lacks the column.*SCHL.*PINCP", None),
    "text age": (_with("AGEP", "abc"), "AGEP is not a number", "AGEP"),
    "no sex": (_with("SEX", None), "SEX is no SEX code", "SEX"),
    "race 0": (_with("RAC1P", 0), "RAC1P is no RAC1P code", "RAC1P"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_person_file_that_is_none_is_refused_naming_it(tmp_path, case):
    text, words, column = CASES[case]

    def fetch(state_dir, state, year):
        (Path(state_dir) / "psam_p06.csv").write_text(text)

    with pytest.raises(DataFileError, match=words) as info:
        datasets.load_acs_income("CA", 2017, download=True, cache_dir=tmp_path, fetch=fetch)
    assert "psam_p06.csv" in str(info.value) and "delete" in info.value.fix
    assert info.value.column == column


def test_a_good_person_file_still_loads(tmp_path):
    folder = tmp_path / "2017" / "1-Year"
    folder.mkdir(parents=True)
    ROWS.to_csv(folder / "psam_p06.csv", index=False)
    ds = datasets.load_acs_income("CA", 2017, cache_dir=tmp_path)
    assert list(ds.protected["SEX"]) == ["Male", "Female", "Female"]
    assert list(ds.label) == [1, 0, 1]


def test_the_cli_refuses_it_with_exit_2(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "acs" / "2017" / "1-Year"
    folder.mkdir(parents=True)
    (folder / "psam_p06.csv").write_text(CASES["error page"][0])
    monkeypatch.setenv("ETHICLENS_CACHE", str(tmp_path))
    assert main(["audit", "acs-income", "--states", "CA", "--year", "2017"]) == 2
    err = capsys.readouterr().err
    assert "psam_p06.csv" in err and "Traceback" not in err and "lacks the column" in err
