"""Round 40: sensitive_features (a DataFrame or a dict) and a counts table holding 'café' with
one accented letter and 'café' with an 'e' and a combining accent gave two attributes both
printed 'café'. Refused now as a file's header is (io._refuse_repeated_names), in its words."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness._counts import refuse_columns_twice

A, B = "caf\xe9", "cafe\u0301"
Y = np.array([0, 1] * 20)
G = np.repeat(["x", "y"], 20)
WORDS = f"has two columns named {B!r} ('caf\\xe9' and 'cafe\\u0301': two Unicode forms)"


@pytest.mark.parametrize(
    "sf", [{A: G, B: G}, pd.DataFrame({A: G, B: G}), {A: list(G), B: G.astype(object)}]
)
def test_sensitive_features_with_two_forms_of_a_name_is_refused(sf):
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(Y, Y, sensitive_features=sf, n_boot=100)
    assert (info.value.column, info.value.kind) == ("sensitive_features", "argument")
    assert WORDS in str(info.value)


def test_the_same_name_twice_keeps_its_words():
    frame = pd.DataFrame([G, G]).T.set_axis(["g", "g"], axis=1)
    with pytest.raises(EthicLensInputError, match="protected attribute named twice"):
        ethiclens.audit(Y, Y, sensitive_features=frame, n_boot=100)


def test_a_counts_table_with_two_forms_of_a_name_is_refused():
    table = pd.DataFrame({A: ["x"], B: ["y"], "y_pred": [1], "count": [3]})
    with pytest.raises(EthicLensInputError) as info:
        refuse_columns_twice(table)
    assert "the counts table " + WORDS in str(info.value)
    refuse_columns_twice(table.rename(columns={B: "other"}))  # distinct names pass
