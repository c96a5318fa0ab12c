"""One complex cell in a list of predictions or scores is the one refused: numpy read the
list as all complex, so every 0/1 beside it was counted as no prediction ('8 are not')."""

from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import analyze_counterfactuals, counterfactual, make_counterfactuals

X = pd.DataFrame({"sex": ["a", "b", "a", "b"], "x": [1, 2, 3, 4]})
TABLE = make_counterfactuals(X, "sex")
N = len(TABLE)


@pytest.mark.parametrize("wrap", [list, tuple])
def test_one_complex_prediction_in_a_list_is_counted_once(wrap):
    with pytest.raises(EthicLensInputError, match="; 1 is not, first at row 1") as info:
        analyze_counterfactuals(TABLE, wrap([0, 1 + 5j] + [1] * (N - 2)), n_boot=100)
    assert info.value.column == "y_pred" and info.value.value == 1 + 5j
    # a complex array stays refused whole: every cell of it is complex
    with pytest.raises(EthicLensInputError, match=f"; {N} are not, first at row 0"):
        analyze_counterfactuals(TABLE, np.array([1 + 5j] + [1] * (N - 1)), n_boot=100)


def test_a_model_answering_one_complex_value_in_a_list_is_counted_once():
    class Model:
        def predict(self, frame):
            return [1 + 5j] + [1] * (len(frame) - 1)

    with pytest.raises(EthicLensInputError, match=rf"\(1\+5j\), not 0 or 1 \(1 of {N} "):
        counterfactual(Model(), X, "sex", n_boot=100)

    class Scored:
        def predict(self, frame):
            return [1] * len(frame)

        def predict_proba(self, frame):
            return [[0.5, 0.5 + 1j]] + [[0.5, 0.5]] * (len(frame) - 1)

    with pytest.raises(EthicLensInputError, match="1 is not a number, first at row 0"):
        counterfactual(Scored(), X, "sex", n_boot=100)


def _refused(call):
    with pytest.raises(EthicLensInputError) as info:
        call()
    return info.value.problem, str(info.value.column), str(info.value.value)


def test_a_signalling_nan_column_name_is_refused_as_the_quiet_one():
    """make_counterfactuals(X, Decimal('sNaN')) and analyze_counterfactuals(...,
    attribute=Decimal('sNaN')) raised "TypeError: Cannot hash a signaling NaN value"."""
    snan, qnan = Decimal("sNaN"), Decimal("NaN")
    assert _refused(lambda: make_counterfactuals(X, snan)) == _refused(
        lambda: make_counterfactuals(X, qnan)
    )
    ones = [1] * N
    assert _refused(lambda: analyze_counterfactuals(TABLE, ones, attribute=snan)) == _refused(
        lambda: analyze_counterfactuals(TABLE, ones, attribute=qnan)
    )
