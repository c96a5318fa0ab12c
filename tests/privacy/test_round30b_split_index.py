"""Round 30: SplitPredictions paired pandas inputs by position whatever their index, where audit
pairs them by label or refuses an ambiguous order: a y_pred Series in another index order than
y_true's was audited row against the wrong row, a silent wrong PCER. It now pairs and refuses
them as audit does (``align_inputs``)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens import audit
from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions, pcer_audit

N = 200
R = np.random.default_rng(0)
G = np.array(["a", "b"])[np.arange(N) % 2]
Y, P = R.integers(0, 2, N), R.integers(0, 2, N)
TEST = SplitPredictions(R.integers(0, 2, N), R.integers(0, 2, N), G)


def test_another_order_beside_the_default_index_is_refused_as_audit_refuses_it():
    y, p = pd.Series(Y, index=np.arange(N)[::-1]), pd.Series(P)
    with pytest.raises(EthicLensInputError) as by_audit:
        audit(y, p, pd.Series(G, index=y.index), n_boot=100)
    with pytest.raises(EthicLensInputError) as err:
        pcer_audit(SplitPredictions(y, p, pd.Series(G, index=y.index)), TEST, n_boot=100)
    assert err.value.column == "y_pred" and err.value.kind == "argument", err.value
    assert err.value.problem == f"train split: {by_audit.value.problem}", err.value
    assert err.value.fix == by_audit.value.fix


def test_labels_in_another_order_are_paired_by_label():
    index = [f"r{i}" for i in range(N)]
    y, g = pd.Series(Y, index=index), pd.Series(G, index=index)
    shuffled = R.permutation(N)
    p = pd.Series(P, index=index).iloc[shuffled]
    got = pcer_audit(SplitPredictions(y, p, g), TEST, n_boot=100, random_state=1)
    want = pcer_audit(SplitPredictions(Y, P, G), TEST, n_boot=100, random_state=1)
    assert got.to_dict() == want.to_dict()


def test_other_labels_are_refused():
    y = pd.Series(Y, index=np.arange(N) + 10)
    with pytest.raises(EthicLensInputError, match="its pandas index does not match y_true's"):
        pcer_audit(SplitPredictions(y, pd.Series(P, index=np.arange(N) + 20), G), TEST)
