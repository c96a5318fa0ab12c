"""Round 45 (review of 5a7f0b27): values passed to analyze_counterfactuals are named as the
argument ("argument 'y_pred'"), but an unnamed Series (pd.Series(model.predict(X)), values as
an array is) still read "column 'y_pred'", as if a column had been read. Only a named Series
(a column: analyze_scored's, the CLI's) keeps its column's words."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, make_counterfactuals


@pytest.mark.parametrize(
    "y_pred,y_score,said",
    [
        (pd.Series(np.full(8, 0.7)), None, "argument 'y_pred': looks like scores"),
        (np.ones(8), pd.Series(np.full(8, 2.0)), "argument 'y_score': scores must"),
        (pd.Series(np.full(8, 0.7), name="y_pred"), None, "column 'y_pred': looks like"),
    ],
)
def test_an_unnamed_series_is_values(y_pred, y_score, said):
    table = make_counterfactuals(pd.DataFrame({"g": ["a", "b"] * 2, "x": [1, 3, 5, 0]}), "g")
    with pytest.raises(EthicLensInputError) as err:
        analyze_counterfactuals(table, y_pred, y_score, n_boot=100)
    assert str(err.value).startswith(said), err.value
