"""A Decimal('sNaN') (a SQL NUMERIC's signalling NaN) in the probes' scores, predictions,
groups and tables is the missing value it reads as, refused by name as Decimal('NaN') is: it
raised "TypeError: Cannot hash a signaling NaN value" or decimal.InvalidOperation."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, counterfactual, make_counterfactuals
from ethiclens.probes._oracle import oracle_disparate_impacts

SNAN, QNAN = Decimal("sNaN"), Decimal("NaN")
X = pd.DataFrame({"sex": ["a", "b", "a", "b"], "x": [1, 2, 3, 4]})


def _refusal(call):
    with pytest.raises(EthicLensInputError) as info:
        call()
    return info.value.problem, info.value.column


@pytest.mark.parametrize("where", ["y_pred", "y_score", "_cf_row", "_cf_source", "_cf_target"])
def test_analyze_refuses_a_signalling_nan_as_a_missing_value(where):
    table = make_counterfactuals(X, "sex")
    n = len(table)

    def call(bad):
        frame, pred, score = table.copy(), [1] * n, [0.5] * n
        if where == "y_pred":
            pred = [bad, *pred[1:]]
        elif where == "y_score":
            score = [bad, *score[1:]]
        else:
            frame[where] = pd.Series([bad, *frame[where].tolist()[1:]], dtype=object)
        return lambda: analyze_counterfactuals(frame, pred, score, n_boot=100)

    assert _refusal(call(SNAN)) == _refusal(call(QNAN))


def test_make_counterfactuals_reads_a_signalling_nan_as_missing():
    other = X.astype({"x": object})
    other.loc[1, "x"] = SNAN
    assert make_counterfactuals(other, "sex")["x"].isna().sum() == 2  # row 1 and its flip
    refused = _refusal(lambda: make_counterfactuals(X, "sex", groups=["a", SNAN]))
    assert refused == _refusal(lambda: make_counterfactuals(X, "sex", groups=["a", QNAN]))


def test_a_model_answering_a_signalling_nan_is_refused():
    class Model:
        def predict(self, frame):
            return np.array([SNAN] + [1] * (len(frame) - 1), dtype=object)

    problem, column = _refusal(lambda: counterfactual(Model(), X, "sex", n_boot=100))
    assert column == "model" and "not 0 or 1" in problem


def test_oracle_refuses_a_signalling_nan_disparate_impact():
    problem, column = _refusal(lambda: oracle_disparate_impacts([SNAN, 0.5]))
    assert column == "disparate_impact" and "finite number" in problem
