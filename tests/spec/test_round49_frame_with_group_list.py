"""Round 49 (review of ee655a29): a one-column frame as y_true with the groups as a list of
text (audit(df[['y']], p, ['a', 'b', ...])) was refused as "a DataFrame given with its columns'
names ('b', 'a', 'b', ...)", every group value printed as a column name; a list is the
columns' names only where the frame has each."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

Y, P, G = [0, 1] * 20, [1, 0, 0, 1] * 10, ["a", "b"] * 20


def test_a_list_of_groups_is_not_taken_for_names():
    with pytest.raises(EthicLensInputError, match="must be one-dimensional") as caught:
        ethiclens.audit(pd.DataFrame({"y": Y}), P, G)
    assert "columns' names" not in str(caught.value)


def test_a_list_of_the_frames_columns_still_is():
    df = pd.DataFrame({"y": Y, "p": P, "race": G, "sex": G})
    with pytest.raises(EthicLensInputError, match=r"df\[\['race', 'sex'\]\]"):
        ethiclens.audit(df, y_true="y", y_pred="p", sensitive_features=["race", "sex"])
