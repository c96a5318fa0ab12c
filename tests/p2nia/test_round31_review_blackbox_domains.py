"""Round 31 review: blackbox_audit's new domain check refused every list-like that is not a
list or an ndarray — a range, a pandas Index or Series, df[c].unique() of a category column (a
Categorical), a pyarrow string array — which it had read as before (the same draw, the same
estimate). They are accepted again; a set, a dict, an empty list stay refused."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit


def _pred(q):
    return (q["age"].astype(float) > 40).astype(int).to_numpy()


def _run(domains):
    return blackbox_audit(_pred, domains, "sex", 200, random_state=1)


@pytest.mark.parametrize(
    "sex",
    [
        pd.Index(["F", "M"]),
        pd.Series(["F", "M"]),
        pd.Series(["F", "M", "F"], dtype="category").unique(),
        pd.array(["F", "M"], dtype="string[pyarrow]"),
        np.array(["F", "M"]),
    ],
)
def test_list_like_groups_read_as_a_list(sex):
    assert _run({"sex": sex, "age": (18, 90)}) == _run({"sex": ["F", "M"], "age": (18, 90)})


def test_a_range_of_values():
    ages = range(18, 90)
    assert _run({"sex": ["F", "M"], "age": ages}) == _run({"sex": ["F", "M"], "age": list(ages)})


@pytest.mark.parametrize("age", [{20, 50}, {"a": 1}, [], "20-50"])
def test_no_list_still_refused(age):
    with pytest.raises(EthicLensInputError, match=r"argument \"domains\['age'\]\""):
        _run({"sex": ["F", "M"], "age": age})
