"""Round 44: the P2NIA experiment's rows came in the order the workers finished their tasks, so
the same config and seeds wrote a differently ordered <dataset>-rows.csv on every parallel run.
They now come in the tasks' order whatever order the tasks finish in."""

from ethiclens.experiments import _executors
from ethiclens.experiments import _p2nia_experiment as exp


class _Reversed:
    """An executor whose tasks finish last first (as parallel workers may)."""

    def map_unordered(self, fn, tasks):
        return reversed([fn(t) for t in list(tasks)])

    def close(self):
        pass


def _fake_task(task, models=()):
    return [
        {**{k: task[k] for k in ("dataset", "model", "rep", "mechanism", "epsilon")}, "n": n}
        for n in task["sizes"]
    ]


def test_rows_come_in_the_tasks_order_whatever_finishes_first(monkeypatch):
    cfg = exp.ExperimentConfig(
        dataset="adult",
        models=("rf",),
        repetitions=2,
        mechanisms=("grr", "blackbox"),
        sizes=(250, 500),
        epsilons=(2.0,),
        metric_epsilons=(),
    )
    monkeypatch.setattr(exp, "run_task", _fake_task)
    monkeypatch.setattr(_executors, "make_executor", lambda *a, **k: _Reversed())
    frame = exp.run_experiment(cfg)
    expected = [row for task in exp.tasks_for(cfg) for row in _fake_task(task)]
    assert frame.to_dict("records") == expected
