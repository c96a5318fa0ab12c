"""Round 43 review (rcfg2): a config that writes a ``thresholds`` section (the web's threshold
view writes ``thresholds.threshold`` even at 0.5, and keeps the audit's ``y_pred``) asks
``ethiclens.run`` for the threshold view, as ``ethiclens thresholds --config`` runs it; a
plain audit's saved config (no such section) and a spec written out whole (a report's
``run.spec``) still run an audit."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens.fairness import ThresholdTable
from ethiclens.spec import AuditSpec

VIEW = "roles: {{y_true: y, y_score: s, y_pred: p, protected: [g]}}\nthresholds: {{{}}}\n"


@pytest.fixture
def data(tmp_path):
    s = [i / 40 for i in range(40)]
    rows = {"y": [i % 2 for i in range(40)], "s": s, "g": ["a", "b"] * 20}
    pd.DataFrame({**rows, "p": [int(v >= 0.5) for v in s]}).to_csv(tmp_path / "d.csv", index=False)
    return tmp_path


@pytest.mark.parametrize("view", ["threshold: 0.5", "step: 0.05", "threshold: 0.5, step: 0.1"])
def test_a_written_thresholds_section_runs_the_view(data, view):
    config = data / "view.yaml"
    config.write_text(f"target: {{file: {data / 'd.csv'}}}\n" + VIEW.format(view))
    assert isinstance(ethiclens.run(config), ThresholdTable)
    assert isinstance(
        ethiclens.run(
            AuditSpec.from_file(config).to_dict(minimal=True) | {"thresholds": {"threshold": 0.5}}
        ),
        ThresholdTable,
    )


def test_an_audit_saved_or_written_whole_still_audits(data):
    spec = AuditSpec.of(
        str(data / "d.csv"),
        y_true="y",
        y_score="s",
        y_pred="p",
        protected=["g"],
        n_boot=100,
        ci="jeffreys",
    )
    saved = spec.save(data / "audit.yaml")
    assert "thresholds" not in saved.read_text()
    assert type(ethiclens.run(saved)).__name__ == "AuditResult"
    assert type(ethiclens.run(spec.to_dict())).__name__ == "AuditResult"  # a run.spec's shape
    written_out = spec.to_dict(minimal=True) | {"thresholds": {"threshold": 0.5, "step": 0.05}}
    assert type(ethiclens.run(written_out)).__name__ == "AuditResult"


def test_a_view_keyword_to_run_draws_the_view(data):
    table = ethiclens.run(
        str(data / "d.csv"), y_true="y", y_score="s", protected=["g"], y_pred="p", threshold=0.5
    )
    assert isinstance(table, ThresholdTable)
