"""A ΔPCER of 0 (or -0.0) has no sign: ``sign_agrees`` is undefined (None / null / —), never a
disagreement, on every face (membership_inference, pcer_audit's JSON, the terminal, the
experiments' MIA table)."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.experiments._tables import _undefined, mia_table
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit
from ethiclens.privacy._summary import mia_blocks

N = 80


def _split(shift: float, seed: int) -> SplitPredictions:
    rng = np.random.default_rng(seed)
    y = np.tile([0, 0, 1, 1], N // 4)  # each group: half 0, half 1
    pred = y.copy()
    pred[:8] = 1 - pred[:8]  # the same errors in both groups (rows alternate a, b)
    loss = rng.random(N) + shift * np.tile([1, 0], N // 2)  # the attack differs per group
    return SplitPredictions(y_true=y, y_pred=pred, groups=np.tile(["a", "b"], N // 2), loss=loss)


TRAIN, TEST = _split(0.0, 1), _split(0.4, 2)
RATES = {"a": 0.4, "b": 0.3}


@pytest.mark.parametrize("zero", [0, 0.0, -0.0, np.float64(-0.0)])
def test_zero_delta_pcer_has_no_sign(zero):
    r = membership_inference(TRAIN, TEST, positive_rates=RATES, delta_pcer=zero)
    assert r.delta_pcer_mia != 0
    assert r.sign_agrees is None
    assert json.loads(json.dumps(r.to_dict()))["sign_agrees"] is None
    line = mia_blocks(r)[-1]
    assert "sign agrees with ΔPCER^δ: — (undefined: a ΔPCER of 0 has no sign)" in line


def test_nonzero_signs_still_compared():
    pos = membership_inference(TRAIN, TEST, positive_rates=RATES, delta_pcer=0.5)
    neg = membership_inference(TRAIN, TEST, positive_rates=RATES, delta_pcer=-0.5)
    assert {pos.sign_agrees, neg.sign_agrees} == {True, False}
    assert mia_blocks(pos)[-1].endswith(str(pos.sign_agrees))


def test_pcer_audit_of_equal_groups_has_no_sign_agreement():
    res = pcer_audit(TRAIN, TEST, n_boot=100)
    assert res.to_dict()["statistics"]["delta_pcer"]["value"] == 0
    assert res.mia.delta_pcer_mia != 0
    assert res.mia.sign_agrees is None and res.to_dict()["mia"]["sign_agrees"] is None


def test_mia_table_zero_mean_is_undefined_but_correlated():
    rows = []
    for key, dp, mia in (
        ("none", 0.0, -3.0),
        ("1.0", 2.0, 4.0),
        ("5.0", -1.0, 2.0),
        ("10.0", 1, 1),
    ):
        for seed_shift in (-1.0, 1.0):
            shift = 0.0 if dp == 0 else seed_shift * 0.1
            rows.append(
                {
                    "dataset": "d",
                    "attribute": "a",
                    "epsilon_key": key,
                    "dpcer": dp + shift,
                    "dpcer_mia": mia,
                    "delta0": 0.01,
                    "delta1": 0.02,
                    "auc0": 0.51,
                    "auc1": 0.52,
                }
            )
    table, summary = mia_table(pd.DataFrame(rows))
    assert table.agree.tolist()[0] is None  # no-DP: mean ΔPCER^δ 0
    assert summary["sign_agreements"] == 2 and summary["sign_undefined"] == 1
    assert summary["configurations"] == 4
    assert not np.isnan(summary["pearson_dpcer_delta_vs_mia"])  # the 0 still correlates
    assert _undefined(summary) == " (1 undefined: 1 with a mean ΔPCER of 0, which has no sign)"
