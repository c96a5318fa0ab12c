"""Round 42: a black-box model answering with a Series of lists is one refusal of predict,
not pandas' TypeError (unhashable type: 'list')."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit

DOMAINS = {"sex": ["F", "M"], "x": [0, 1, 2]}


@pytest.mark.parametrize("cell", [[1], {"y": 1}, {1}])
def test_a_series_of_collections_is_one_refusal(cell):
    def predict(q):
        return pd.Series([cell] * len(q))

    with pytest.raises(EthicLensInputError, match=r"one 0/1 prediction per query \(20") as info:
        blackbox_audit(predict, DOMAINS, "sex", 20, random_state=0)
    assert info.value.column == "predict"
    assert type(cell).__name__ in info.value.problem


def test_a_series_of_numbers_still_audits():
    def predict(q):
        return pd.Series((q["x"] > 0).astype(int).tolist(), dtype=object)

    gaps = blackbox_audit(predict, DOMAINS, "sex", 20, random_state=0)
    assert set(gaps) == {"dp", "eo", "eopp"}
