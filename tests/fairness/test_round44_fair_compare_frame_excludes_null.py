"""Round 44 (fairness): ``ModelComparison.to_frame()`` said ``excludes_zero`` False for a B − A
with no interval (a group below its sample floor), where the JSON says
``interval_excludes_zero: null``: False reads as an interval spanning 0, a finding the data
never gave. The frame now says None there, as the JSON; True/False where an interval exists."""

from __future__ import annotations

import numpy as np

from ethiclens.fairness import compare


def test_frame_excludes_zero_is_none_where_the_json_is_null():
    rng = np.random.default_rng(0)
    n = 2000
    g = np.where(np.arange(n) < 12, "small", np.where(np.arange(n) % 2, "a", "b"))
    y, a = rng.integers(0, 2, n), rng.integers(0, 2, n)
    b = a.copy()
    b[(g == "b") & (np.arange(n) < 1200)] = 1
    result = compare(y, a, b, g, n_boot=100, random_state=0, reference="a")
    rows = result.to_frame().to_dict("records")
    said = [d["interval_excludes_zero"] for d in result.to_dict()["differences"]]
    assert len(rows) == len(said) and None in said and True in said
    for row, json_value in zip(rows, said, strict=True):
        assert row["excludes_zero"] is json_value or row["excludes_zero"] == json_value
        if json_value is None:
            assert row["excludes_zero"] is None, row
