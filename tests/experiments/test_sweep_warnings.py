"""A sweep gathers its workers' warnings (the ε out of reach above all: DP-SGD's σ floor spent
less than asked), deduplicated with counts and runs, into its summary's lines and JSON; a grid
file's number that a double rounds to 0 (1e-400) is refused as written, naming key and file."""

import dataclasses
import json
import warnings

import pytest

from ethiclens import privacy
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import RunResult, SweepGrid, load_grid, run_sweep, run_task, tasks_for
from ethiclens.privacy import Trainer
from tests.privacy.test_trainers import _toy_fit

OUT_OF_REACH = "ε = {:g} was asked but ε = 3.5 was spent: DP-SGD's noise σ has a floor (stub)"


def _warning_fit(dataset, *, epsilon, seed, config, data):
    """The toy trainer warning as DP-SGD does when ε is out of reach (above 10 here), and
    another warning in every run."""
    run = _toy_fit(dataset, epsilon=epsilon, seed=seed, config=config, data=data)
    run = dataclasses.replace(run, epsilon_requested=epsilon)
    warnings.warn("stub trainer: a warning of every run", RuntimeWarning, stacklevel=1)
    if epsilon is None or epsilon <= 10:
        return run
    note = OUT_OF_REACH.format(epsilon)
    warnings.warn(note, stacklevel=1)
    return dataclasses.replace(run, epsilon_spent=3.5, notes=[note])


def _batched_fit(dataset, *, epsilon, seeds, config, datas):
    """A batched pass where only seed 1 spends less than asked."""
    runs = []
    for seed, data in zip(seeds, datas, strict=True):
        run = _toy_fit(dataset, epsilon=epsilon, seed=seed, config=config, data=data)
        run = dataclasses.replace(run, epsilon_requested=epsilon)
        if seed == 1:
            note = OUT_OF_REACH.format(epsilon)
            warnings.warn(note, stacklevel=1)
            run = dataclasses.replace(run, notes=[note])
        runs.append(run)
    warnings.warn("stub pass: a warning of the whole pass", RuntimeWarning, stacklevel=1)
    return runs


STUB = Trainer(name="warner", label="the toy trainer, warning (test)", fit=_warning_fit)
BATCHED = Trainer(
    name="warnerpass",
    label="batched warner (test)",
    fit=_batched_fit,
    batched=True,
    seeds_per_task=2,
)
GRID = dict(
    datasets=["compas"], epsilons=[50.0, 1.0], seeds=[0, 1], max_rows=300, train={"batch_size": 64}
)


@pytest.fixture
def stubs():
    privacy.register_trainer(STUB)
    privacy.register_trainer(BATCHED)
    try:
        yield
    finally:
        privacy.unregister_trainer(STUB.name)
        privacy.unregister_trainer(BATCHED.name)


def test_worker_processes_warnings_reach_the_summary(stubs, tmp_path):
    # spawned workers: a warning there was printed (if at all) by a process the user never
    # reads; the summary now names it, its count and its runs
    summary = run_sweep(
        SweepGrid(**GRID, trainer="warner"), tmp_path / "w.sqlite", workers=2, progress=False
    )
    assert summary.completed == 4 and not summary.failed, summary.lines()
    reach = ("UserWarning", OUT_OF_REACH.format(50))
    assert sorted(summary.warnings[reach]) == [("compas", 50.0, 0), ("compas", 50.0, 1)]
    every = ("RuntimeWarning", "stub trainer: a warning of every run")
    assert len(summary.warnings[every]) == 4
    lines = summary.lines()
    assert f"warning in 2 run(s) (compas ε=50 seeds 0, 1): UserWarning: {reach[1]}" in lines
    assert any(
        line.startswith("warning in 4 run(s) (compas ε=1 seeds 0, 1; compas ε=50 seeds 0, 1): ")
        for line in lines
    ), "\n".join(line[:120] for line in lines)
    doc = json.loads(json.dumps(summary.to_dict()))
    found = {w["message"]: w for w in doc["warnings"]}
    assert found[reach[1]]["count"] == 2 and found[reach[1]]["category"] == "UserWarning"
    assert {r["epsilon"] for r in found[reach[1]]["runs"]} == {50.0}
    # a rerun trains nothing and has nothing to warn about
    again = run_sweep(
        SweepGrid(**GRID, trainer="warner"), tmp_path / "w.sqlite", workers=1, progress=False
    )
    assert again.skipped == 4 and not again.warnings


