"""One registry entry per DP-SGD trainer: a toy trainer registered in one place reaches grid
validation, task chunking, the sweep's (spawned) workers, the store and the CLI's choices."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from ethiclens import experiments, privacy
from ethiclens.cli import cli as main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import SweepGrid, open_existing, run_sweep, tasks_for
from ethiclens.privacy import DPTrainingRun, Trainer


def _toy_fit(dataset, *, epsilon, seed, config, data):
    """A non-DP logistic regression (sklearn), one seed at a time."""
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(max_iter=200, random_state=seed).fit(data.X_train, data.y_train)

    def proba_loss(X, y):
        p = np.clip(model.predict_proba(X)[:, 1], 1e-7, 1 - 1e-7)
        return p, -(y * np.log(p) + (1 - y) * np.log(1 - p))

    train_p, train_l = proba_loss(data.X_train, data.y_train)
    test_p, test_l = proba_loss(data.X_test, data.y_test)
    return DPTrainingRun(
        dataset=data.dataset,
        seed=seed,
        epsilon_requested=None,
        epsilon_spent=None,
        noise_multiplier=None,
        sample_rate=1.0,
        accountant=None,
        config=config,
        trainer="toy-logreg",
        wall_time_s=0.0,
        data=data,
        train_proba=train_p,
        test_proba=test_p,
        train_loss=train_l,
        test_loss=test_l,
        model=model,
    )


TOY = Trainer(name="toy", label="a logistic regression without DP (test)", fit=_toy_fit)


@pytest.fixture
def toy():
    privacy.register_trainer(TOY)
    try:
        yield TOY
    finally:
        privacy.unregister_trainer("toy")


def test_builtin_trainers_are_registry_entries():
    assert privacy.trainer_names()[:2] == ["vectorized", "opacus"]
    vec, opa = privacy.get_trainer("vectorized"), privacy.get_trainer("opacus")
    assert vec.batched and vec.seeds_per_task == 10 and vec.resolve() is privacy.train_many
    assert not opa.batched and opa.seeds_per_task == 1 and opa.resolve() is privacy.train_dp_mlp
    assert vec.extra == opa.extra == "dpsgd"
    assert all(privacy.is_builtin_trainer(n) for n in ("vectorized", "opacus"))
    grid = SweepGrid(seeds=25, epsilons=[1.0])
    assert [len(t.seeds) for t in tasks_for(grid, grid.units())] == [10, 10, 5]
    grid = SweepGrid(seeds=3, epsilons=[1.0], trainer="opacus")
    assert [len(t.seeds) for t in tasks_for(grid, grid.units())] == [1, 1, 1]


def test_unknown_trainer_lists_the_registered_ones():
    with pytest.raises(EthicLensInputError, match="unknown trainer") as err:
        SweepGrid(trainer="nope")
    assert "vectorized, opacus" in str(err.value) and "'trainer'" in str(err.value)
    with pytest.raises(EthicLensInputError, match="--trainer"):
        privacy.get_trainer("nope", "--trainer")
    result = CliRunner().invoke(main, ["pcer", "sweep", "--trainer", "nope"])
    assert result.exit_code == 2 and "'nope' is not one of 'vectorized', 'opacus'" in result.output


def test_registration_rules(toy):
    with pytest.raises(EthicLensInputError, match="already registered"):
        privacy.register_trainer(TOY)
    with pytest.raises(EthicLensInputError, match="already registered"):
        privacy.register_trainer(
            Trainer(name="opacus", label="x", fit=_toy_fit), replace=True
        )  # built-ins stay
    with pytest.raises(EthicLensInputError, match="Trainer"):
        privacy.register_trainer("toy")
    with pytest.raises(EthicLensInputError, match="seeds_per_task"):
        Trainer(name="t2", label="x", fit=_toy_fit, seeds_per_task=0)
    with pytest.raises(EthicLensInputError, match="'module:function'"):
        Trainer(name="t2", label="x", fit=42)
    with pytest.raises(EthicLensInputError, match="built-in trainers cannot be unregistered"):
        privacy.unregister_trainer("opacus")
    assert "opacus" in privacy.trainer_names()


def test_a_registered_trainer_runs_a_sweep_in_worker_processes_and_the_cli(toy, tmp_path):
    # Registered in one place (the fixture): the grid accepts it, chunking reads it, the spawned
    # workers receive it with their tasks, the store records its runs, the CLI lists it.
    # 300 rows leave 210 for training: the batch must be below that (checked before any run)
    grid = SweepGrid(
        datasets=["compas"],
        epsilons=[None],
        seeds=[0],
        trainer="toy",
        max_rows=300,
        train={"batch_size": 128},
    )
    assert [t.trainer for t in tasks_for(grid, grid.units())] == ["toy"]
    summary = run_sweep(grid, tmp_path / "toy.sqlite", workers=2, progress=False)
    assert summary.completed == 1 and not summary.failed, summary.lines()
    runs = open_existing(tmp_path / "toy.sqlite").runs()
    assert list(runs.trainer) == ["toy-logreg"] and runs.test_accuracy.iloc[0] > 0.5
    assert set(open_existing(tmp_path / "toy.sqlite").group_stats().attribute) == set(
        experiments.attributes_of("compas")
    )

    help_text = CliRunner().invoke(main, ["pcer", "sweep", "--help"]).output
    assert "[vectorized|opacus|toy]" in help_text and "logistic regression" in help_text
    grid_file = tmp_path / "g.toml"
    grid_file.write_text(
        'datasets = ["compas"]\nepsilons = ["none"]\nseeds = 1\nmax_rows = 300\n'
        'trainer = "opacus"\n[train]\nbatch_size = 128\n'
    )
    result = CliRunner().invoke(
        main,
        [
            "pcer",
            "sweep",
            "--grid",
            str(grid_file),
            "--trainer",
            "toy",
            "--store",
            str(tmp_path / "cli.sqlite"),
            "--workers",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "trainer toy" in result.output
    assert list(open_existing(tmp_path / "cli.sqlite").runs().trainer) == ["toy-logreg"]


def test_an_unregistered_trainer_is_gone(toy):
    privacy.unregister_trainer("toy")
    assert "toy" not in privacy.trainer_names()
    with pytest.raises(EthicLensInputError, match="unknown trainer"):
        SweepGrid(trainer="toy")
    help_text = CliRunner().invoke(main, ["pcer", "sweep", "--help"]).output
    assert "[vectorized|opacus]" in help_text


def test_a_missing_extra_is_named_before_any_store_is_written(monkeypatch, tmp_path):
    import importlib.util

    from ethiclens._optional import MissingExtraError

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "opacus" else real(name, *a)
    )
    grid = SweepGrid(datasets=["compas"], epsilons=[None], seeds=[0], trainer="opacus")
    with pytest.raises(MissingExtraError, match="opacus") as err:
        run_sweep(grid, tmp_path / "s.sqlite", workers=2, progress=False)
    assert "pip install 'ethiclens[dpsgd]'" in str(err.value)
    assert not (tmp_path / "s.sqlite").exists()
    Trainer(name="light", label="x", fit=_toy_fit, extra=None).check_installed()  # no extra


def test_pcer_train_uses_a_registered_trainer(toy, tmp_path):
    out = tmp_path / "run.json"
    args = ["pcer", "train", "compas", "--trainer", "toy", "--n-boot", "200"]
    result = CliRunner().invoke(main, [*args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text())
    assert doc["epsilon_spent"] is None and set(doc["attributes"]) == set(
        experiments.attributes_of("compas")
    )
    help_text = CliRunner().invoke(main, ["pcer", "train", "--help"]).output
    assert "[vectorized|opacus|toy]" in help_text
