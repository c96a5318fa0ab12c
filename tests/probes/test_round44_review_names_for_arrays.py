"""Round 44 review (probes, privacy): a column's name given where its values are expected
(analyze_counterfactuals(frame, 'pred', 'score'), SplitPredictions(y_pred='pred')) was told
'must be a 1-D array ... got a scalar' with a fix about arr.ravel(): nothing said that a name is
not its values. check_one_per_row now names the text and says to pass the values (df['pred']),
and the probe names analyze_scored, which takes a scored file's column names."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.privacy import SplitPredictions
from ethiclens.probes import analyze_counterfactuals


def test_analyze_counterfactuals_names_given_for_arrays():
    frame = pd.DataFrame({"pred": [0, 1], "score": [0.1, 0.9]})
    with pytest.raises(EthicLensInputError) as info:
        analyze_counterfactuals(frame, "pred", "score")
    text = str(info.value)
    assert "got the text 'pred'" in text and "df['pred']" in text
    assert "analyze_scored('scored.csv', y_pred='pred', y_score='score')" in text
    with pytest.raises(EthicLensInputError, match=r"got the text 'score'.*df\['score'\]"):
        analyze_counterfactuals(frame, frame["pred"], "score")


def test_a_split_names_a_column_name_given_for_values():
    with pytest.raises(EthicLensInputError, match=r"got the text 'loss'.*df\['loss'\]"):
        SplitPredictions(y_true=[0, 1], y_pred=[0, 1], groups=["a", "b"], loss="loss", name="t")