def test_a_batched_pass_gives_a_run_its_own_warning_and_every_run_the_pass_s(stubs):
    grid = SweepGrid(**{**GRID, "epsilons": [50.0]}, trainer="warnerpass")
    (task,) = tasks_for(grid, grid.units())
    results = {r.run.seed: r for r in run_task(task)}
    note = ("UserWarning", OUT_OF_REACH.format(50))
    pass_wide = ("RuntimeWarning", "stub pass: a warning of the whole pass")
    assert results[1].warnings == (note, pass_wide)
    assert results[0].warnings == (pass_wide,)
    # the record's JSON form keeps them
    assert RunResult.from_dict(results[1].to_dict()).warnings == results[1].warnings
    assert RunResult.from_dict({"run": results[0].to_dict()["run"]}).warnings == ()


def test_the_cli_summary_shows_the_warning(stubs, tmp_path, capsys):
    grid = tmp_path / "g.toml"
    grid.write_text('datasets = ["compas"]\nseeds = 1\nmax_rows = 300\n[train]\nbatch_size = 64\n')
    args = ["pcer", "sweep", "--trainer", "warner", "--epsilons", "50", "--grid", str(grid)]
    assert main([*args, "--store", str(tmp_path / "c.sqlite"), "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "warning in 1 run(s) (compas ε=50 seed 0): UserWarning: ε = 50 was asked" in out, out


@pytest.mark.parametrize(
    "suffix, text, key",
    [
        (".toml", 'datasets = ["compas"]\nepsilons = [1e-400, 1.0]\n', "epsilons"),
        (".toml", 'datasets = ["compas"]\n[train]\nmomentum = 1e-400\n', "train.momentum"),
        (".yaml", "datasets: [compas]\ntrain:\n  momentum: 1e-400\n", "train.momentum"),
        (".yml", "datasets: [compas]\nepsilons: [1, 1e-400]\n", "epsilons"),
        (".json", '{"datasets": ["compas"], "train": {"lr": -1e-400}}', "train.lr"),
    ],
)
def test_a_grid_number_that_underflows_is_refused_as_written(tmp_path, capsys, suffix, text, key):
    path = tmp_path / f"grid{suffix}"
    path.write_text(text)
    with pytest.raises(EthicLensInputError) as err:
        load_grid(path)
    message = str(err.value)
    assert message.startswith(f"key '{key}': "), message
    assert "1e-400 underflows to 0" in message and str(path) in message, message
    assert main(["pcer", "sweep", "--grid", str(path), "--store", str(tmp_path / "s.sqlite")]) == 2
    err = capsys.readouterr().err
    assert f"error: key '{key}': " in err and "underflows to 0" in err, err
    assert not (tmp_path / "s.sqlite").exists()


def test_a_grid_s_small_but_representable_numbers_still_load(tmp_path):
    path = tmp_path / "grid.toml"
    path.write_text('datasets = ["compas"]\nepsilons = [0.01, 2.5]\n[train]\nmomentum = 0.0\n')
    grid = load_grid(path)
    assert grid.epsilons == [0.01, 2.5] and grid.train == {"momentum": 0.0}
    # 1e-300 is read as the number it is (not as an underflow) and refused by ε's floor
    path.write_text('datasets = ["compas"]\nepsilons = [1e-300, 2.5]\n')
    with pytest.raises(EthicLensInputError) as info:
        load_grid(path)
    assert "ε = 1e-300 is below 0.01" in str(info.value) and "underflow" not in str(info.value)
