"""Round 48 (api battery, class: a column name or name_rows given as something else, the
probes' file runners; the sibling of 35061f3a's make_counterfactuals check).

``probes.analyze_scored(path, {1, 2})`` (y_pred; y_score alike) and
``write_counterfactuals(path, {1, 2}, out)`` (protected) given a set, a dict, a bytearray, a
0-d array or a frame crashed with Python's "unhashable type" (or pandas' "truth value of a
DataFrame is ambiguous") from the column lookup; ``name_rows`` (called only when a row is
refused) took anything, and a set or a text crashed there ("'set' object is not callable").
Each is now checked before the file is read, naming the argument and the fix."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.probes import analyze_scored, write_counterfactuals

NO_NAME = [{1, 2}, {"a": 1}, ["p"], bytearray(b"p"), np.array(1.0), pd.DataFrame()]
CALLS = {
    "analyze_scored y_pred": ("y_pred", lambda v: analyze_scored("s.csv", v)),
    "analyze_scored y_score": ("y_score", lambda v: analyze_scored("s.csv", "p", v)),
    "write_counterfactuals protected": (
        "protected",
        lambda v: write_counterfactuals("d.csv", v, "o.csv"),
    ),
}


@pytest.mark.parametrize("bad", NO_NAME, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("argument, call", CALLS.values(), ids=CALLS)
def test_a_column_given_as_no_name_is_refused(argument, call, bad):
    with pytest.raises(EthicLensInputError, match=f"^argument '{argument}': must be one column"):
        call(bad)


@pytest.mark.parametrize("bad", [{1, 2}, "rows", 3], ids=lambda v: type(v).__name__)
@pytest.mark.parametrize(
    "call",
    [
        lambda v: analyze_scored("s.csv", "p", name_rows=v),
        lambda v: write_counterfactuals("d.csv", "g", "o.csv", name_rows=v),
    ],
    ids=["analyze_scored", "write_counterfactuals"],
)
def test_name_rows_that_is_no_function_is_refused(call, bad):
    with pytest.raises(EthicLensInputError, match="^argument 'name_rows': must be a function"):
        call(bad)
