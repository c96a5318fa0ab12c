"""Round 35: audit_counts' ``protected`` as a notebook gives it (``table.columns[:2]``, an
array), and a counts table naming a column twice."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

_RNG = np.random.default_rng(0)
_ROWS = pd.DataFrame(
    {
        "g": _RNG.choice(["a", "b"], 300),
        "h": _RNG.choice(["x", "y"], 300),
        "y_true": _RNG.integers(0, 2, 300),
        "y_pred": _RNG.integers(0, 2, 300),
    }
)
_TABLE = _ROWS.groupby(["g", "h", "y_true", "y_pred"]).size().rename("count").reset_index()


@pytest.mark.parametrize(
    "protected", [_TABLE.columns[:2], np.array(["g", "h"]), pd.Series(["g", "h"])]
)
def test_protected_takes_an_index_array_or_series(protected):
    # was ValueError: The truth value of a Index is ambiguous (an array of two alike)
    result = ethiclens.audit_counts(_TABLE, protected=protected, n_boot=100, random_state=0)
    listed = ethiclens.audit_counts(_TABLE, protected=["g", "h"], n_boot=100, random_state=0)
    assert result.to_dict()["comparisons"] == listed.to_dict()["comparisons"]


def test_a_column_named_twice_is_refused_naming_it():
    twice = pd.concat([_TABLE, _TABLE[["count"]]], axis=1)  # was TypeError from pandas
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit_counts(twice, protected=["g", "h"], n_boot=100)
    assert str(err.value) == (
        "column 'count': the counts table has two columns named 'count'. "
        "Fix: rename the columns so each name is unique"
    )
