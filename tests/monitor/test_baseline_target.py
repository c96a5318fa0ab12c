"""``--baseline-target``: a baseline from a separate file, folder or glob."""

import json
import sqlite3

import pandas as pd
import pytest

from ethiclens._jsonschema import validate
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor

from .conftest import FLAGS, SCHEMA
from .conftest import request_of as _req
from .conftest import run_cli as _cli
from .test_weight import _uneven, _with_weight

BASE_TESTS = ("baseline_disparate_impact", "baseline_equalized_odds")


def _copy(files, folder):
    folder.mkdir()
    for f in files:
        (folder / f.name).write_bytes(f.read_bytes())
    return folder


def _split(tmp_path, whole, k):
    """The first ``k`` daily files (the baseline) and the others (the target)."""
    files = sorted(whole.glob("*.csv"))
    return _copy(files[:k], tmp_path / "base"), _copy(files[k:], tmp_path / "after")


def _baseline_history(comparison, since=0):
    """Per window from ``since``: the baseline band and the baseline tests' e-values."""
    return [
        (h["baseline"], {t: h["tests"][t] for t in BASE_TESTS})
        for h in comparison["history"][since:]
    ]


@pytest.mark.parametrize(
    "window, weighted", [("1d", False), ("400", False), ("1d", True)], ids=["days", "rows", "wt"]
)
def test_a_baseline_file_of_the_first_k_days_equals_baseline_windows_k(
    tmp_path, days, window, weighted
):
    whole = days(tmp_path / "whole", range(14), change_day=6)
    kw = dict(window=window, **({"weight": "wt"} if weighted else {}))
    if weighted:
        _with_weight(whole, _uneven)
    base, after = _split(tmp_path, whole, 4)
    by_k = run_monitor(_req(whole, baseline_windows=4, **kw), tmp_path / "k.sqlite").data
    by_file = run_monitor(_req(after, baseline_target=str(base), **kw), tmp_path / "f.sqlite").data
    validate(by_file, SCHEMA)
    assert by_file["request"]["baseline_target"] == str(base)
    assert by_file["run"]["baseline_target"]["rows"] == 1600
    pairs = [(c["attribute"], c["group"]) for c in by_k["comparisons"]]
    assert pairs == [(c["attribute"], c["group"]) for c in by_file["comparisons"]]
    for k_side, f_side in zip(by_k["comparisons"], by_file["comparisons"], strict=True):
        # tested from the target's first window, with the bands of --baseline-windows 4; the
        # last row window ends on the newest time, so it is held (round 45: rows of that time
        # may still come)
        assert len(f_side["history"]) == (9 if window == "400" else 10)
        assert _baseline_history(f_side) == _baseline_history(k_side, since=4)
        for test in BASE_TESTS:
            assert "baseline target" in f_side["tests"][test]["null"]
            assert f_side["tests"][test]["e_value"] == k_side["tests"][test]["e_value"]
    black = next(c for c in by_file["comparisons"] if c["group"] == "Black")
    assert black["tests"]["baseline_disparate_impact"]["alarm"]


def test_a_baseline_target_in_pieces_equals_one_run(tmp_path, days):
    whole = days(tmp_path / "whole", range(10), change_day=6)
    base, after = _split(tmp_path, whole, 4)
    one = run_monitor(_req(after, baseline_target=str(base)), tmp_path / "one.sqlite").data
    store = tmp_path / "pieces.sqlite"
    for cut in (2, 6):
        part = _copy(sorted(after.glob("*.csv"))[:cut], tmp_path / f"p{cut}")
        last = run_monitor(_req(part, baseline_target=str(base)), store).data
    assert last["comparisons"] == one["comparisons"]
    # the same rows elsewhere are the same baseline (bound by its counts, not its path)
    moved = _copy(sorted(base.glob("*.csv")), tmp_path / "moved")
    again = run_monitor(_req(after, baseline_target=str(moved)), store).data
    assert again["run"]["already_seen"] == 6 and again["comparisons"] == one["comparisons"]
    # what the web app reads back
    read = read_store(store)
    assert read["request"]["baseline_target"] == str(base)
    assert [c["tests"] for c in read["comparisons"]] == [c["tests"] for c in one["comparisons"]]


