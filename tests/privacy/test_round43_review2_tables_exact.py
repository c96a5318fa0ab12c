"""Round 43 review (rpriv2) of 140f7a2a: pcer_audit now gives ΔPCER exactly (0 for groups of
equal ratios), but the sweep's tables (per_seed, the sign tests) recomputed ΔPCER in floats
from the stored R_g and δ_g: R 1/2, δ 3/10 against R 1/3, δ 1/5 (both PCER 5/3) gave ΔPCER
2.2e-16 where the audit of the same rows says 0, counted as a positive sign."""

from fractions import Fraction

import numpy as np
import pandas as pd

from ethiclens.experiments._tables import per_seed, sign_test
from ethiclens.fairness import Policy
from ethiclens.privacy import SplitPredictions, pcer_audit


def _split(spec: dict, name: str) -> SplitPredictions:
    ys, ps, gs = [], [], []
    for g, (n, correct, positive) in spec.items():
        yp = np.array([1] * positive + [0] * (n - positive))
        yt = yp.copy()
        yt[correct:] = 1 - yt[correct:]
        ys += [yt]
        ps += [yp]
        gs += [g] * n
    return SplitPredictions(np.concatenate(ys), np.concatenate(ps), np.array(gs), name=name)


# A: acc 9/10 → 6/10 (δ 3/10), R 5/10; B: acc 15/15 → 12/15 (δ 1/5), R 5/15: PCER 5/3 both
TRAIN = {"A": (10, 9, 5), "B": (15, 15, 5)}
TEST = {"A": (10, 6, 5), "B": (15, 12, 5)}


def _frame(result, seeds=(0,), delta=None) -> pd.DataFrame:
    rows = []
    for seed in seeds:
        for i, g in enumerate(result.groups):
            rows.append(
                dict(
                    dataset="d", attribute="a", epsilon_key="none", epsilon=np.nan, seed=seed,
                    group_index=i, group_name=g.group, test_accuracy=0.7, epsilon_spent=np.nan,
                    n_train=g.n_train, n_test=g.n_test, acc_train=g.acc_train,
                    acc_test=g.acc_test, positive_rate=g.positive_rate, tpr=g.tpr_test,
                    fpr=g.fpr_test, mia_auc=0.5,
                    delta=g.delta if delta is None else delta[i],
                )
            )  # fmt: skip
    return pd.DataFrame(rows)


def _audit():
    return pcer_audit(
        _split(TRAIN, "train"), _split(TEST, "test"), policy=Policy(pcer_min_group_size=1),
        n_boot=200,
    )  # fmt: skip


def test_the_tables_delta_pcer_is_the_audits_exact_zero():
    r = _audit()
    assert r.delta_pcer == 0.0
    table = per_seed(_frame(r, seeds=(0, 1, 2)))
    assert list(table["dpcer"]) == [0.0, 0.0, 0.0]
    assert list(table["dpcer_0.1"]) == [r.floor[-1].delta_pcer] * 3 == [0.0] * 3
    assert sign_test(table["dpcer"])[:2] == (0, 0)  # no sign from a rounding


def test_values_off_the_counts_keep_their_exact_value():
    r = _audit()
    # a δ the accuracies do not give (a store written by hand): taken as the float it is
    table = per_seed(_frame(r, delta=[0.25, 0.2]))
    # (1/2)/(1/4) − (1/3)/(1/5) = 2 − 5/3, rounded once (floats: 0.3333333333333335)
    assert table["dpcer"][0] == float(Fraction(1, 3))
    frame = _frame(r)
    frame.loc[1, "positive_rate"] = np.nan  # undefined: NaN, as before
    assert np.isnan(per_seed(frame)["dpcer"][0])
