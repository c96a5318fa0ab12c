"""acs_states took any two letters ('ZZ', 'DC') as a state: a spec and --states loaded it, and
only a download (or folktables' own lookup) failed, much later. A code ACS has no file for is
refused where it is given, naming it and the codes there are (shortened); one list of codes
serves datasets and experiments."""

import pytest

from ethiclens import datasets, experiments
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("states", "named"),
    [("ZZ", "code (value: 'ZZ')"), (["co", "dc"], "code (value: 'DC')"), ("ZZ,co,QQ", "codes")],
)
def test_an_unknown_state_code_is_refused_naming_it(states, named):
    with pytest.raises(EthicLensInputError) as info:
        datasets.acs_states(states)
    message = str(info.value)
    assert f"argument 'states': unknown state {named}" in message, message
    assert "(AK, AL, AR, AZ, CA, CO, CT, DE, …, WI, WV, WY; 51 codes)" in message, message


def test_the_config_and_cli_refuse_it_before_loading(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.yaml").write_text("version: 1\ntarget:\n  dataset: acs-income\n  states: zz\n")
    assert main(["audit", "--config", "c.yaml", "--n-boot", "100"]) == 2
    assert "'target.states': unknown state code (value: 'ZZ')" in capsys.readouterr().err
    assert main(["audit", "acs-income", "--states", "CO,ZZ", "--n-boot", "100"]) == 2
    assert "'--states': unknown state code (value: 'ZZ')" in capsys.readouterr().err


def test_known_codes_as_before_and_one_list():
    assert datasets.acs_states("pr, ca,ny") == ["CA", "NY", "PR"]
    assert list(datasets.ACS_STATES) == experiments.ACS_STATES and len(experiments.ACS_STATES) == 51
    try:
        from folktables.load_acs import _STATE_CODES
    except ImportError:
        return
    assert sorted(_STATE_CODES) == sorted(datasets.ACS_STATES)
