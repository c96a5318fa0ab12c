"""Round 44 (review of 0561fec8): ``ethiclens.run(T, threshold=0.5, step=0.05)`` draws the
threshold view (a keyword that writes ``threshold`` or ``step`` asks for it, at its default
too), but ``AuditSpec.of(T, threshold=0.5, step=0.05)`` read its keywords by a dict's rule
(both keys at their defaults: a spec written whole, an audit's), so ``run`` of that spec
audited. The same keywords ask for the same run whichever way they are given."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.spec import AuditSpec, purpose_of

VIEW = [{"threshold": 0.5, "step": 0.05}, {"audited_threshold": 0.5, "step": 0.05}]


@pytest.fixture()
def data(tmp_path):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"y": rng.integers(0, 2, 120), "s": rng.random(120)})
    frame["g"] = rng.choice(["a", "b"], 120)
    frame["p"] = (frame["s"] >= 0.5).astype(int)
    frame.to_csv(tmp_path / "d.csv", index=False)
    return str(tmp_path / "d.csv")


@pytest.mark.parametrize("view", VIEW)
def test_keywords_at_their_defaults_ask_for_the_view_through_of_as_through_run(view, data):
    roles = {"y_true": "y", "y_pred": "p", "y_score": "s", "protected": ["g"]}
    spec = AuditSpec.of(data, **roles, **view)
    assert spec.view_asked and purpose_of(spec) == "thresholds"
    assert AuditSpec.from_dict(spec.to_config()).view_asked  # saved, it still asks for it
    kw = {**roles, "n_boot": 100, "seed": 1}
    by_keywords = ethiclens.run(data, **kw, **view)
    by_spec = ethiclens.run(AuditSpec.of(data, **kw, **view))
    assert type(by_keywords).__name__ == type(by_spec).__name__ == "ThresholdTable"


def test_a_spec_of_no_view_keyword_stays_an_audit(data):
    spec = AuditSpec.of(data, y_true="y", y_pred="p", y_score="s", protected=["g"])
    assert not spec.view_asked and purpose_of(spec) == "audit"
