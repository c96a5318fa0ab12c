"""Round 46: a monitor config's ``roles.y_pred: [p, q]`` (a list where one column is meant)
was told "give roles.y_pred once", not what to write; the fix now shows it in the config's
words (``e.g. roles: {y_pred: pred}``), the command line's as ``e.g. --y-pred pred``."""

from __future__ import annotations

import pytest
import yaml

from .conftest import run_cli


def test_a_list_of_prediction_columns_is_told_what_to_write(tmp_path, capsys, days):
    data = days(tmp_path / "data", range(1), n=20)
    config = tmp_path / "c.yaml"
    roles = {"y_pred": ["pred", "label"], "protected": ["race"]}
    config.write_text(yaml.safe_dump({"roles": roles}))
    argv = ("monitor", data, "--config", config, "--time", "ts", "--window", "1d")
    rc, _, err = run_cli(capsys, *argv, "--store", tmp_path / "m.sqlite")
    assert rc == 2 and "key 'roles.y_pred'" in err, err
    assert "e.g. roles: {y_pred: pred}" in err and "--y-pred" not in err, err


def test_python_is_told_what_to_write_for_a_list_of_columns(tmp_path):
    """The same slip from Python (y_pred=['pred', 'label']) was told "e.g. y_pred='...'"."""
    from ethiclens.errors import EthicLensInputError
    from ethiclens.monitor import MonitorRequest

    target = tmp_path / "t.csv"
    target.write_text("ts,pred,label,g\n2024-01-01,1,0,a\n")
    for given, said in (
        ({"y_pred": ["pred", "label"]}, "e.g. y_pred='pred' (one column, not a list: one monitor"),
        ({"y_pred": "pred", "y_true": ("label",)}, "e.g. y_true='label' (one column, not a list)"),
    ):
        with pytest.raises(EthicLensInputError) as err:
            MonitorRequest(target=str(target), time="ts", window="1d", protected=("g",), **given)
        assert said in str(err.value.fix), err.value
