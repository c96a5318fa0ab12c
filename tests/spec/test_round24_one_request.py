"""One request behind every face (issue 22, round 24): ``ethiclens.run`` runs a spec saved by
``ethiclens thresholds`` (its ThresholdTable), ``ethiclens.audit`` refuses one naming
``threshold_table(spec)``, and ``without_unused("thresholds")`` drops a comparison's two
predictions, which the threshold view cannot use."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = np.random.default_rng(0)
    n = 600
    score = rng.random(n)
    pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": (score >= 0.5).astype(int),
            "pred_high": (score >= 0.4).astype(int),
            "score": score,
            "race": rng.choice(["a", "b"], n),
        }
    ).to_csv("preds.csv", index=False)
    return tmp_path


def _saved(name, *flags):
    argv = ["thresholds", "preds.csv", "--y-true", "label", "--y-score", "score"]
    argv += ["--protected", "race=a", "--n-boot", "200", *flags, "--save-config", name]
    assert main(argv) == 0
    return name


@pytest.mark.parametrize("flags", [(), ("--threshold", "0.4"), ("--positive", "harmful")])
def test_run_runs_a_spec_saved_by_thresholds(data, capsys, flags):
    table = ethiclens.run(_saved("t.yaml", *flags))
    assert type(table).__name__ == "ThresholdTable"
    assert table.run["spec"]["roles"]["y_score"] == "score"
    assert table.to_dict() == ethiclens.threshold_table("t.yaml").to_dict() | {
        "run": table.to_dict()["run"]
    }


def test_purpose_of_a_spec(data):
    from ethiclens.spec._run import purpose_of

    base = {"y_true": "label", "protected": ["race"]}
    assert purpose_of(AuditSpec.of("preds.csv", y_score="score", **base)) == "thresholds"
    assert purpose_of(AuditSpec.of("preds.csv", y_pred="pred", y_score="score", **base)) == "audit"
    assert purpose_of(AuditSpec.of("preds.csv", y_pred="pred", step=0.1, **base)) == "thresholds"
    assert purpose_of(AuditSpec.of("preds.csv", y_pred=["pred", "pred_high"], **base)) == "compare"
    # a benchmark brings its own predictions: its spec is an audit's unless a view key says so
    assert purpose_of(AuditSpec.of("compas")) == "audit"
    assert purpose_of(AuditSpec.of("compas", threshold=0.4)) == "thresholds"


def test_audit_of_a_threshold_views_spec_names_the_python_call(data, capsys):
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(_saved("t.yaml"))
    assert "ethiclens.threshold_table(spec)" in str(err.value)
    assert str(err.value).startswith("key 'roles.y_pred'")
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(_saved("t1.yaml", "--threshold", "0.4"), y_pred="pred")
    assert str(err.value).startswith("key 'thresholds.threshold': is not used by an audit")
    assert "in Python ethiclens.threshold_table(spec)" in str(err.value)


def test_an_audit_names_only_the_role_that_is_missing(data, capsys):
    assert main(["audit", "--config", _saved("t.yaml")]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith("error: key 'roles.y_pred': an audit needs roles.y_pred; a score")
    assert "roles.protected" not in said.partition("Fix")[0]


def test_without_unused_drops_a_comparisons_two_predictions_for_the_view(data):
    spec = AuditSpec.of(
        "preds.csv", y_true="label", y_pred=["pred", "pred_high"], protected="race", n_boot=200
    )
    view = spec.without_unused("thresholds")
    assert view.roles.y_pred == ()
    assert type(ethiclens.threshold_table(view, y_score="score")).__name__ == "ThresholdTable"
    one = AuditSpec.of("preds.csv", y_true="label", y_pred="pred", protected="race")
    assert one.without_unused("thresholds").roles.y_pred == ("pred",)  # its audited threshold's
