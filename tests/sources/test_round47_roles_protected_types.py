"""sources.Roles(protected=...) given no list of column names (None, NaN, a number, a 0-d array)
crashed with "TypeError: 'NoneType' object is not iterable" / "iteration over a 0-d array";
bytes or a mapping were taken and failed later, and one name ('sex') was read letter by letter
as the columns s, e, x. One name is now that column, a set is sorted, and the rest is refused
naming the argument."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of

NOT_COLUMNS = {
    "None": None,
    "nan": float("nan"),
    "huge": 10**5000,
    "0-d array": np.array(1.0),
    "bytes": b"sex",
    "dict": {"sex": 1},
    "frame": pd.DataFrame(),
}


@pytest.mark.parametrize("value", NOT_COLUMNS.values(), ids=NOT_COLUMNS.keys())
def test_no_column_list_is_refused_naming_the_argument(value):
    with pytest.raises(EthicLensInputError, match="argument 'protected': must be a column name"):
        Roles(y_pred="p", protected=value)


def test_one_name_is_one_column_and_a_set_is_sorted():
    frame = pd.DataFrame({"p": [1, 0, 1, 0], "sex": ["a", "b", "a", "b"], "age": [1, 1, 2, 2]})
    assert Roles(y_pred="p", protected="sex").protected == ["sex"]
    assert "sex" in counts_of(frame, Roles(y_pred="p", protected="sex")).columns
    assert Roles(y_pred="p", protected={"sex", "age"}).protected == ["age", "sex"]
