"""Round 31: a float32 column is read as the decimals it prints as (float32 0.1 is 0.1, not
0.10000000149011612: ``_text.printed_floats``), but float32 bin edges and thresholds were
widened exactly: edges np.float32([0, 0.1, 1]) binned the value 0.1 of a float32 column below
the edge 0.1 ('[0, 0.10000000149011612)'), and a float32 threshold 0.3 left a score of 0.3
unselected (and audited_threshold=np.float32(0.3) marked 0.30000001192092896). Edges and
thresholds given as float32 (or float16) are read as the decimals they print as, too."""

import numpy as np
import pandas as pd

import ethiclens


def test_float32_edges_bin_a_float32_column_as_printed():
    values = np.array([0.05, 0.1, 0.5] * 200, dtype=np.float32)
    n = len(values)
    r = np.random.default_rng(0)
    y, p = r.integers(0, 2, n), r.integers(0, 2, n)
    edges = np.array([0, 0.1, 1], dtype=np.float32)
    result = ethiclens.audit(
        y, p, pd.DataFrame({"x": values}), bins={"x": edges}, n_boot=100, random_state=0
    )
    groups = {g.group: g.n for g in result.attributes[0].groups}
    assert groups == {"[0, 0.1)": 200, "[0.1, 1]": 400}


def test_float32_thresholds_select_as_printed():
    r = np.random.default_rng(0)
    n = 400
    score = np.array([0.2, 0.3, 0.7, 0.9] * (n // 4))
    y = r.integers(0, 2, n)
    g = np.array(["a", "b"])[np.arange(n) % 2]
    table = ethiclens.threshold_table(
        y,
        score,
        g,
        thresholds=np.array([0.3, 0.7], dtype=np.float32),
        audited_threshold=np.float32(0.3),
        n_boot=100,
        random_state=0,
    )
    assert table.audited_threshold == 0.3
    assert sorted(table.frame["threshold"].unique()) == [0.3, 0.7]
    at = table.frame[table.frame["threshold"] == 0.3].set_index("group")["selection_rate"]
    assert at.to_dict() == {"a": 0.5, "b": 1.0}  # b's scores 0.3 and 0.9 both selected
    plain = ethiclens.threshold_table(
        y, score, g, thresholds=[0.3, 0.7], audited_threshold=0.3, n_boot=100, random_state=0
    )
    assert table.to_json() == plain.to_json()
