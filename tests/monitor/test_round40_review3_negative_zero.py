"""Round 40 review (rv3b): a pandas DataFrame whose object group column holds a float -0.0
beside text ('0', 'x') was counted by the pandas engine as the group '0.0' and by DuckDB as
'-0.0' (DuckDB scans the float beside text as its own text); both now name it '0.0'."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import Columns, count_windows

pytest.importorskip("duckdb")

COLS = Columns(time="ts", y_pred="p", y_true="y", protected=("g",))


@pytest.mark.parametrize("zero", [-0.0, np.float64(-0.0)])
def test_duckdb_names_a_negative_zero_beside_text_as_pandas(zero):
    frame = pd.DataFrame(
        {
            "ts": pd.to_datetime(["2024-01-01"] * 6, utc=True),
            "y": [1, 0, 1, 0, 1, 0],
            "p": [1, 1, 0, 0, 1, 0],
            "g": pd.Series([zero, "0", 0.0, "x", "x", "x"], dtype=object),
        }
    )
    counts = {}
    for engine in ("pandas", "duckdb"):
        table = count_windows(frame, COLS, "1d", engine=engine).table
        count = next(c for c in table.columns if "count" in c)
        counts[engine] = table.groupby(table["g"].astype(str))[count].sum().to_dict()
    assert counts["pandas"] == {"0": 1, "0.0": 2, "x": 3}
    assert counts["duckdb"] == counts["pandas"]
