"""p2nia.release on a DataFrame whose object column (the group, a label, an extra column a
synthetic mechanism releases as categories) holds a whole number past Python's int-to-text
limit (10**5000): one refusal naming the column, the number shortened, never the ValueError."""

import numpy as np
import pandas as pd
import pytest

from ethiclens import p2nia
from ethiclens.errors import EthicLensInputError

HUGE = 10**5000
SHOWN = "100000000000…000000 (5,001 digits)"


@pytest.mark.parametrize(("column", "mechanism"), [("x", "mst"), ("g", "grr"), ("y_pred", "mst")])
def test_huge_whole_number_in_released_data_is_refused_naming_it(column, mechanism):
    rng = np.random.default_rng(0)
    data = pd.DataFrame(
        {
            "g": ["a", "b"] * 20,
            "y_true": rng.integers(0, 2, 40),
            "y_pred": rng.integers(0, 2, 40),
            "x": ["u", "v"] * 20,
        }
    )
    data[column] = pd.Series([HUGE, *data[column].iloc[1:]], dtype=object)
    request = p2nia.AuditRequest(n=20, protected="g", epsilon=1.0, mechanism=mechanism)
    columns = ["x"] if mechanism != "grr" else None
    with pytest.raises(EthicLensInputError) as err:
        p2nia.release(request, data, "y_true", "y_pred", columns=columns)
    assert f"'{column}'" in str(err.value) and SHOWN in str(err.value)
    assert "4300" not in str(err.value)
