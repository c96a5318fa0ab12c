"""Round 17: the release's recoding of a two-valued label (-1/1) is pcer audit's; GRR
estimates whose debiased table projection moved a lot say so; MST/AIM lines say what their
interval leaves out; population-bias JSON carries its schema version."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release


def _data(n: int = 400, seed: int = 0) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    y = r.integers(0, 2, n)
    return pd.DataFrame({"sex": r.choice(["F", "M"], n), "y": y, "p": r.integers(0, 2, n)})


def _fix(**changes) -> str:
    df = _data()
    for col, f in changes.items():
        df[col] = f(df[col])
    req = make_request(100, "sex", protected_domain=["F", "M"], epsilon=5)
    with pytest.raises(EthicLensInputError) as exc:
        release(req, df, "y", "p", random_state=0)
    return str(exc.value)


def test_labels_coded_minus_one_one_are_recoded_not_dropped():
    msg = _fix(y=lambda c: c * 2 - 1)
    assert "['-1', '1']" in msg and "df['y'] = (df['y'] == 1).astype(int)" in msg, msg
    assert "drop those rows" not in msg, msg


def test_two_score_values_are_thresholded_as_pcer_audit_does():
    msg = _fix(p=lambda c: c * 0.9 + 0.05)
    assert "df['p'] = (df['p'] >= 0.5).astype(int)" in msg, msg
