"""PCER on constructed inputs with hand-computed answers."""

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from ethiclens import EthicLensInputError
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit
from ethiclens.privacy._pcer import pcer_values


def _split(n, n_correct, n_pos_pred, group, rng=None):
    """n rows of one group: the first n_pos_pred predicted positive, n_correct correct."""
    y_pred = np.r_[np.ones(n_pos_pred), np.zeros(n - n_pos_pred)].astype(int)
    y_true = y_pred.copy()
    y_true[n_correct:] = 1 - y_true[n_correct:]
    return y_true, y_pred, np.full(n, group)


def _join(*parts, loss=None):
    y, p, g = (np.concatenate(x) for x in zip(*parts, strict=True))
    return SplitPredictions(y, p, g, loss=loss)


@pytest.fixture
def two_groups():
    train = _join(_split(100, 90, 50, "A"), _split(100, 80, 30, "B"))
    test = _join(_split(100, 85, 40, "A"), _split(100, 82, 20, "B"))
    return train, test


def test_hand_computed_two_groups(two_groups):
    res = pcer_audit(*two_groups, group_order=("A", "B"))
    a, b = res.group("A"), res.group("B")
    assert (a.acc_train, a.acc_test, a.delta) == pytest.approx((0.90, 0.85, 0.05))
    assert b.delta == 0.0  # 0.80 − 0.82 < 0 is clipped at 0
    assert a.positive_rate == 0.4 and b.positive_rate == 0.2
    assert a.pcer == pytest.approx(0.4 / 0.05)
    assert b.pcer == pytest.approx(0.2 / 1e-3)  # floor
    assert res.delta_pcer == pytest.approx(8 - 200)
    assert res.dp_gap == pytest.approx(0.2) and res.dp_gap_signed == pytest.approx(0.2)
    assert "B receives more positive predictions per unit of privacy cost than A" in (
        res.interpretation)
    assert "A gets less benefit" in res.interpretation


def test_group_order_flips_the_sign(two_groups):
    ab = pcer_audit(*two_groups, group_order=("A", "B")).delta_pcer
    ba = pcer_audit(*two_groups, group_order=("B", "A")).delta_pcer
    assert ab == -ba


def test_harmful_wording(two_groups):
    res = pcer_audit(*two_groups, group_order=("A", "B"), positive_is_favorable=False)
    assert "harm" in res.interpretation and "B bears more harm" in res.interpretation


def test_floor_regime_equals_dp_gap_over_eta():
    train = _join(_split(200, 160, 60, "A"), _split(200, 150, 20, "B"))
    test = _join(_split(200, 160, 80, "A"), _split(200, 150, 30, "B"))  # δ = 0 for both
    res = pcer_audit(train, test, group_order=("A", "B"))
    for f in res.floor:
        assert f.floor_dominated and f.equals_dp_gap_over_eta
        assert f.delta_pcer == pytest.approx((0.4 - 0.15) / f.eta)
    assert res.scales_like_inverse_eta
    assert "floor-dominated" in res.interpretation


def test_not_floor_dominated_when_gaps_are_large(two_groups):
    res = pcer_audit(*two_groups, group_order=("A", "B"))
    big = next(f for f in res.floor if f.eta == 1e-4)
    assert not big.floor_dominated and big.equals_dp_gap_over_eta is None


def test_three_groups_dispersion():
    train = _join(_split(100, 90, 50, "A"), _split(100, 80, 30, "B"), _split(100, 95, 10, "C"))
    test = _join(_split(100, 85, 40, "A"), _split(100, 82, 20, "B"), _split(100, 85, 30, "C"))
    res = pcer_audit(train, test)
    pcer = {g.group: g.pcer for g in res.groups}
    assert pcer == pytest.approx({"A": 0.4 / 0.05, "B": 0.2 / 1e-3, "C": 0.3 / 0.10})
    assert res.delta_pcer is None
    assert res.dispersion == pytest.approx(200 - 3)
    assert "dispersion" in res.interpretation


def test_delta_pcer_times_eta_tends_to_signed_dp_gap():
    """Property: as every δ_g → 0, ΔPCER·η → R_0 − R_1 (exactly once all δ_g < η)."""
    rng = np.random.default_rng(0)
    eta = 1e-3
    for _ in range(200):
        R = dict(zip("AB", rng.uniform(0, 1, 2), strict=True))
        u = dict(zip("AB", rng.uniform(0, 0.5, 2), strict=True))
        for t in np.logspace(0, -6, 25):
            _, d, _ = pcer_values(R, {g: t * u[g] for g in "AB"}, ("A", "B"), eta)
            error = abs(d * eta - (R["A"] - R["B"]))
            if t * max(u.values()) < eta:  # every δ_g below the floor: the limit is reached
                assert error < 1e-12


def test_mia_auc_equals_sklearn_per_group():
    rng = np.random.default_rng(1)
    n = 400
    g_tr, g_te = rng.choice(["x", "y"], n), rng.choice(["x", "y"], n)
    loss_tr = np.round(rng.exponential(0.5, n), 2)  # rounding creates ties
    loss_te = np.round(rng.exponential(0.6, n), 2)
    y = rng.integers(0, 2, n)
    train = SplitPredictions(y, y, g_tr, loss=loss_tr)
    test = SplitPredictions(y, 1 - y, g_te, loss=loss_te)
    res = membership_inference(train, test)
    for att in res.groups:
        tr, te = g_tr == att.group, g_te == att.group
        expected = roc_auc_score(np.r_[np.ones(tr.sum()), np.zeros(te.sum())],
                                 -np.r_[loss_tr[tr], loss_te[te]])
        assert att.auc == pytest.approx(expected, abs=1e-15)
        assert att.advantage == pytest.approx(expected - 0.5)
        assert att.yeom_advantage == pytest.approx(1.0)  # all right on train, all wrong on test
        assert att.yeom_mu_hat <= att.delta


def test_pcer_with_losses_runs_the_attack_and_compares_signs(two_groups):
    train, test = two_groups
    rng = np.random.default_rng(2)
    train.loss = rng.exponential(0.3, len(train.y_true))
    test.loss = rng.exponential(0.5, len(test.y_true))
    res = pcer_audit(train, test, group_order=("A", "B"))
    mia = res.mia
    adv = {a.group: a.advantage for a in mia.groups}
    expected = 0.4 / max(adv["A"], 1e-3) - 0.2 / max(adv["B"], 1e-3)
    assert mia.delta_pcer_mia == pytest.approx(expected)
    assert mia.sign_agrees == (np.sign(expected) == np.sign(res.delta_pcer))


def test_bad_inputs(two_groups):
    train, test = two_groups
    missing = SplitPredictions(test.y_true[:100], test.y_pred[:100], test.groups[:100])
    with pytest.raises(EthicLensInputError, match=r"different groups.*only in train \['B'\]"):
        pcer_audit(train, missing)
    with pytest.raises(EthicLensInputError, match="group_order"):
        pcer_audit(train, test, group_order=("A", "C"))
    with pytest.raises(EthicLensInputError, match=r"NaN or infinite.*row 3"):
        loss = np.ones(len(train.y_true))
        loss[3] = np.inf
        SplitPredictions(train.y_true, train.y_pred, train.groups, loss=loss)
    small = _join(_split(100, 90, 50, "A"), _split(20, 16, 5, "B"))
    res = pcer_audit(small, _join(_split(100, 85, 40, "A"), _split(20, 15, 4, "B")))
    assert res.group("B").status == "INSUFFICIENT_DATA"
    assert any("floor of 30" in n for n in res.notes)
