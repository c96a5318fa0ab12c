"""Round 26 review: ``n_bins`` given without scores was refused by ``audit(n_bins=10)`` but let
through by ``audit_frame(n_bins=10)`` (it always passed its own default to ``audit_counts``,
which lets the default through: it is the fix for a table's broken n_bins attr), and
``audit_frame(n_bins=20)`` was refused in the counts table's words ("no score_bin column",
"the table has no scores"). ``audit_frame`` now passes ``n_bins`` only when given, and refuses
it as ``audit`` does, naming ``y_score``."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import audit_frame

dd = pytest.importorskip("dask.dataframe")


def _frame(n=400):
    rng = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "s": rng.random(n),
            "g": rng.choice(["a", "b"], n),
        }
    )


@pytest.mark.parametrize("n_bins", [10, 20])
def test_n_bins_without_scores_is_refused_alike(n_bins):
    df = _frame()
    with pytest.raises(EthicLensInputError) as direct:
        ethiclens.audit(df.y, df.p, df.g, n_bins=n_bins, n_boot=100, random_state=0)
    with pytest.raises(EthicLensInputError) as framed:
        audit_frame(dd.from_pandas(df, npartitions=2), y_pred="p", y_true="y", protected="g",
                    n_bins=n_bins, n_boot=100, random_state=0)  # fmt: skip
    assert str(framed.value) == str(direct.value)
    assert "there is no y_score" in str(framed.value) and "score_bin" not in str(framed.value)


def test_no_n_bins_and_scored_n_bins_still_audit():
    df = _frame()
    frame = dd.from_pandas(df, npartitions=2)
    plain = audit_frame(frame, y_pred="p", y_true="y", protected="g", n_boot=100, random_state=0)
    assert plain.comparisons
    scored = audit_frame(frame, y_pred="p", y_true="y", y_score="s", protected="g", n_bins=20,
                         n_boot=100, random_state=0)  # fmt: skip
    direct = ethiclens.audit(df.y, df.p, df.g, y_score=df.s, n_bins=20, n_boot=100, random_state=0)
    assert scored.to_dict()["attributes"] == direct.to_dict()["attributes"]
