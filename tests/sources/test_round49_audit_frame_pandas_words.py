"""Round 49: ethiclens.audit_frame given a pandas DataFrame said "column 'frame': must be a dask
DataFrame": its argument called a column, Spark (which it takes too) not named, and no word of
ethiclens.audit, which audits a pandas frame. It now names the argument, both kinds it takes,
and for a pandas frame the audit call with the roles given."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

DF = pd.DataFrame({"y": [0, 1] * 5, "p": [1, 0] * 5, "g": ["a", "b"] * 5, "s": [0.5] * 10})


@pytest.mark.parametrize(
    "frame, words",
    [
        (DF, "argument 'frame': must be a Dask or Spark DataFrame, not a pandas DataFrame"),
        ([1, 2], "argument 'frame': must be a Dask or Spark DataFrame, not list"),
    ],
)
def test_audit_frame_names_its_argument_and_the_kinds_it_takes(frame, words):
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit_frame(frame, y_true="y", y_pred="p", protected="g", sample_weight="s")
    text = str(info.value)
    assert text.startswith(words)
    assert "column 'frame'" not in text and "Spark one (spark.read.parquet" in text
    if frame is DF:
        assert "ethiclens.audit(df['y'], df['p'], df['g'], sample_weight=df['s'])" in text