def test_another_baseline_is_refused(tmp_path, days, capsys):
    whole = days(tmp_path / "whole", range(8), change_day=6)
    base, after = _split(tmp_path, whole, 4)
    other = _copy(sorted(base.glob("*.csv"))[:3], tmp_path / "other")
    store = tmp_path / "s.sqlite"
    argv = ["monitor", after, *FLAGS, "--protected", "race=White", "--store", store]
    assert _cli(capsys, *argv, "--baseline-target", base)[0] == 0
    rc, _, err = _cli(capsys, *argv, "--baseline-target", other)
    line = err.strip()
    assert rc == 2 and "\n" not in line, err
    assert "option '--baseline-target'" in line and "another baseline" in line, line
    assert "1,600 rows" in line and "1,200 rows" in line and "Fix:" in line, line
    rc, _, err = _cli(capsys, *argv)
    assert rc == 2 and f"--baseline-target '{base}' there, not given here" in err, err
    plain = tmp_path / "plain.sqlite"
    argv[-1] = plain
    assert _cli(capsys, *argv)[0] == 0
    rc, _, err = _cli(capsys, *argv, "--baseline-target", base)
    assert rc == 2 and f"--baseline-target not given there, '{base}' here" in err, err


@pytest.mark.parametrize(
    "extra, given",
    [(["--baseline-windows", "3"], "--baseline-windows"),
     (["--baseline-period", "2024-03-01..2024-03-02"], "--baseline-period")],
)  # fmt: skip
def test_a_baseline_target_with_baseline_windows_is_refused(tmp_path, days, capsys, extra, given):
    data = days(tmp_path / "data", range(3))
    argv = ["monitor", data, *FLAGS, "--protected", "race", "--baseline-target", data, *extra]
    rc, _, err = _cli(capsys, *argv, "--store", tmp_path / "s.sqlite")
    line = err.strip()
    assert rc == 2 and "\n" not in line and "not both" in line and given in line, err
    assert "option '--baseline-target'" in line, line
    with pytest.raises(EthicLensInputError, match="not both"):
        _req(data, baseline_target=str(data), baseline_windows=2)


def test_a_bad_baseline_target_is_refused_as_a_target(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(3))
    bad = tmp_path / "bad.csv"
    pd.read_csv(data / "day000.csv").drop(columns="label").to_csv(bad, index=False)
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race",
                      "--baseline-target", bad, "--store", tmp_path / "s.sqlite")  # fmt: skip
    assert rc == 2 and "--baseline-target" in err and "column 'label'" in err, err
    assert "bad.csv" in err and "of the baseline" in err


def test_a_database_target_with_a_baseline_file(tmp_path, days, capsys):
    whole = days(tmp_path / "whole", range(8), change_day=5)
    base, after = _split(tmp_path, whole, 3)
    frame = pd.concat([pd.read_csv(f) for f in sorted(after.glob("*.csv"))], ignore_index=True)
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("preds", con, index=False)
    files = run_monitor(_req(after, baseline_target=str(base)), tmp_path / "f.sqlite").data
    request = MonitorRequest(
        target="db", db=f"sqlite:///{db}", table="preds", time="ts", window="1d", y_pred="pred",
        y_true="label", protected=("race=White",), baseline_target=str(base),
    )  # fmt: skip
    database = run_monitor(request, tmp_path / "d.sqlite").data
    assert files["comparisons"] == database["comparisons"]
    out = tmp_path / "cli.json"
    rc, _, err = _cli(capsys, "monitor", "--db", f"sqlite:///{db}", "--table", "preds", *FLAGS,
                      "--protected", "race=White", "--baseline-target", base,
                      "--store", tmp_path / "c.sqlite", "--json", out)  # fmt: skip
    assert rc == 0, err
    assert json.loads(out.read_text())["comparisons"] == files["comparisons"]
