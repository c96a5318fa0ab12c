"""Round 39: a Dask frame whose protected column holds intervals (pd.cut's bins as an
IntervalArray, not a categorical) is audited as ethiclens.audit audits the same rows. Was:
audit_frame ended in Dask's TypeError traceback ("type <class 'numpy.int64'> with value 1 is
not an interval"): Dask's groupby cannot build an interval key."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import audit_frame

dd = pytest.importorskip("dask.dataframe")
OPTS = {"n_boot": 200, "min_group_size": 1, "min_label_count": 1}


def _groups(result) -> list:
    return [(g["group"], g["n"]) for g in result.to_dict()["attributes"][0]["groups"]]


@pytest.mark.parametrize("closed", ["right", "both"])
def test_a_dask_interval_column_is_audited_as_pandas_audits_it(closed):
    bins = pd.arrays.IntervalArray.from_breaks([0, 1.5, 2], closed=closed)
    frame = pd.DataFrame({"y": [1, 0, 1, 0], "p": [1, 1, 0, 0], "age": bins.repeat(2)})
    expected = _groups(ethiclens.audit(frame["y"], frame["p"], frame[["age"]], **OPTS))
    ddf = dd.from_pandas(frame, npartitions=2)
    got = _groups(audit_frame(ddf, y_true="y", y_pred="p", protected="age", **OPTS))
    assert got == expected and len(got) == 2 and all(n == 2 for _, n in got)


def test_a_missing_interval_is_refused_as_a_missing_group():
    bins = pd.arrays.IntervalArray.from_tuples([(0, 1), (0, 1), None, (1, 2)])
    frame = pd.DataFrame({"y": [1, 0, 1, 0], "p": [1, 1, 0, 0], "age": bins})
    ddf = dd.from_pandas(frame, npartitions=2)
    with pytest.raises(EthicLensInputError, match="column 'age': 1 missing group value"):
        audit_frame(ddf, y_true="y", y_pred="p", protected="age", **OPTS)
