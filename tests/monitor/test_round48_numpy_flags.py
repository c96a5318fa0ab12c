"""monitor_spec's flags given numpy numbers (np.int64 from a frame, np.float32 from an array):
read as the numbers they hold, as the audit reads them, never numpy's 'truth value of an empty
array is ambiguous' from comparing a flag with () (round 48)."""

import numpy as np
import pytest

from ethiclens.monitor import config_keys_named, monitor_spec


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("ts,y,p,g\n2024-01-01,1,1,a\n2024-01-01,0,1,b\n")
    return str(path)


@pytest.mark.parametrize(
    "extra, key, expected",
    [
        ({"min_group_size": np.int64(30)}, "min_group_size", 30),
        ({"n_boot": np.int32(500)}, "n_boot", 500),
        ({"di_threshold": np.float64(0.75)}, "di_threshold", 0.75),
    ],
)
def test_a_numpy_number_flag_is_read_as_its_number(data, extra, key, expected):
    flags = {"y_pred": "p", "y_true": "y", "protected": ["g"], **extra}
    spec = monitor_spec(data, None, flags)
    assert getattr(spec.policy, key) == expected
    assert type(getattr(spec.policy, key)) is type(expected)


def test_the_config_key_namer_takes_numpy_flags_too():
    with config_keys_named({"min_group_size": np.int64(30)}, None):
        pass
