"""Round 43: a Dask frame made from pandas (dd.from_pandas) whose weight or score column has
dtype object but holds numbers (1.0, 2, np.float32, Decimal) was turned into text by Dask's
convert-string and refused by audit_frame ("holds the text values ['1.0', '2.0', '0.5'], not
numbers (a string column)"), where ethiclens.audit of the same frame audits it. Its weights
and scores are now read as the pandas frame holds them, as its group and label columns are."""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.sources import audit_frame

dd = pytest.importorskip("dask.dataframe")

FRAME = pd.DataFrame(
    {
        "y": [1, 0, 1, 0, 1, 0],
        "p": [0, 1, 1, 0, 1, 1],
        "g": ["a", "b"] * 3,
        "w": [1.0, 2.0, 0.5, 1.0, 1.0, 3.0],
        "s": [0.1, 0.5, 0.9, 0.2, 0.3, 0.7],
    }
)


def _audits(df):
    want = ethiclens.audit(
        df["y"], df["p"], df[["g"]], y_score=df["s"], sample_weight=df["w"], n_bins=3,
        random_state=0,
    )  # fmt: skip
    got = audit_frame(
        dd.from_pandas(df, npartitions=2), y_pred="p", protected=["g"], y_true="y",
        y_score="s", sample_weight="w", n_bins=3, random_state=0,
    )  # fmt: skip
    return want, got


@pytest.mark.parametrize(
    "change",
    [
        {"w": FRAME["w"].astype(object)},
        {"s": FRAME["s"].astype(object)},
        {"w": pd.Series([Decimal("1.5"), np.float32(2), 1, 1, 1, 1], dtype=object)},
    ],
)
def test_object_numbers_are_audited_as_pandas_audits_them(change):
    want, got = _audits(FRAME.assign(**change))
    a, b = want.to_dict(), got.to_dict()
    for d in (a, b):
        d.pop("provenance", None)
        d.pop("meta", None)
    assert a == b
