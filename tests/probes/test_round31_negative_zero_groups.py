"""Round 31: a float group column holding both 0.0 and -0.0 (one group to the audit, which
labels it 0.0 on every engine) made counterfactual() refuse its own table: the records of
-0.0 were not flipped to 0.0 (equal values), but the check read '-0.0' and '0.0' as two groups
('20 record(s) lack a flipped copy (first: row id 1, -0.0 → 0.0)'). -0.0 is the group 0.0."""

import numpy as np
import pandas as pd

from ethiclens.probes import counterfactual, make_counterfactuals


class _Model:
    def predict(self, X):
        return (X["x"].to_numpy() > 0.5).astype(int)

    def predict_proba(self, X):
        p = self.predict(X).astype(float)
        return np.c_[1 - p, p]


def _records(values):
    return pd.DataFrame({"g": values * 20, "x": np.linspace(0, 1, 20 * len(values))})


def test_minus_zero_is_the_group_zero():
    result = counterfactual(_Model(), _records([0.0, -0.0, 1.0]), "g", n_boot=100, random_state=0)
    assert sorted((p.source, p.target, p.n) for p in result.pairs) == [
        ("0.0", "1.0", 40),
        ("1.0", "0.0", 20),
    ]


def test_minus_zero_alone_is_no_unseen_target():
    frame = make_counterfactuals(_records([-0.0, 1.0]), "g", groups=[0.0, 1.0])
    assert frame.attrs["ethiclens_unseen_targets"] == []
    assert set(frame["_cf_source"].astype(str)) == {"0.0", "1.0"}
