"""Round 33 (monitor): ``read_store_report`` reads a store and never makes one: a path where
no store is is refused as ``read_store`` refuses it (was: an empty store file created and a
report of nothing returned), and a request that is no ``MonitorRequest`` is refused naming the
argument (was an AttributeError traceback)."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store_report, run_monitor

ROWS = pd.DataFrame(
    {"ts": ["2024-01-01T01:00:00", "2024-01-02T01:00:00"] * 2, "g": list("AABB"), "p": [1, 0] * 2}
)
REQUEST = MonitorRequest(target=ROWS, time="ts", window="1d", y_pred="p", protected=("g",))


def test_no_store_there_is_refused_and_none_is_made(tmp_path):
    path = tmp_path / "nope.sqlite"
    with pytest.raises(EthicLensInputError, match="is not a file \\(a monitor store\\)"):
        read_store_report(str(path), REQUEST)
    assert not path.exists()


@pytest.mark.parametrize("request_", [None, "x", {"time": "ts"}])
def test_a_request_of_another_type_is_refused(tmp_path, request_):
    run_monitor(REQUEST, str(tmp_path / "s.sqlite"))
    with pytest.raises(EthicLensInputError, match="^argument 'request': must be a MonitorRequest"):
        read_store_report(str(tmp_path / "s.sqlite"), request_)


def test_a_store_is_still_reported(tmp_path):
    run_monitor(REQUEST, str(tmp_path / "s.sqlite"))
    report = read_store_report(str(tmp_path / "s.sqlite"), REQUEST).to_dict()
    assert len(report["windows"]) == 2
