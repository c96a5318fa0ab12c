"""Round 35: in the paper's MIA table a configuration whose attack was withheld in every seed (a
group below the PCER floor: its AUC stored null) counted as a sign DISagreement ("agree"
False, "Sign agreement: 1/2"), and one such row made both Pearson r's NaN ("undefined") for
the whole table. Now its agreement is undefined (None, "—"), said so in the summary line, and
the correlations use the defined rows."""

import math

import pandas as pd

from ethiclens.experiments import _tables
from ethiclens.experiments._tables import mia_table


def _seeds(auc1_of_last):
    rows = []
    for i, eps in enumerate(["0.5", "1", "5", "none"]):
        for seed in range(2):
            auc1 = auc1_of_last if eps == "none" else 0.52 + 0.01 * i
            dp, dpm = 0.5 + i, 1.0 + i
            rows.append(
                dict(dataset="compas", attribute="race", epsilon_key=eps, seed=seed,
                     delta0=0.05 + 0.01 * i, delta1=0.02 + 0.02 * i, auc0=0.55 + 0.02 * i,
                     auc1=auc1, dpcer=dp, dpcer_mia=math.nan if auc1 is None else dpm)
            )  # fmt: skip
    return pd.DataFrame(rows).astype({"auc1": float})


def test_a_withheld_attack_is_undefined_not_a_disagreement():
    table, summary = mia_table(_seeds(None))
    assert table.agree.tolist() == [None, True, True, True]  # no-DP first
    assert summary["sign_agreements"] == 3 and summary["sign_undefined"] == 1
    assert summary["configurations"] == 4
    assert not math.isnan(summary["pearson_dpcer_delta_vs_mia"])
    assert not math.isnan(summary["pearson_delta_vs_auc_advantage_pooled"])


def test_every_attack_reported_keeps_the_old_numbers():
    table, summary = mia_table(_seeds(0.6))
    assert table.agree.tolist() == [True] * 4 and summary["sign_undefined"] == 0
    delta = pd.Series([*table.delta0, *table.delta1])
    adv = pd.Series([*table.auc0, *table.auc1]) - 0.5
    assert math.isclose(summary["pearson_delta_vs_auc_advantage_pooled"], delta.corr(adv))
    assert _tables._undefined(summary) == ""
    said = _tables._undefined(mia_table(_seeds(None))[1])
    assert said == " (1 undefined: every seed's attack withheld, a group below the PCER floor)"
