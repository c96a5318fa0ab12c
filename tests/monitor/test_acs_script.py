"""scripts/monitor_acs_income.py at a small size: few short streams leave medians with no
stream to take; they are undefined (shown as such, JSON null), never a crash or NaN."""

import importlib.util
import json
import math
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("acs", ROOT / "scripts/monitor_acs_income.py")
    acs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(acs)
    return acs


def _strict(constant):
    raise AssertionError(f"{constant} in the JSON: undefined must be null")


def test_main_at_two_short_streams_reports_undefined_medians(tmp_path, capsys):
    pytest.importorskip("sklearn")
    out = tmp_path / "acs.json"
    # the tester's size: the shift's step (400) is the horizon, and on equal opportunity no
    # stream is rejected by both the loop and the per-window test
    _script().main(["--streams", "2", "--horizon", "400", "--json", str(out)])
    printed = capsys.readouterr().out
    assert "nan" not in printed.lower()
    assert "median undefined: no stream rejected by both" in printed
    result = json.loads(out.read_text(), parse_constant=_strict)
    eo = result["equal_opportunity"]
    assert eo["real"]["ours_point_null_w10"]["median_difference"] is None
    # no step after the shift: its delay is undefined, not 0
    assert all(s["median_delay_after_shift"] is None for s in eo["shift"].values())


def test_later_share_is_undefined_when_the_loop_never_rejected():
    import numpy as np

    from ethiclens.monitor._replay import later_than_loop

    acs = _script()
    # the loop rejected no stream (-1: never): a share of no streams is undefined, not 0
    ours = later_than_loop(np.array([250, -1]), np.array([-1, -1]), 10)
    assert math.isnan(ours["later_by_more_than_one_window"])
    clean = acs.undefined_as_null({"eo": {"real": {"ours_point_null_w10": ours}}})
    ours = clean["eo"]["real"]["ours_point_null_w10"]
    assert ours["later_by_more_than_one_window"] is None and ours["median_difference"] is None
    assert acs._later(ours) == "undefined (the loop rejected no stream)"
