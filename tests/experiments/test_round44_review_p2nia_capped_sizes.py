"""Round 44 review (found, not fixed): 'ethiclens p2nia experiment ... --sizes 99999999' ran
that n′ at the audit rows (never drawn with replacement) and said nothing: the tables' n′ was
another number than asked. Each asked n′ above the audit rows is now noted (ExperimentConfig
.notes, printed by the CLI as 'note: ...'); sizes within them give no note."""

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import ethiclens.experiments
from ethiclens.cli import main
from ethiclens.experiments import ExperimentConfig, _p2nia_experiment, run_experiment


class _Model:
    def predict(self, X):
        return (np.asarray(X["x"]) > 2).astype(int)


@pytest.fixture
def toy(monkeypatch):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"g": rng.choice(["a", "b"], 400), "x": rng.integers(0, 5, 400)})
    labels = pd.Series(rng.integers(0, 2, 400))
    monkeypatch.setattr(
        _p2nia_experiment, "_load", lambda name: (SimpleNamespace(label=labels), frame, "g")
    )
    monkeypatch.setattr(_p2nia_experiment, "_fit", lambda *a: (_Model(), frame[:200], labels[:200]))
    _p2nia_experiment._prepared.cache_clear()
    yield
    _p2nia_experiment._prepared.cache_clear()


def _cfg(sizes):
    return ExperimentConfig(
        models=("rf",), mechanisms=("blackbox",), repetitions=1,
        sizes=sizes, epsilons=(), metric_epsilons=(),
    )  # fmt: skip


def test_a_size_above_the_audit_rows_is_noted(toy):
    cfg = _cfg((100, 99_999_999))
    rows = run_experiment(cfg, workers=1)
    assert set(rows.n) == {100, 200}
    assert len(cfg.notes) == 1 and "n′ 99,999,999" in cfg.notes[0]
    assert "200 audit rows" in cfg.notes[0] and "run at n′ = 200" in cfg.notes[0]
    run_experiment(cfg, workers=1)  # run again: noted once
    assert len(cfg.notes) == 1


def test_sizes_within_the_audit_rows_give_no_note(toy):
    cfg = _cfg((100, 200))
    run_experiment(cfg, workers=1)
    assert cfg.notes == []


def test_the_cli_prints_the_note(toy, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(ethiclens.experiments, "write_experiment_outputs", lambda *a, **k: [])
    args = ["p2nia", "experiment", "--models", "rf", "--mechanisms", "blackbox"]
    args += ["--repetitions", "1", "--sizes", "100,99999999", "--epsilons", ""]
    args += ["--metric-epsilons", "", "--workers", "1", "--out", str(tmp_path / "out")]
    assert main(args) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "note: n′ 99,999,999 (--sizes or n_ref) is more than the 200 audit rows" in said
