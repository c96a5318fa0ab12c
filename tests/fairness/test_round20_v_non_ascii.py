"""Round 20 (V): a score or weight given as text with a character that is not ASCII (a
no-break space, an Arabic-Indic or full-width digit) is not a number, as '1_000' is not:
Python's float() reads it, DuckDB's, Dask's and Spark's casts do not, so the audit refuses it
naming the first such value and its row rather than taking it for a number."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens

PROBLEM = {
    "sample_weight": "weights must be numbers",
    "y_score": "scores must be numbers in [0, 1]",
}


@pytest.mark.parametrize(
    "text", ["\xa00.5", "0.5\u2003", "\u0661", "\uff10.\uff15", "\u0660.\u0665"]
)
@pytest.mark.parametrize("role", sorted(PROBLEM))
@pytest.mark.parametrize("kind", [list, np.array])
def test_non_ascii_text_is_not_a_number(role, text, kind):
    values = kind(["0.5", "0.25", text, "0.75"] * 2)
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        ethiclens.audit(
            pd.Series([0, 1] * 4),
            pd.Series([1, 0] * 4),
            pd.DataFrame({"race": ["A", "B"] * 4}),
            **{role: values},
            n_boot=100,
        )
    said = str(exc.value)
    assert f"{PROBLEM[role]}; 2 values are not numbers, first at row 2 (value: {text!r})" in said
