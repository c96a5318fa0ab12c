"""Review of 57f5719d: sources.Roles(protected=...) refused every iterable but a list, tuple,
set, 1-d array, Index or Series ('must be a column name or a list of them, not dict_keys'),
where d.keys() was counted before; a generator or map was counted silently without its
columns (refuse_reserved's pass used it up). Any other iterable is now read once, and a set
holding a whole number past the int-to-text limit is sorted by its shortened text."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of

FRAME = pd.DataFrame({"p": [1, 0, 1, 0], "sex": ["a", "b", "a", "b"], "age": [1, 1, 2, 2]})
ITERABLES = {
    "dict keys": lambda: {"sex": 1, "age": 2}.keys(),
    "generator": lambda: (c for c in ["sex", "age"]),
    "map": lambda: map(str, ["sex", "age"]),
    "reversed": lambda: reversed(["age", "sex"]),
}


@pytest.mark.parametrize("make", ITERABLES.values(), ids=ITERABLES.keys())
def test_any_iterable_of_names_is_read_once_and_counted_whole(make):
    roles = Roles(y_pred="p", protected=make())
    assert roles.protected == ["sex", "age"]
    table = counts_of(FRAME, roles)
    assert {"sex", "age"} <= set(table.columns)


def test_a_set_holding_a_huge_whole_number_is_refused_as_a_column_not_a_digit_limit():
    with pytest.raises(EthicLensInputError) as err:
        counts_of(FRAME, Roles(y_pred="p", protected={10**5000, "sex"}))
    assert "4300" not in str(err.value)
