"""One registry entry per audited platform model: a toy model registered in one place reaches
the experiment's configuration, its (spawned) workers, the figures and the CLI."""

import pandas as pd
import pytest
from click.testing import CliRunner

from ethiclens import p2nia
from ethiclens.cli import cli
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig, run_experiment, write_experiment_outputs
from ethiclens.p2nia import AuditedModel


def _fit_logreg(X_train, y_train, seed):
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler

    steps = [("enc", p2nia.one_hot_encoder(X_train)), ("scale", StandardScaler())]
    clf = LogisticRegression(max_iter=300, random_state=seed)
    return Pipeline([*steps, ("clf", clf)]).fit(X_train, y_train)


LOGREG = AuditedModel(name="logreg", label="logistic regression", factory=_fit_logreg)

TINY = dict(
    dataset="adult",
    models=("logreg",),
    repetitions=1,
    mechanisms=("grr", "blackbox"),
    sizes=(500,),
    epsilons=(10.0,),
    metric_epsilons=(10.0,),
)


@pytest.fixture
def logreg():
    p2nia.register_model(LOGREG)
    try:
        yield LOGREG
    finally:
        p2nia.unregister_model("logreg")


def test_builtin_models_are_registry_entries():
    assert p2nia.model_names()[:2] == ["rf", "xgb"]
    rf, xgb = p2nia.get_model("rf"), p2nia.get_model("xgb")
    assert (rf.label, rf.extra, rf.figure_keys()) == ("random forest", None, ("fig3", "fig4"))
    assert (xgb.label, xgb.extra, xgb.figure_keys()) == ("XGBoost", "models", ("fig7", "fig6"))
    assert p2nia.is_builtin_model("rf") and not p2nia.is_builtin_model("logreg")


def test_unknown_model_lists_the_registered_ones():
    with pytest.raises(EthicLensInputError, match="unknown model") as err:
        ExperimentConfig(models=("svm",)).validate()
    assert "rf, xgb" in str(err.value) and "argument 'models'" in str(err.value)
    result = CliRunner().invoke(cli, ["p2nia", "population-bias", "--model", "svm"])
    assert result.exit_code == 2 and "'svm' is not one of 'rf', 'xgb'" in result.output


def test_registration_rules(logreg):
    with pytest.raises(EthicLensInputError, match="already registered"):
        p2nia.register_model(LOGREG)
    with pytest.raises(EthicLensInputError, match="already registered"):
        p2nia.register_model(AuditedModel(name="rf", label="x", factory=_fit_logreg), replace=True)
    with pytest.raises(EthicLensInputError, match="AuditedModel"):
        p2nia.register_model("logreg")
    with pytest.raises(EthicLensInputError, match="factory"):
        AuditedModel(name="m", label="m", factory=3)
    with pytest.raises(EthicLensInputError, match="built-in models cannot be unregistered"):
        p2nia.unregister_model("rf")
    assert "rf" in p2nia.model_names()


def test_a_registered_model_runs_the_experiment_in_workers_figures_and_cli(logreg, tmp_path):
    # Spawned workers receive the entry with their task function.
    frame = run_experiment(ExperimentConfig(**TINY), workers=2)
    assert set(frame.model) == {"logreg"} and set(frame.mechanism) == {"grr", "blackbox"}
    assert set(frame.metric) == {"dp", "eo", "eopp"} and frame.reference.notna().all()
    assert frame.abs_error.notna().any()
    files = write_experiment_outputs(frame, tmp_path, "adult", metric_epsilons=(10.0,))
    names = {f.name for f in files}
    assert "adult-logreg-sizes.png" in names and not any("fig3.png" in n for n in names)

    runner = CliRunner()
    help_text = " ".join(runner.invoke(cli, ["p2nia", "experiment", "--help"]).output.split())
    assert "logreg: logistic regression" in help_text
    help_text = runner.invoke(cli, ["p2nia", "population-bias", "--help"]).output
    assert "[rf|xgb|logreg]" in help_text
    out = tmp_path / "cli"
    args = ["p2nia", "experiment", "--models", "logreg", "--mechanisms", "grr,blackbox"]
    args += ["--repetitions", "1", "--sizes", "500", "--epsilons", "10", "--metric-epsilons", "10"]
    result = runner.invoke(cli, [*args, "--out", str(out), "--workers", "1"])
    assert result.exit_code == 0, result.output
    rows = pd.read_csv(out / "adult-rows.csv")
    assert set(rows.model) == {"logreg"} and (out / "adult-logreg-sizes.png").exists()


def test_an_unregistered_model_is_gone(logreg):
    p2nia.unregister_model("logreg")
    with pytest.raises(EthicLensInputError, match="unknown model"):
        ExperimentConfig(**TINY).validate()
    assert "logreg" not in CliRunner().invoke(cli, ["p2nia", "experiment", "--help"]).output


def test_a_missing_extra_is_named_before_any_model_is_fitted(monkeypatch):
    import importlib.util

    from ethiclens._optional import MissingExtraError

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "xgboost" else real(name, *a)
    )
    cfg = ExperimentConfig(**{**TINY, "models": ("rf", "xgb")})
    with pytest.raises(MissingExtraError, match="xgboost") as err:
        run_experiment(cfg, workers=1)
    assert "pip install 'ethiclens[models]'" in str(err.value)
    p2nia.get_model("rf").check_installed()  # the core suffices
