"""Round 44 (privacy): ΔPCER^MIA = R_0 / max(AUC_0 − 1/2, η) − R_1 / max(AUC_1 − 1/2, η) was
computed in floats. Two groups of equal ratios (R 0.1 / AUC 0.6 and R 0.3 / AUC 0.8: both 1)
gave ΔPCER^MIA = +4.4e-16 and 'sign agrees with ΔPCER^δ: False' from rounding alone, and an
advantage of 0.09999999999999998. The AUC, its advantage and ΔPCER^MIA are now exact (rank
sum), correctly rounded, as round 43 made ΔPCER exact."""

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import roc_auc_score

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._tables import per_seed
from ethiclens.fairness import Policy
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit


def _split(name: str, n: int, positives: dict, wins: dict | None = None) -> SplitPredictions:
    """Groups a and b of ``n`` rows each; every train loss 1.0, a test row's loss 2.0 (the
    member wins) for the first ``wins[g]`` rows, else 0.5: AUC_g = wins[g] / n."""
    ys, ps, gs, losses = [], [], [], []
    for g in "ab":
        p = np.array([1] * positives[g] + [0] * (n - positives[g]))
        ys.append(p if name == "train" else 1 - p)  # train fits, test misses: δ_g = 1
        ps.append(p)
        gs += [g] * n
        w = n if wins is None else wins[g]
        losses.append(np.ones(n) if wins is None else np.array([2.0] * w + [0.5] * (n - w)))
    y, p = np.concatenate(ys), np.concatenate(ps)
    return SplitPredictions(y, p, np.array(gs), loss=np.concatenate(losses), name=name)


def test_equal_attack_ratios_give_zero_without_a_sign():
    train = _split("train", 10, {"a": 5, "b": 5})
    test = _split("test", 10, {"a": 1, "b": 3}, wins={"a": 6, "b": 8})
    mia = membership_inference(
        train,
        test,
        positive_rates={"a": 0.1, "b": 0.3},
        delta_pcer=-1.0,
        min_group_size=1,
    )
    assert [a.auc for a in mia.groups] == [0.6, 0.8]
    assert [a.advantage for a in mia.groups] == [0.1, 0.3]
    assert mia.delta_pcer_mia == 0.0
    assert mia.sign_agrees is None  # a zero has no sign to agree with


def test_pcer_audit_compares_with_its_exact_rates():
    # R_a = 1/6 over AUC_a − 1/2 = 1/6, R_b = 1/3 over 1/3: both ratios 1; the rates' printed
    # decimals (0.16666666666666666, 0.3333333333333333) differ by 6e-17 in ΔPCER^MIA
    r = pcer_audit(
        _split("train", 6, {"a": 3, "b": 3}),
        _split("test", 6, {"a": 1, "b": 2}, wins={"a": 4, "b": 5}),
        policy=Policy(pcer_min_group_size=1),
        n_boot=200,
    )
    assert r.mia.delta_pcer_mia == 0.0
    assert r.mia.sign_agrees is None


def test_auc_agrees_with_roc_auc_score_on_ties():
    rng = np.random.default_rng(44)
    n1, n0 = 37, 23
    tr_loss, te_loss = rng.integers(0, 4, n1) / 2, rng.integers(0, 4, n0) / 2
    train = SplitPredictions(np.zeros(n1, int), np.zeros(n1, int), ["g"] * n1, loss=tr_loss)
    test = SplitPredictions(np.ones(n0, int), np.zeros(n0, int), ["g"] * n0, loss=te_loss)
    mia = membership_inference(train, test, min_group_size=1)
    expected = roc_auc_score(np.r_[np.ones(n1), np.zeros(n0)], -np.r_[tr_loss, te_loss])
    assert abs(mia.groups[0].auc - expected) <= 1e-15


def _store_rows(result) -> pd.DataFrame:
    """The group rows a results store keeps of one run (the columns per_seed reads)."""
    rows = []
    for i, (g, attack) in enumerate(zip(result.groups, result.mia.groups, strict=True)):
        rows.append(
            dict(
                dataset="d", attribute="a", epsilon_key="none", epsilon=np.nan, seed=0,
                group_index=i, group_name=g.group, test_accuracy=0.5, epsilon_spent=np.nan,
                n_train=g.n_train, n_test=g.n_test, acc_train=g.acc_train,
                acc_test=g.acc_test, positive_rate=g.positive_rate, tpr=g.tpr_test,
                fpr=g.fpr_test, mia_auc=attack.auc, delta=g.delta,
            )
        )  # fmt: skip
    return pd.DataFrame(rows)


def test_sweep_tables_recompute_the_audits_exact_zero():
    # the sweep's per-seed table recomputes ΔPCER^MIA from the stored R_g and AUC_g: in floats
    # R 0.1 / AUC 0.6 against R 0.3 / AUC 0.8 gave 4.4e-16 where the audit says 0
    r = pcer_audit(
        _split("train", 10, {"a": 5, "b": 5}),
        _split("test", 10, {"a": 1, "b": 3}, wins={"a": 6, "b": 8}),
        policy=Policy(pcer_min_group_size=1),
        n_boot=200,
    )
    assert r.mia.delta_pcer_mia == 0.0
    table = per_seed(_store_rows(r))
    assert table.dpcer_mia.tolist() == [0.0]


def test_a_fraction_rate_out_of_range_is_refused_without_type_advice():
    train = _split("train", 10, {"a": 5, "b": 5})
    test = _split("test", 10, {"a": 1, "b": 3}, wins={"a": 6, "b": 8})
    with pytest.raises(EthicLensInputError) as info:
        membership_inference(train, test, positive_rates={"a": Fraction(3, 2), "b": 0.3})
    assert "from 0 to 1" in str(info.value) and "not a Fraction" not in str(info.value)
    exact = membership_inference(
        train, test, positive_rates={"a": Fraction(1, 10), "b": Fraction(3, 10)}, min_group_size=1
    )
    assert exact.delta_pcer_mia == 0.0
