"""Round 40 (lead): a Dask DataFrame (dd.from_pandas) holding a list in a group, prediction
or label column was counted with the list as Dask's text (a group '[1]'), where the same pandas
frame is refused. Dask now gives the pandas audit's refusal, word for word."""

import dask.dataframe as dd
import pandas as pd
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import audit_frame


class _RaisingHash:
    def __hash__(self):
        raise RuntimeError("hash")


@pytest.mark.parametrize(
    ("column", "cell"), [("g", [1]), ("p", [1]), ("y", {"a": 1}), ("g", _RaisingHash())]
)
def test_dask_refuses_what_pandas_refuses(column, cell):
    frame = pd.DataFrame({"y": [0, 1, 0, 1, 0, 1], "p": [0, 1, 1, 0, 1, 0], "g": list("aaabbb")})
    values = frame[column].astype(object).tolist()
    values[1] = cell
    frame[column] = pd.Series(values, dtype=object)
    with pytest.raises(EthicLensInputError) as pandas_way:
        el.audit(frame.y, frame.p, {"g": frame.g})
    with pytest.raises(EthicLensInputError) as dask_way:
        audit_frame(dd.from_pandas(frame, npartitions=2), y_true="y", y_pred="p", protected="g")
    assert str(dask_way.value) == str(pandas_way.value)
