"""Round 45: 'ethiclens p2nia experiment' kept every finished task's rows in memory until the
whole grid ended, so an interrupt (Ctrl-C, SIGTERM) or a failed task lost the finished cells
of a long grid. Each finished task's rows are now appended to <out>/<dataset>-rows.partial.csv
as it ends (run_experiment(keep_in=out)); the rows CSV replaces it once written; a partial
file already there is refused, never overwritten."""

import pandas as pd
import pytest

import ethiclens.experiments
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import _executors
from ethiclens.experiments import _p2nia_experiment as exp
from ethiclens.experiments import _p2nia_figures as figures

KEYS = ("dataset", "model", "rep", "mechanism", "epsilon")


class _StopsAfter:
    """An executor whose run is interrupted (Ctrl-C) after ``n`` finished tasks."""

    def __init__(self, n):
        self.n = n

    def map_unordered(self, fn, tasks):
        for i, task in enumerate(list(tasks)):
            if i == self.n:
                raise KeyboardInterrupt
            yield fn(task)

    def close(self):
        pass


def _fake_task(task, models=()):
    return [
        {**{k: task[k] for k in KEYS}, "n": n, "metric": "dp", "estimate": 0.1, "abs_error": 0.0}
        for n in task["sizes"]
    ]


def _cfg():
    return exp.ExperimentConfig(
        models=("rf",), repetitions=3, mechanisms=("blackbox",),
        sizes=(250, 500), epsilons=(), metric_epsilons=(),
    )  # fmt: skip


@pytest.fixture
def stops_after_2(monkeypatch):
    monkeypatch.setattr(exp, "run_task", _fake_task)
    monkeypatch.setattr(_executors, "make_executor", lambda *a, **k: _StopsAfter(2))


def test_an_interrupt_keeps_the_finished_tasks_rows(stops_after_2, tmp_path):
    cfg = _cfg()
    with pytest.raises(KeyboardInterrupt) as err:
        exp.run_experiment(cfg, keep_in=tmp_path)
    kept = pd.read_csv(tmp_path / "adult-rows.partial.csv")
    expected = [row for task in exp.tasks_for(cfg)[:2] for row in _fake_task(task)]
    assert kept.to_dict("records") == expected
    assert "the rows of 2 of 3 tasks are kept in" in err.value.__notes__[0]
    with pytest.raises(EthicLensInputError) as again:  # never overwritten by a second run
        exp.run_experiment(cfg, keep_in=tmp_path)
    assert again.value.column == "keep_in" and "interrupted experiment" in again.value.problem
    assert pd.read_csv(tmp_path / "adult-rows.partial.csv").to_dict("records") == expected


def test_cli_says_where_and_written_outputs_remove_it(stops_after_2, tmp_path, capsys):
    args = ["p2nia", "experiment", "--models", "rf", "--mechanisms", "blackbox"]
    args += ["--repetitions", "3", "--sizes", "250,500", "--epsilons", "1", "--out"]
    assert main([*args, str(tmp_path)]) == 130
    said = capsys.readouterr()  # the note where the command's other notes go, then 'aborted'
    assert "note: the rows of 2 of 3 tasks are kept in" in said.out, said
    assert "adult-rows.partial.csv" in said.out and said.err.strip() == "aborted"
    assert main([*args, str(tmp_path)]) == 2  # refused, named as the flag
    assert "option '--out'" in capsys.readouterr().err
    (tmp_path / "adult-rows.partial.csv").unlink()


def test_a_finished_run_leaves_only_the_rows_csv(monkeypatch, tmp_path):
    monkeypatch.setattr(exp, "run_task", _fake_task)
    frame = exp.run_experiment(_cfg(), workers=1, keep_in=tmp_path)
    assert len(pd.read_csv(tmp_path / "adult-rows.partial.csv")) == len(frame) == 6
    monkeypatch.setattr(figures, "_figure_writers", lambda *a: [])  # the rows CSV alone
    monkeypatch.setattr(figures, "_write_overview", lambda *a: None)
    monkeypatch.setattr(figures, "write_tables", lambda *a: None)
    ethiclens.experiments.write_experiment_outputs(frame, tmp_path, "adult")
    assert (tmp_path / "adult-rows.csv").exists()
    assert not (tmp_path / "adult-rows.partial.csv").exists()
