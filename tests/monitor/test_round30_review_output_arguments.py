"""Round 30 review: write_monitor_outputs(json_out=... / html_out=...) refuses a path holding a
NUL or of another type naming its own argument, not "argument 'path'" (write_atomic's)."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor, write_monitor_outputs


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    frame = pd.DataFrame(
        {"ts": ["2024-01-01"] * 8, "g": ["A", "B"] * 4, "p": [0, 1, 1, 0, 1, 1, 0, 0]}
    )
    request = MonitorRequest(target=frame, time="ts", window="1d", y_pred="p", protected=("g",))
    return run_monitor(request, tmp_path_factory.mktemp("m") / "s.sqlite")


@pytest.mark.parametrize("path", ["a\x00.json", 5], ids=["nul", "int"])
def test_json_out_is_named(result, path):
    with pytest.raises(EthicLensInputError, match="^argument 'json_out': "):
        write_monitor_outputs(result, json_out=path)


@pytest.mark.parametrize("path", ["a\x00.html", 5], ids=["nul", "int"])
def test_html_out_is_named(result, path):
    written, refusal = write_monitor_outputs(result, html_out=path)
    assert written == [] and str(refusal).startswith("argument 'html_out': "), refusal
