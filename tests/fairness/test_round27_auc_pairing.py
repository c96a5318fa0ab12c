"""Round 27: group_auc pairs pandas inputs as audit and threshold_table do (by index label;
a reordering beside pandas' default index refused as ambiguous). It paired them by position,
so a shuffled score Series gave an AUC of about 0.5 without a word."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit, group_auc


def _frame(index=None):
    rng = np.random.default_rng(0)
    n = 300
    df = pd.DataFrame({"g": rng.choice(["a", "b"], n), "y": rng.integers(0, 2, n)}, index=index)
    df["s"] = np.clip(df.y * 0.3 + rng.uniform(0, 0.7, n), 0, 1)
    return df


def test_a_reordered_score_series_is_paired_by_label():
    df = _frame(index=np.arange(300) + 1000)  # labelled rows, not pandas' default index
    shuffled = df.s.sample(frac=1, random_state=1)
    expected = group_auc(df.y, df.s, df.g)
    got = group_auc(df.y, shuffled, df.g)
    pd.testing.assert_frame_equal(got, expected)
    pred = (df.s >= 0.5).astype(int)
    by_group = audit(df.y, pred, df.g, y_score=shuffled, n_boot=100, random_state=0).by_group()
    assert by_group["auc"].tolist() == pytest.approx(got["auc"].tolist())


def test_a_reordering_beside_the_default_index_is_refused_as_audit_refuses_it():
    df = _frame()
    shuffled = df.s.sample(frac=1, random_state=1)
    pred = (df.s >= 0.5).astype(int)
    with pytest.raises(EthicLensInputError) as audited:
        audit(df.y, pred, df.g, y_score=shuffled)
    with pytest.raises(EthicLensInputError) as auc:
        group_auc(df.y, shuffled, df.g)
    assert str(auc.value) == str(audited.value)
