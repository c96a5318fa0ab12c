"""Round 36: ``ethiclens p2nia experiment --dataset acs-income`` offline showed nothing for
minutes. It loads the shipped CO file (no download is tried); the run is long and its first
task (an AIM fit, run first) takes minutes, and the progress bar appeared only when that task
ended. The bar is now shown, with the task count, before the first task runs."""

from ethiclens.experiments import ExperimentConfig, _p2nia_experiment, run_experiment


def test_the_experiment_shows_its_progress_before_the_first_task_ends(monkeypatch):
    events = []

    def task(task, models=()):
        events.append(("task", task["mechanism"]))
        return []

    monkeypatch.setattr(_p2nia_experiment, "run_task", task)  # no model fitted, no data read
    grid = dict(models="rf", mechanisms="grr", repetitions=2, sizes="250", epsilons="")
    cfg = ExperimentConfig.from_options("acs-income", metric_epsilons="", **grid)
    run_experiment(cfg, workers=1, progress=lambda done, total: events.append((done, total)))
    assert events == [(0, 2), ("task", "grr"), (1, 2), ("task", "grr"), (2, 2)]
