"""Round 20: ethiclens.fairness.gate takes the AuditResult itself (docs/web.md shows
gate(after, baseline=before)), as its baseline argument already did."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import gate


def test_gate_takes_a_result_object_and_its_dict_alike(tmp_path):
    r = np.random.default_rng(0)
    n = 800
    df = pd.DataFrame(
        {"y": r.integers(0, 2, n), "p": r.integers(0, 2, n), "g": r.choice(["a", "b"], n)}
    )
    df.to_csv(tmp_path / "g1.csv", index=False)
    df.assign(p=np.where(df.g == "b", 0, df.p)).to_csv(tmp_path / "g2.csv", index=False)
    kw = dict(y_true="y", y_pred="p", protected=["g"], random_state=1, n_boot=200)
    before = ethiclens.audit(str(tmp_path / "g1.csv"), **kw)
    after = ethiclens.audit(str(tmp_path / "g2.csv"), **kw)
    by_object = gate(after, fail_on="never", baseline=before)
    assert not by_object.passed and by_object == gate(after.to_dict(), "never", before)
    assert any("verdict INCONCLUSIVE -> FLAGGED" in r for r in by_object.regressions)


def test_gate_of_neither_a_result_nor_a_dict_is_refused_naming_the_argument():
    with pytest.raises(EthicLensInputError, match="argument 'report': is not an audit result"):
        gate(42)


def test_a_baseline_given_as_json_text_is_refused_naming_the_argument(tmp_path):
    frame = pd.DataFrame(
        {"y": [0, 1] * 200, "p": [1, 0, 0, 1] * 100, "g": ["a"] * 200 + ["b"] * 200}
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    kw = dict(y_true="y", y_pred="p", protected=["g"], random_state=1, n_boot=200)
    result = ethiclens.audit(str(tmp_path / "d.csv"), **kw)
    with pytest.raises(EthicLensInputError, match="argument 'baseline': is a report's JSON text"):
        gate(result, baseline=result.to_json())
