"""A --store whose path begins with a literal '~' (quoted in a shell, or given so in Python) is
read as written, as every other output path (--html, --json) is: the refusal says so and names
the full path to give (round 34 review: its fix read "create ~ first", which would create a
folder named '~' in the working folder)."""

import datetime as dt
import os

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ARGS = ["--time", "t", "--window", "1d", "--y-pred", "p", "--y-true", "y", "--protected", "g=A"]


def _rows(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("t,p,y,g\n2024-01-01T00:00:00Z,1,1,A\n2024-01-01T01:00:00Z,0,1,B\n")
    return str(path)


def test_a_store_under_a_literal_tilde_is_refused_saying_it_is_read_as_written(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    assert main(["monitor", _rows(tmp_path), "--store", "~/s.sqlite", *ARGS]) == 2
    err = capsys.readouterr().err
    assert "option '--store'" in err
    assert "create ~ first" not in err
    assert "read as written, '~' too" in err
    assert os.path.expanduser("~/s.sqlite") in err
    assert not (tmp_path / "~").exists()


def test_the_python_face_says_the_same(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    request = MonitorRequest(
        target=_rows(tmp_path), time="t", window="1d", y_pred="p", y_true="y",
        protected=("g=A",),
    )  # fmt: skip
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, "~/s.sqlite", now=dt.datetime(2024, 2, 1, tzinfo=dt.UTC))
    assert "read as written, '~' too" in str(caught.value)
    assert not (tmp_path / "~").exists()


def test_a_missing_folder_without_a_tilde_keeps_its_words(tmp_path, capsys):
    store = str(tmp_path / "no" / "s.sqlite")
    assert main(["monitor", _rows(tmp_path), "--store", store, *ARGS]) == 2
    assert f"create {tmp_path / 'no'} first" in capsys.readouterr().err


def test_a_store_read_under_a_literal_tilde_says_it_is_read_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from ethiclens.monitor import read_store, read_store_report

    request = MonitorRequest(
        target=_rows(tmp_path), time="t", window="1d", y_pred="p", y_true="y",
        protected=("g=A",),
    )  # fmt: skip
    for read in (lambda: read_store("~/s.sqlite", flag="--monitor-store"),
                 lambda: read_store_report("~/s.sqlite", request)):  # fmt: skip
        with pytest.raises(EthicLensInputError) as caught:
            read()
        assert "is not a file (a monitor store)" in str(caught.value)
        assert "read as written, '~' too" in str(caught.value)
    with pytest.raises(EthicLensInputError, match="run wrote$"):  # no '~': the words as before
        read_store("s.sqlite")
