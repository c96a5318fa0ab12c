"""Round 45: analyze_counterfactuals(frame, y_pred=array) refused bad values as a data column,
"column 'y_pred': is not binary 0/1 ..." / "column 'y_score': scores must be in [0, 1]",
where no column was read and its own shape check (and PCER's SplitPredictions) name the
argument. Values passed are now named as the argument; a named Series (a column, as
analyze_scored passes it) keeps its column's name."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


@pytest.fixture
def table():
    return make_counterfactuals(pd.DataFrame({"g": ["a", "b", "a", "b"], "x": [1, 3, 5, 0]}), "g")


def _refused(table, y_pred, y_score=None) -> EthicLensInputError:
    with pytest.raises(EthicLensInputError) as err:
        analyze_counterfactuals(table, y_pred, y_score, n_boot=100)
    return err.value


@pytest.mark.parametrize(
    "y_pred,y_score,column",
    [
        (np.full(8, np.nan), None, "y_pred"),
        (list(range(8)), None, "y_pred"),
        (np.ones(7), None, "y_pred"),
        (np.ones(8), np.full(8, 2.0), "y_score"),
    ],
)
def test_values_name_the_argument(table, y_pred, y_score, column):
    err = _refused(table, y_pred, y_score)
    assert (err.kind, err.column) == ("argument", column)
    assert str(err).startswith(f"argument '{column}': ")


def test_a_named_series_keeps_its_column(table):
    err = _refused(table, pd.Series(np.full(8, 3), name="pp"))
    assert str(err).startswith("column 'pp (y_pred)': is not binary 0/1")
