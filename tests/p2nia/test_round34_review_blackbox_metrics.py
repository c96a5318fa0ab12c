"""Round 34 review (P2NIA): 4a877f06 let make_request take its metrics as a 1-D array, Series
or Index (df['metric'].unique()); blackbox_audit, which takes its domains so, still refused
them ('metrics must be a non-empty list (value: array(['dp', 'eo'], ...))'). Both read such an
array as the list of its values, checked as a list's."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit


def _predict(queries):
    return (queries["sex"] == "M").astype(int).to_numpy()


@pytest.mark.parametrize(
    "metrics",
    [np.array(["dp", "eo"]), pd.Series(["dp", "eo"], index=[4, 2]), pa.array(["dp", "eo"])],
)
def test_blackbox_metrics_as_an_array(metrics):
    domains = {"sex": ["F", "M"]}
    got = blackbox_audit(_predict, domains, "sex", 200, metrics=metrics, random_state=1)
    assert got == blackbox_audit(
        _predict, domains, "sex", 200, metrics=["dp", "eo"], random_state=1
    )


def test_blackbox_array_metrics_are_checked_as_a_lists():
    with pytest.raises(EthicLensInputError, match="metrics repeated"):
        blackbox_audit(_predict, {"sex": ["F", "M"]}, "sex", 50, metrics=np.array(["dp", "dp"]))
