"""Round 45 (review of 5956db96): run_experiment(keep_in=folder) checked its folder only when
the first task ended: a folder that did not exist raised FileNotFoundError (a file there
NotADirectoryError) after that task's work, with a note saying its rows were kept there, and
keep_in='' wrote into the working folder. The folder is now made (or refused as the argument)
before any task runs, and the note counts only the tasks whose rows were written."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import _p2nia_experiment as exp

KEYS = ("dataset", "model", "rep", "mechanism", "epsilon")
RAN = []


def _fake_task(task, models=()):
    RAN.append(task["rep"])
    return [{**{k: task[k] for k in KEYS}, "n": n, "metric": "dp"} for n in task["sizes"]]


def _cfg():
    return exp.ExperimentConfig(
        models=("rf",), repetitions=2, mechanisms=("blackbox",),
        sizes=(250,), epsilons=(), metric_epsilons=(),
    )  # fmt: skip


@pytest.fixture(autouse=True)
def fake_tasks(monkeypatch):
    RAN.clear()
    monkeypatch.setattr(exp, "run_task", _fake_task)


def test_a_missing_folder_is_made(tmp_path):
    folder = tmp_path / "a" / "b"
    exp.run_experiment(_cfg(), workers=1, keep_in=folder)
    assert len(pd.read_csv(folder / "adult-rows.partial.csv")) == 2


@pytest.mark.parametrize("bad", ["file", ""])
def test_a_file_or_blank_is_refused_before_any_task(tmp_path, bad):
    (tmp_path / "file").write_text("x")
    keep_in = str(tmp_path / bad) if bad else bad
    with pytest.raises(EthicLensInputError) as err:
        exp.run_experiment(_cfg(), workers=1, keep_in=keep_in)
    assert err.value.column == "keep_in" and err.value.kind == "argument"
    assert RAN == []


def test_the_note_counts_only_written_rows(tmp_path, monkeypatch):
    calls = []

    def fsync(fd):
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(exp.os, "fsync", fsync)
    with pytest.raises(OSError) as err:
        exp.run_experiment(_cfg(), workers=1, keep_in=tmp_path)
    assert err.value.__notes__ == [
        f"the rows of 1 of 2 tasks are kept in {tmp_path / 'adult-rows.partial.csv'}"
    ]
