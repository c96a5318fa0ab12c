"""Python-API battery: monitor_spec's flags given as no dict (None, a list) or naming no
option ({'a': 1}), and MonitorRequest's protected given as a 0-d array, are refused naming
the argument, never an AttributeError ('get'), a KeyError or numpy's 'iteration over a 0-d
array'."""

import numpy as np
import pytest

from ethiclens import monitor
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize("flags", [None, ["y_pred"], {"a": 1}, {"y_pred": "p", "nope": 1}])
def test_monitor_spec_flags_refused(flags):
    with pytest.raises(EthicLensInputError) as info:
        monitor.monitor_spec(None, None, flags)
    assert info.value.column == "flags"
    assert "argument 'flags'" in str(info.value)


@pytest.mark.parametrize("protected", [np.array(1.0), np.array("g")])
def test_request_protected_0d_refused(protected):
    with pytest.raises(EthicLensInputError) as info:
        monitor.MonitorRequest("x.csv", time="t", window="1d", y_pred="p", protected=protected)
    assert "argument 'protected'" in str(info.value)


def test_request_protected_1d_array_taken():
    r = monitor.MonitorRequest(
        "x.csv", time="t", window="1d", y_pred="p", protected=np.array(["g"])
    )
    assert tuple(r.protected) == ("g",)
