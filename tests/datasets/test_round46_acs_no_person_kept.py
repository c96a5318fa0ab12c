"""Round 46: a cached ACS person file of which no person is kept (a header alone, or only
people the ACSIncome filter drops: children, no income, no hours) loaded the state as 0 rows
(a Dataset of 0 rows, base rate NaN; pooled with another state, the state was silently absent).
It is refused naming the file and the fix."""

import pandas as pd
import pytest

import ethiclens.report  # noqa: F401  (what the CLI's audit imports: collected, not timed)
import ethiclens.sources  # noqa: F401
from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError

ROWS = pd.DataFrame(
    {
        "AGEP": [30, 40, 50], "COW": [1, 2, 3], "SCHL": [16, 21, 22], "MAR": [1, 5, 1],
        "OCCP": [10, 20, 40], "POBP": [6, 6, 36], "RELP": [0, 1, 0], "WKHP": [40, 35, 50],
        "SEX": [1, 2, 2], "RAC1P": [1, 2, 6], "PINCP": [60000, 20000, 90000],
        "PWGTP": [10, 5, 8],
    }
)  # fmt: skip


def _cache(tmp_path, people: pd.DataFrame):
    folder = tmp_path / "2017" / "1-Year"
    folder.mkdir(parents=True, exist_ok=True)
    ROWS.to_csv(folder / "psam_p06.csv", index=False)  # CA: a good file
    people.to_csv(folder / "psam_p48.csv", index=False)  # TX
    return folder


CASES = {
    "header only": ROWS.iloc[:0],
    "children only": ROWS.assign(AGEP=10),
    "no income": ROWS.assign(PINCP=0),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("states", [["TX"], ["CA", "TX"]])
def test_a_state_with_no_person_kept_is_refused_naming_its_file(tmp_path, case, states):
    _cache(tmp_path, CASES[case])
    with pytest.raises(DataFileError, match="none of them kept") as info:
        datasets.load_acs_income(states, 2017, cache_dir=tmp_path)
    assert "psam_p48.csv" in str(info.value) and "delete" in info.value.fix


def test_the_states_kept_are_pooled_as_before(tmp_path):
    _cache(tmp_path, ROWS.assign(AGEP=[10, 40, 50]))  # TX keeps two people
    ds = datasets.load_acs_income(["CA", "TX"], 2017, cache_dir=tmp_path)
    assert len(ds) == 5 and list(ds.label) == [1, 0, 1, 0, 1]
    assert list(ds.protected["SEX"]) == ["Male", "Female", "Female", "Female", "Female"]


def test_the_cli_refuses_it_with_exit_2(tmp_path, monkeypatch, capsys):
    _cache(tmp_path / "acs", CASES["header only"])
    monkeypatch.setenv("ETHICLENS_CACHE", str(tmp_path))
    assert main(["audit", "acs-income", "--states", "TX", "--year", "2017"]) == 2
    err = capsys.readouterr().err
    assert "psam_p48.csv" in err and "Traceback" not in err and "none of them kept" in err
