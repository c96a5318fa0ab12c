"""Round 20: a state given twice is refused naming it (its people would be loaded twice, into
both the training and the test split), and every code is recorded upper case."""

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "states,named",
    [
        (["CO", "CO"], "state CO given"),
        (["co", " CO "], "state CO given"),
        ("ne,co,co", "state CO given"),
        (["NE", "co", "ne", "CO"], "states CO, NE given"),
    ],
)
def test_a_repeated_state_is_refused_naming_it(states, named):
    with pytest.raises(EthicLensInputError, match=f"{named} more than once.*list each state once"):
        datasets.load_acs_income(states)


def test_an_empty_state_code_is_refused():
    with pytest.raises(EthicLensInputError, match="a state code is empty.*e.g. CO,NE"):
        datasets.load_acs_income(["CO", " "])


def test_a_string_of_states_is_split_at_commas_and_upper_cased():
    assert datasets.acs_states("ne, co") == ["CO", "NE"]
    assert datasets.acs_states(["co"]) == ["CO"]
    assert datasets.load_acs_income("co,ne").provenance["states"] == ["CO", "NE"]


@pytest.mark.parametrize("states", ["CO,CO", "ne,co,co", "CO,co"])
def test_the_cli_refuses_a_repeated_state_in_one_line(states, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code = main(["audit", "acs-income", "--states", states, "--n-boot", "100", "--json", "a.json"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1, err
    assert "'--states': state CO given more than once" in err
    assert not (tmp_path / "a.json").exists()


def test_a_config_with_a_repeated_state_is_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.yaml").write_text(
        'version: 1\ntarget:\n  dataset: acs-income\n  states: "co, co"\n'
    )
    code = main(["audit", "--config", "c.yaml", "--n-boot", "100"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "'target.states': state CO given more than once" in err, err
