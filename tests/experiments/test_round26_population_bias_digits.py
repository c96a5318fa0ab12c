"""Round 26: ``p2nia population-bias --json`` writes every digit of its records, as the audit's
and the threshold table's JSON do (pandas' ``to_json`` kept 10 decimal places: an error of
1e-11 read 0.0, 0.1234567890123 as 0.123456789); undefined numbers stay null."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from ethiclens.experiments import population_bias_document


def test_population_bias_records_keep_every_digit_and_null():
    frame = pd.DataFrame(
        {
            "audit_state": ["CA", "TX"],
            "repetition": np.array([0, 1], dtype=np.int64),
            "reference_dp": [0.1234567890123, 1e-11],
            "blackbox_dp": [np.nan, 0.5],
            "abs_error": [np.float32(0.25), 3e-12],
        }
    )
    doc = json.loads(json.dumps(population_bias_document(frame), allow_nan=False))
    first, second = doc["records"]
    assert first["reference_dp"] == 0.1234567890123 and second["reference_dp"] == 1e-11
    assert first["blackbox_dp"] is None and second["abs_error"] == 3e-12
    assert first["repetition"] == 0 and first["audit_state"] == "CA"
