"""Round 20: ACS states are recorded as a set (upper case, sorted, each once) by every face, so
the same states are the same request, and a baseline made with CO,NE fits a run with ne,co."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.mark.parametrize("states", [["ne", "CO"], "NE, co", ("co", "ne")])
def test_states_are_recorded_upper_case_and_sorted(states):
    spec = AuditSpec.from_dict({"target": {"dataset": "acs-income", "states": states}})
    assert spec.target.states == ("CO", "NE")
    assert spec.to_dict()["target"]["states"] == ["CO", "NE"]


def test_a_state_given_twice_in_a_config_is_refused_naming_the_key(tmp_path, capsys):
    config = tmp_path / "c.yaml"
    config.write_text('version: 1\ntarget: {dataset: acs-income, states: "co, CO"}\n')
    assert main(["audit", "--config", str(config), "--json", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: key 'target.states': state CO given more than once"), err
    assert not (tmp_path / "o.json").exists()
    with pytest.raises(EthicLensInputError, match="given more than once"):
        AuditSpec.from_dict({"target": {"dataset": "acs-income", "states": ["NE", "ne"]}})


def test_saved_config_of_flags_in_another_order_is_the_same(tmp_path, capsys):
    saved = []
    for i, states in enumerate(["ne,co", "CO,NE"]):
        path = tmp_path / f"s{i}.yaml"
        argv = ["audit", "acs-income", "--states", states, "--save-config", str(path)]
        assert main([*argv, "--n-boot", "100", "--json", str(tmp_path / "o.json")]) == 0
        saved.append(path.read_text())
    capsys.readouterr()
    assert saved[0] == saved[1]
    assert "- CO\n  - NE" in saved[0]
