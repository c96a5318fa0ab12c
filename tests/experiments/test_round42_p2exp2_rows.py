"""Round 42 (p2exp2): the P2NIA experiment's rows, figures and tables.

- sizes at and above the audit rows (n′ capped at them) ran that n′ twice with the same seed:
  every GRR and black-box row of it doubled (runs 2 of 1 repetition, an SE of 0);
- ExperimentConfig(n_ref=...) below the largest size: the ε sweep (ε != 10) and the GRR bars
  at the per-metric ε were left out of the figures and tables (they looked at the largest n′);
- rows with no run at a per-metric ε and n′ raised KeyError 'mechanism';
- every estimate of a method undefined: Fig. 4 raised 'Data cannot be log-scaled';
- write_experiment_outputs of no rows (or rows lacking a column) raised AttributeError.
"""

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig, _p2nia_experiment, run_experiment
from ethiclens.experiments import _p2nia_figures as figures

pytest.importorskip("matplotlib.figure")  # the figures' (an extra)


def test_sizes_capped_at_the_audit_rows_run_each_n_once(monkeypatch):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"g": rng.choice(["a", "b"], 400), "x": rng.integers(0, 5, 400)})
    labels = pd.Series(rng.integers(0, 2, 400))

    class Model:
        def predict(self, X):
            return (np.asarray(X["x"]) > 2).astype(int)

    monkeypatch.setattr(
        _p2nia_experiment, "_load", lambda name: (SimpleNamespace(label=labels), frame, "g")
    )
    monkeypatch.setattr(_p2nia_experiment, "_fit", lambda *a: (Model(), frame[:200], labels[:200]))
    _p2nia_experiment._prepared.cache_clear()
    cfg = ExperimentConfig(
        models=("rf",), mechanisms=("grr", "blackbox"), repetitions=1,
        sizes=(100, 200, 300), epsilons=(), metric_epsilons=(),
    )  # fmt: skip
    rows = run_experiment(cfg, workers=1)
    _p2nia_experiment._prepared.cache_clear()
    counts = rows.groupby(["mechanism", "epsilon", "n", "metric"]).size()
    assert set(rows.n) == {100, 200}
    assert (counts == 1).all(), counts[counts > 1]


def _rows(cells, reps=2) -> pd.DataFrame:
    """Experiment rows: (mechanism, ε, n) cells, every metric, ``reps`` repetitions."""
    out = []
    for mech, eps, n in cells:
        for rep in range(reps):
            for k, metric in enumerate(("dp", "eo", "eopp")):
                err = 0.01 * (1 + rep + k) * (10 / eps if eps else 1)
                out.append(
                    {
                        "dataset": "adult",
                        "model": "rf",
                        "rep": rep,
                        "mechanism": mech,
                        "epsilon": eps,
                        "accounting": None if mech == "blackbox" else "record",
                        "n": n,
                        "metric": metric,
                        "estimate": err,
                        "reference": 0.0,
                        "abs_error": err,
                        "seconds": 0.1,
                    }  # fmt: skip
                )
    return pd.DataFrame(out)


# sizes (100, 150), n_ref=100, epsilons (1,), metric ε (10, 1): what tasks_for runs
N_REF_ROWS = [("grr", 10.0, 100), ("grr", 10.0, 150), ("grr", 1.0, 100)]
N_REF_ROWS += [("blackbox", 0.0, 100), ("blackbox", 0.0, 150)]


def test_the_epsilon_sweep_is_read_at_n_ref_below_the_largest_size(tmp_path):
    rows = _rows(N_REF_ROWS)
    assert set(figures.epsilons_summary(rows, model="rf").epsilon) == {0.0, 1.0, 10.0}
    s8 = figures.metrics_summary(rows, epsilon=1.0, model="rf")
    assert set(s8.mechanism) == {"blackbox", "grr"}
    text = figures.write_tables(rows, tmp_path, "adult", metric_epsilons=(10.0, 1.0)).read_text()
    assert "error vs ε (DP, n′ = 100;" in text
    assert "| 1 |  | 0.150 ± 0.050 |" in text  # the GRR at ε = 1: DP errors 0.1 and 0.2
    assert "Per metric at n′ = 100, ε = 1 " in text


def test_no_run_at_a_per_metric_epsilon_is_no_crash(tmp_path):
    rows = _rows([("grr", 10.0, 100)], reps=1)
    text = figures.write_tables(rows, tmp_path, "adult", metric_epsilons=(10.0, 1.0)).read_text()
    assert "ε = 1 (black-box: no ε; over no run common to every method)" in text
    assert figures.metrics_summary(rows, epsilon=1.0).empty


def test_a_method_with_every_estimate_undefined_still_draws():
    rows = _rows([("grr", 10.0, 100), ("grr", 1.0, 100), ("blackbox", 0.0, 100)])
    rows.loc[rows.mechanism == "grr", ["estimate", "abs_error"]] = np.nan
    fig, ax = figures._subplots(figsize=(4, 3))
    assert figures.draw_epsilons(ax, rows, model="rf") == ["grr", "blackbox"]
    ax.xaxis.get_minorticklocs()  # what saving the figure raised on ('cannot be log-scaled')
    assert ax.get_xlim()[0] > 0


@pytest.mark.parametrize(
    "frame, words",
    [
        (pd.DataFrame(), "has no column 'model'"),
        (_rows([("grr", 10.0, 100)]).iloc[:0], "has no rows"),
        (_rows([("grr", 10.0, 100)]).drop(columns="mechanism"), "has no column 'mechanism'"),
        (None, "must be a pandas DataFrame"),
    ],
)
def test_write_outputs_refuses_rows_it_cannot_draw_naming_them(tmp_path, frame, words):
    with pytest.raises(EthicLensInputError, match="argument 'frame': " + words) as info:
        figures.write_outputs(frame, tmp_path, "adult")
    assert info.value.fix
    assert not list(tmp_path.iterdir())  # refused before the rows CSV is written
