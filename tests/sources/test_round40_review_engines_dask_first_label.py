"""Round 40 review of 1a7bf52d: numerically equal values of a Dask frame's object column (1,
1.0, True) are one group labelled by the first row, as ethiclens.audit labels it, whatever the
partitions: dd.from_pandas(frame, npartitions=4) labelled it '1.0' (the value Dask's groupby
kept), pandas '1'. And a frame whose role columns hold 1 beside 1.0 in one column and a list
cell in another kept the list column unconverted: TypeError 'unhashable type: list'."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import audit_frame

dd = pytest.importorskip("dask.dataframe")
OPTS = {"n_boot": 100, "min_group_size": 1, "min_label_count": 1}


def _groups(result, i=0) -> list:
    return sorted((g["group"], g["n"]) for g in result.to_dict()["attributes"][i]["groups"])


def _frame(**columns) -> pd.DataFrame:
    n = 40
    frame = pd.DataFrame({"y": np.arange(n) % 2, "p": (np.arange(n) // 2) % 2})
    return frame.assign(**{k: pd.Series(v, dtype=object) for k, v in columns.items()})


@pytest.mark.parametrize("npartitions", [1, 4])
def test_equal_values_labelled_by_the_first_row_on_any_partitions(npartitions):
    frame = _frame(g=[1] * 10 + [1.0] * 20 + ["b"] * 10)  # True beside 1: refused (round 50)
    expected = [("1", 30), ("b", 10)]
    assert _groups(ethiclens.audit(frame["y"], frame["p"], frame[["g"]], **OPTS)) == expected
    ddf = dd.from_pandas(frame, npartitions=npartitions)
    assert _groups(audit_frame(ddf, y_true="y", y_pred="p", protected="g", **OPTS)) == expected


def test_a_list_column_beside_a_mixed_one_is_refused_not_a_traceback():
    # (Dask's text '[1]' until the lead's round-40 change: now the pandas frame's refusal)
    frame = _frame(g=[1, 1.0, "b", "b"] * 10, h=[[1], "a", "b", "c"] * 10)
    ddf = dd.from_pandas(frame, npartitions=2)
    with pytest.raises(EthicLensInputError, match=r"column 'h': group values must be scalars"):
        audit_frame(ddf, y_true="y", y_pred="p", protected=["g", "h"], **OPTS)
