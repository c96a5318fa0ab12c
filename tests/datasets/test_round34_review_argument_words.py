"""Round 34 review: a loader's refusal of a Python call's argument (states, year, features) is
named as an argument, not a column; the CLI (option '--states') and a config file (key
'target.states') keep their own words."""

import pytest

from ethiclens.cli import main
from ethiclens.datasets import get_entry, load_acs_income, load_bios, load_compas
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: load_acs_income(states=None), "^argument 'states': must be state codes"),
        (lambda: load_acs_income(states=[]), "^argument 'states': no state given"),
        (lambda: load_acs_income(states="CO,co"), "^argument 'states': state CO given more"),
        (lambda: load_acs_income(states=["XX"]), "^argument 'states': unknown state code"),
        (lambda: load_acs_income(year=1999), "^argument 'year': the ACS 1-year survey year"),
        (lambda: load_acs_income(features="x"), "^argument 'features': unknown feature set"),
        (lambda: load_compas(features="paperr"), "^argument 'features': unknown feature set"),
        (lambda: load_bios(features="x"), "^argument 'features': unknown feature set"),
        (lambda: get_entry("compas").load(features="z"), "^argument 'features': compas has no"),
    ],
)
def test_python_arguments_named_as_arguments(call, words):
    with pytest.raises(EthicLensInputError, match=words):
        call()


@pytest.mark.parametrize(
    "args, words",
    [
        (["audit", "acs-income", "--states", "XX"], "option '--states': unknown state code"),
        (["audit", "acs-income", "--year", "1999"], "option '--year': the ACS 1-year"),
        (["datasets", "info", "compas", "--features", "z"], "option '--features': compas has"),
    ],
)
def test_cli_keeps_its_flags(args, words, capsys):
    assert main(args) == 2 and words in capsys.readouterr().err


def test_config_file_keeps_its_keys(tmp_path, capsys):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("target:\n  dataset: acs-income\n  states: [XX]\n")
    assert main(["audit", "--config", str(cfg)]) == 2
    assert "key 'target.states': unknown state code" in capsys.readouterr().err
