"""Round 46: "this store was written by another request" names each differing setting in the
words of the face that gave it: the command line's flags (``--n-boot 200 there, 300 here``,
was the Python field ``n_draws``), a config file's keys for a setting that came from it
(``policy.n_boot``), a Python caller's fields (``n_draws``, from ``run_monitor`` and
``read_store_report`` alike)."""

from __future__ import annotations

import pytest
import yaml

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import read_store_report, run_monitor

from .conftest import request_of, run_cli

BASE = ("--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "race")


@pytest.fixture
def stored(tmp_path, days):
    data = days(tmp_path / "data", range(2), n=60)
    store = tmp_path / "m.sqlite"
    run_monitor(request_of(data, y_true=None, protected=("race",), n_draws=100), store)
    return data, store


def test_the_command_line_names_its_flags(tmp_path, capsys, stored):
    data, store = stored
    argv = ("monitor", data, *BASE, "--store", store, "--n-boot", "120", "--exclude-group")
    rc, _, err = run_cli(capsys, *argv, "race=Asian", "--min-group-size", "5")
    assert rc == 2 and "was written by another request" in err, err
    assert "--n-boot 100 there, 120 here" in err and "n_draws" not in err, err
    assert "--exclude-group not given there" in err and "exclude_groups" not in err, err
    assert "--min-group-size 100 there, 5 here" in err and "min_group_size" not in err, err


def test_a_config_file_names_its_keys_and_the_flags_given(tmp_path, capsys, stored):
    data, store = stored
    config = tmp_path / "c.yaml"
    roles = {"y_pred": "pred", "protected": ["race"]}
    config.write_text(yaml.safe_dump({"roles": roles, "policy": {"n_boot": 120}}))
    argv = ("monitor", data, "--config", config, "--time", "ts", "--window", "1d")
    rc, _, err = run_cli(capsys, *argv, "--store", store, "--min-group-size", "5")
    assert rc == 2 and "policy.n_boot 100 there, 120 here" in err, err
    assert "--min-group-size 100 there, 5 here" in err and "n_draws" not in err, err


def test_python_names_the_request_fields(stored):
    data, store = stored
    request = request_of(data, y_true=None, protected=("race",), n_draws=120)
    for call in (lambda: run_monitor(request, store), lambda: read_store_report(store, request)):
        with pytest.raises(EthicLensInputError) as err:
            call()
        assert "n_draws 100 there, 120 here" in str(err.value) and "--n-boot" not in str(err.value)
