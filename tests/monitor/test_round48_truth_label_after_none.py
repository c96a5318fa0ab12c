"""Round 48 (leftover 1 of the review of 5d7cf2f6): a store started without --pos-label on
true/false label columns refused a later 'ethiclens monitor --pos-label True' ("was written
by another request: --pos-label not given there, 'True' here"), though the audit counts the
two alike there (True is the positive value of true/false labels). Such a store remembered
no label values to tell its labels' kind, so that run now counts the TARGET by the text:
true/false labels are taken as the store's request (the same windows as a run without it),
0/1 labels, where the audit refuses the text 'True', stay another request."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor

from .conftest import run_cli

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


def _feed(path, labels, days):
    n = 24 * days
    pd.DataFrame(
        {
            "ts": pd.date_range("2024-01-01", periods=n, freq="h").strftime("%Y-%m-%dT%H:%M:%SZ"),
            "g": ["a", "b", "a"] * (n // 3),
            "y": [labels[i % 2] for i in range(n)],
            "p": [labels[i % 3 == 0] for i in range(n)],
        }
    ).to_csv(path, index=False)


def _start(capsys, tmp_path, face, store):
    if face == "python":
        roles = dict(y_true="y", y_pred="p", protected=("g",), min_group_size=1)
        request = MonitorRequest(str(tmp_path / "f.csv"), time="ts", window="1d", **roles)
        run_monitor(request, store, warn=False)
        return
    args = [tmp_path / "f.csv", *ROLES]
    assert _cli(capsys, args, store) == (0, "")


def _cli(capsys, args, store, *more):
    opts = ["--time", "ts", "--window", "1d", "--min-group-size", "1", "--store", store]
    return run_cli(capsys, "monitor", *args, *opts, *more)[::2]


def _windows(store):
    with sqlite3.connect(store) as con:  # (not the run that added each)
        return con.execute('SELECT "window", rows, status, counts FROM windows').fetchall()


@pytest.mark.parametrize("face", ["flag", "python"])
def test_pos_label_true_after_none_on_truth_labels_is_the_same_request(tmp_path, capsys, face):
    store, control = tmp_path / "s.sqlite", tmp_path / "control.sqlite"
    _feed(tmp_path / "f.csv", [False, True], days=1)
    _start(capsys, tmp_path, face, store)
    _feed(tmp_path / "f.csv", [False, True], days=2)  # a new window to count
    target = [tmp_path / "f.csv", *ROLES]
    assert _cli(capsys, target, store, "--pos-label", "True") == (0, "")
    assert _cli(capsys, target, control) == (0, "")
    assert _windows(store) == _windows(control)  # counted as without it
    rc, err = _cli(capsys, target, store, "--pos-label", "False")  # (another positive value)
    assert rc == 2 and "another request" in err, err


def test_pos_label_true_after_none_on_zero_one_labels_stays_another_request(tmp_path, capsys):
    _feed(tmp_path / "f.csv", [0, 1], days=1)
    store = tmp_path / "s.sqlite"
    _start(capsys, tmp_path, "flag", store)
    rc, err = _cli(capsys, [tmp_path / "f.csv", *ROLES], store, "--pos-label", "True")
    assert rc == 2 and "was written by another request: --pos-label not given there" in err, err
