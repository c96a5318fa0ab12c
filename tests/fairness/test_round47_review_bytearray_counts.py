"""Round 47 review: a count or sum column of bytearrays (bytearray(b'5')) was refused as
'counts must be whole numbers >= 0 ... Fix: build the table with ethiclens counts' where the
same cells as bytes (b'5') or str are refused as 'a number written as text': one rule now, on
audit_counts and bin_counts alike."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.fairness import bin_counts

ROWS = [(g, y, p) for g in (20, 50) for y in (0, 1) for p in (0, 1)]
TEXT = "a number written as text (a string column) (7 more cell(s) like it)"
FIX = "Fix: store the column as numbers (pandas: pd.to_numeric(column))"


def _table(column, value) -> pd.DataFrame:
    table = pd.DataFrame(ROWS, columns=["g", "y_true", "y_pred"]).assign(count=5)
    return table.assign(**{column: [value] * len(table)})


@pytest.mark.parametrize("value", [b"5", bytearray(b"5")], ids=["bytes", "bytearray"])
@pytest.mark.parametrize(
    "call",
    [
        lambda t: ethiclens.audit_counts(t, protected="g"),
        lambda t: bin_counts(t, {"g": [0, 40, 100]}),
    ],
    ids=["audit_counts", "bin_counts"],
)
@pytest.mark.parametrize("column", ["count", "weight_sum"])
def test_bytearray_counts_are_refused_as_bytes_are(call, value, column):
    with pytest.raises(ethiclens.EthicLensInputError) as info:
        call(_table(column, value))
    message = str(info.value)
    assert message.startswith(f"column '{column}': cell (g=20, y_true=0, y_pred=0)")
    assert TEXT in message and message.endswith(f"(value: {value!r}). {FIX}")
