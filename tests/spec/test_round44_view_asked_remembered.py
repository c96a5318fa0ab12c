"""Round 44 (lead): ``ethiclens.run`` read a spec FILE again to see whether its request wrote a
``thresholds`` key (at 0.5 too: the web's and ``thresholds --save-config``'s view configs), so
``run("view.yaml")`` drew the threshold view but ``run(AuditSpec.from_file("view.yaml"))``, the
same request, audited. The spec now remembers that its request asked for the view
(``spec.view_asked``): ``run`` draws it whichever way the request came, ``replace`` and
``save`` keep it, and a spec made for an audit (``without_unused("audit")``) drops it."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.spec import AuditSpec, purpose_of

ROLES = "roles: {y_true: y, y_pred: p, y_score: s, protected: [g]}"


@pytest.fixture()
def view_file(tmp_path):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"y": rng.integers(0, 2, 200), "s": rng.random(200)})
    frame["g"] = rng.choice(["a", "b"], 200)
    frame["p"] = (frame["s"] > 0.5).astype(int)
    frame.to_csv(tmp_path / "d.csv", index=False)
    path = tmp_path / "view.yaml"
    text = f"target: {{file: {tmp_path / 'd.csv'}}}\n{ROLES}\npolicy: {{n_boot: 100, seed: 1}}\n"
    path.write_text(text + "thresholds: {threshold: 0.5}\n")
    return path


def test_the_view_a_file_asks_for_is_drawn_from_its_spec_object_too(view_file):
    spec = AuditSpec.from_file(view_file)
    assert spec.view_asked and purpose_of(spec) == "thresholds"
    by_path, by_spec = ethiclens.run(str(view_file)), ethiclens.run(spec)
    assert type(by_path).__name__ == type(by_spec).__name__ == "ThresholdTable"
    assert by_path.to_csv() == by_spec.to_csv()


def test_the_view_asked_for_is_kept_by_replace_and_save_and_dropped_for_an_audit(
    view_file, tmp_path
):
    spec = AuditSpec.from_file(view_file)
    assert spec.replace(policy={"n_boot": 120}).view_asked
    assert not spec.without_unused("audit").view_asked
    assert spec.without_unused("thresholds").view_asked
    saved = spec.save(tmp_path / "again.yaml")
    assert AuditSpec.from_file(saved).view_asked
    # written at its default: the same fields as an audit's, and equal to it
    audit = AuditSpec.from_dict({k: v for k, v in spec.to_dict().items() if k != "thresholds"})
    assert not audit.view_asked and purpose_of(audit) == "audit" and audit == spec


def test_a_keyword_or_a_dict_that_writes_the_threshold_asks_for_the_view(view_file):
    spec = AuditSpec.from_file(view_file)
    audit = spec.without_unused("audit")
    assert purpose_of(audit) == "audit"
    assert type(ethiclens.run(audit, threshold=0.5)).__name__ == "ThresholdTable"
    data = {**audit.to_dict(minimal=True), "thresholds": {"step": 0.05}}
    assert AuditSpec.from_dict(data).view_asked
