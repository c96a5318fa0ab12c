"""A DataFrame's text labels are refused by the monitor as the audit refuses them (round 4):
object and string columns are typed by what they hold, not re-read as CSV text."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor


def _frame(n=240) -> pd.DataFrame:
    r = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "y": r.integers(0, 2, n),
            "p": r.integers(0, 2, n),
            "g": r.choice(["a", "b"], n),
            "t": pd.date_range("2024-01-01", periods=n, freq="h").astype(str),
        }
    )


def _request(frame, **extra):
    return MonitorRequest(
        target=frame, y_true="y", y_pred="p", protected=("g",), time="t", window="1d", **extra
    )


@pytest.mark.parametrize("dtype", [str, "string"])
def test_text_labels_in_a_frame_are_refused_in_the_audits_words(tmp_path, dtype):
    frame = _frame().astype({"y": dtype, "p": dtype})
    with pytest.raises(EthicLensInputError) as by_monitor:
        run_monitor(_request(frame), tmp_path / "m.db")
    with pytest.raises(EthicLensInputError) as by_audit:
        ethiclens.audit(frame["y"], frame["p"], frame[["g"]])
    assert "holds the text values ['0', '1']" in str(by_monitor.value)
    assert str(by_monitor.value).split(": ", 1)[1] == str(by_audit.value).split(": ", 1)[1]


def test_text_labels_with_their_positive_label_count_as_the_numbers(tmp_path):
    numbers = _frame()
    text = numbers.astype({"y": str, "p": str})
    as_text = run_monitor(_request(text, pos_label="1"), tmp_path / "a.db").to_dict()
    as_numbers = run_monitor(_request(numbers), tmp_path / "b.db").to_dict()
    assert as_text["windows"] == as_numbers["windows"]
    assert as_text["comparisons"] == as_numbers["comparisons"]


def test_python_numbers_in_an_object_column_are_numbers(tmp_path):
    numbers = _frame()
    objects = numbers.astype({"y": object, "p": object})
    a = run_monitor(_request(objects), tmp_path / "a.db").to_dict()
    b = run_monitor(_request(numbers), tmp_path / "b.db").to_dict()
    assert a["windows"] == b["windows"]


def test_a_damaged_store_is_refused_in_one_line(tmp_path, capsys):
    from ethiclens.cli import main

    data = tmp_path / "feed.csv"
    _frame().to_csv(data, index=False)
    argv = ["monitor", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    argv += ["--time", "t", "--window", "1d", "--store", str(tmp_path / "s.sqlite")]
    assert main(argv) == 0
    with open(tmp_path / "s.sqlite", "r+b") as fh:
        fh.truncate(5000)
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: option '--store': is damaged (SQLite: ")
    assert "Fix: restore it from a backup" in err and len(err.splitlines()) == 1


def test_a_store_locked_by_another_program_is_busy(tmp_path, capsys, monkeypatch):
    import sqlite3

    from ethiclens.cli import main
    from ethiclens.monitor import _store

    data = tmp_path / "feed.csv"
    _frame().to_csv(data, index=False)
    argv = ["monitor", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    argv += ["--time", "t", "--window", "1d", "--store", str(tmp_path / "s.sqlite")]
    assert main(argv) == 0
    monkeypatch.setattr(_store, "BUSY_TIMEOUT", 0.2)
    holder = sqlite3.connect(tmp_path / "s.sqlite", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        capsys.readouterr()
        assert main(argv) == 2
        assert "'--store': is busy" in capsys.readouterr().err
    finally:
        holder.execute("ROLLBACK")
        holder.close()
