"""Round 28 (auditor): an oracle metric that no run could estimate (EO at base rates of 2%:
no positive labels in a group of 10) has no mean, bias or RMSE. The terminal table printed them
as ``nan`` / ``+nan`` and ``oracle --json`` wrote ``NaN``, which is not JSON; now they read
"undefined" and null, as every other face prints an undefined number."""

from __future__ import annotations

import json
import warnings

from ethiclens.probes import oracle_report, run_oracle
from tests.conftest import printed

ARGS = dict(repetitions=2, n_boot=100, methods=("jeffreys",), random_state=1)
NO_POSITIVES = dict(base_rates=(0.02, 0.02), disparate_impact=1.0, separation=0.0)


def _result():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return run_oracle(20, **ARGS, **NO_POSITIVES)


def test_oracle_json_writes_an_estimate_no_run_had_as_null():
    result = _result()
    eo = next(r for r in result.to_dict()["recovery"] if r["metric"] == "equalized_odds_difference")
    assert eo["mean_estimate"] is None and eo["bias"] is None and eo["rmse"] is None
    text = json.dumps(oracle_report([result]))
    assert "NaN" not in text
    json.loads(text, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    di = next(r for r in result.to_dict()["recovery"] if r["metric"] == "disparate_impact")
    assert di["mean_estimate"] == 1.0  # a defined one is as before


def test_oracle_table_prints_an_estimate_no_run_had_as_undefined():
    text = printed(_result().summary(1.0, 100))
    row = next(line for line in text.splitlines() if "equalized_odds_difference" in line)
    assert "nan" not in row.lower() and row.count("undefined") == 3
