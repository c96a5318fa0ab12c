"""Round 28 review: the continuous-column refusal told numbers by the dtype's kind ("iufc"),
which an Arrow decimal column (``pd.ArrowDtype(pa.decimal128(...))``, kind "O") is not: 200
distinct amounts were each flipped to every other (40,000 rows) instead of refused as before.
Numbers are pandas' numeric dtypes again."""

from __future__ import annotations

import decimal

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.probes import make_counterfactuals

pa = pytest.importorskip("pyarrow")


@pytest.mark.parametrize(
    "dtype",
    [pd.ArrowDtype(pa.decimal128(10, 2)), pd.ArrowDtype(pa.float64()), "Float64", "float64"],
)
def test_a_continuous_column_of_any_numeric_dtype_is_refused(dtype):
    values = [decimal.Decimal(i) / 100 for i in range(200)]
    if "decimal" not in str(dtype):
        values = [float(v) for v in values]
    X = pd.DataFrame({"x": np.arange(200), "income": pd.array(values, dtype=dtype)})
    with pytest.raises(EthicLensInputError, match="looks continuous: 200 distinct numeric"):
        make_counterfactuals(X, "income")
