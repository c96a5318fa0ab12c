"""Round 46: "this store was written by another request" shows each differing value as the
face that gave it writes it: on the command line as its flag is typed (``--exclude-group not
given there, race=Asian here``, was the Python repr ``{'race': ['Asian']}``), a config file's key
in YAML (``groups.exclude … {race: [Asian]}``), a Python caller's repr."""

from __future__ import annotations

import pytest
import yaml

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import run_monitor

from .conftest import request_of, run_cli

BASE = ("--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "race")


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    from .conftest import write_days

    tmp_path = tmp_path_factory.mktemp("stored")  # one store: each run below is refused
    data = write_days(tmp_path / "data", range(2), n=60)
    store = tmp_path / "m.sqlite"
    run_monitor(request_of(data, y_true=None, protected=("race",), n_draws=100), store)
    return data, store


def test_the_command_line_shows_values_as_typed(capsys, stored):
    data, store = stored
    edits = ("--exclude-group", "race=Asian", "--exclude-group", "race=Black")
    merge = ("--merge-groups", "race=Asian,Black:Other one", "--intersect", "race,g")
    argv = ("monitor", data, *BASE, "--store", store, "--n-boot", "100", *edits, *merge)
    rc, _, err = run_cli(capsys, *argv, "--protected", "g")
    assert rc == 2 and "was written by another request" in err, err
    assert "--protected race there, race and g here" in err, err
    assert "--exclude-group not given there, race=Asian and race=Black here" in err, err
    assert "--merge-groups not given there, 'race=Asian,Black:Other one' here" in err, err
    assert "--intersect not given there, race,g here" in err and "[" not in err, err


def test_a_config_key_shows_yaml_and_python_its_repr(tmp_path, capsys, stored):
    data, store = stored
    config = tmp_path / "c.yaml"
    roles = {"y_pred": "pred", "protected": ["race", "g"]}
    config.write_text(yaml.safe_dump({"roles": roles, "groups": {"exclude": {"race": ["Asian"]}}}))
    argv = ("monitor", data, "--config", config, "--time", "ts", "--window", "1d", "--n-boot")
    rc, _, err = run_cli(capsys, *argv, "100", "--store", store, "--intersect", "race,g")
    assert rc == 2 and "groups.exclude not given there, {race: [Asian]} here" in err, err
    assert "roles.protected [race] there, [race, g] here" in err, err
    assert "--intersect not given there, race,g here" in err, err
    request = request_of(data, y_true=None, protected=("race",), exclude_groups={"race": ["Asian"]})
    with pytest.raises(EthicLensInputError) as err:
        run_monitor(request, store)
    assert "exclude_groups not given there, {'race': ['Asian']} here" in str(err.value)


def test_a_config_value_shows_unicode_as_written_and_escapes_a_line_break(tmp_path, capsys, stored):
    # yaml.safe_dump wrote "Ethnicit\xE9", and folded 'a\nb' over lines of the refusal
    data, store = stored
    config = tmp_path / "c.yaml"
    exclude = {"race": ["Ethnicité", "a\nb"]}
    roles = {"y_pred": "pred", "protected": ["race"]}
    config.write_text(yaml.safe_dump({"roles": roles, "groups": {"exclude": exclude}}))
    argv = ("monitor", data, "--config", config, "--time", "ts", "--window", "1d", "--n-boot")
    rc, _, err = run_cli(capsys, *argv, "100", "--store", store)
    assert rc == 2 and 'groups.exclude not given there, {race: [Ethnicité, "a\\nb"]} here' in err
    tab = ("--exclude-group", "race=A\tB", "--exclude-group", "race=Ethnicité")
    rc, _, err = run_cli(capsys, "monitor", data, *BASE, "--store", store, "--n-boot", "100", *tab)
    assert rc == 2 and "not given there, 'race=A\\tB' and 'race=Ethnicité' here" in err, err
