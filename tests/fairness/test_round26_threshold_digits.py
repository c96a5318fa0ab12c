"""Round 26: a threshold table's JSON writes every digit, as its CSV and the audit's JSON do
(pandas' ``to_json`` kept 10 places: 0.9497181532 for 0.949718153177391, so a DI bound 4e-11
below its 0.80 threshold read as 0.8, and a rate of 1e-11 as 0.0)."""

from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd

from ethiclens.fairness import audit, threshold_table


def _data():
    rng = np.random.default_rng(5)
    n = 1200
    g = rng.choice(["a", "b", "c"], n, p=[0.5, 0.3, 0.2])
    y = rng.integers(0, 2, n)
    score = np.clip(0.5 * y + rng.normal(0.25, 0.2, n) + 0.1 * (g == "a"), 0, 1)
    return g, y, score, rng.uniform(0.5, 2, n)


def test_threshold_json_keeps_every_digit_as_the_audit_and_the_csv_do():
    g, y, score, w = _data()
    table = threshold_table(y, score, {"g": g}, sample_weight=w, n_boot=200, random_state=3)
    rows = json.loads(table.to_json())["rows"]
    csv = pd.read_csv(io.StringIO(table.to_csv()))
    pred = (score >= 0.5).astype(int)
    result = audit(y, pred, {"g": g}, sample_weight=w, n_boot=200, random_state=3)
    di = {c.group: c.metrics["disparate_impact"] for c in result.comparisons}
    at_half = {r["group"]: r for r in rows if r["threshold"] == 0.5}
    for group, m in di.items():
        assert abs(at_half[group]["di"] - m.value) < 1e-11  # not 10 places of them
    for i, row in enumerate(rows):
        for key, value in row.items():
            if isinstance(value, float):
                assert value == csv.loc[i, key], (key, value, csv.loc[i, key])
            elif value is None and key in csv:
                assert pd.isna(csv.loc[i, key])


def test_threshold_json_writes_a_tiny_number_not_0():
    g, y, score, w = _data()
    table = threshold_table(y, score, {"g": g}, n_boot=200, random_state=0)
    table.frame.loc[1, "selection_rate"] = 1e-11
    assert json.loads(table.to_json())["rows"][1]["selection_rate"] == 1e-11
