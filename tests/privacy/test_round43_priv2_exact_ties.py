"""Round 43 (priv2): two groups whose overfitting gaps are equal as fractions (0.8 − 0.7 and
0.7 − 0.6) were reported as 0.10000000000000009 and 0.09999999999999998 in floats: a ΔPCER of
-5.3e-15 with a sign ('B has the higher PCER'), 'A has the larger overfitting gap (δ 0.1000 vs
0.1000)', and the attack's Yeom gaps alike. The point values are now exact, correctly rounded."""

import numpy as np

from ethiclens.fairness import Policy
from ethiclens.privacy import SplitPredictions, membership_inference, pcer_audit


def _split(spec: dict, name: str, loss: bool = False) -> SplitPredictions:
    ys, ps, gs = [], [], []
    for g, (n, correct, positive) in spec.items():
        yp = np.array([1] * positive + [0] * (n - positive))
        yt = yp.copy()
        yt[correct:] = 1 - yt[correct:]
        ys.append(yt)
        ps.append(yp)
        gs += [g] * n
    n = len(gs)
    losses = np.linspace(0.1, 2.0, n) + (0.05 if name == "test" else 0) if loss else None
    return SplitPredictions(
        np.concatenate(ys), np.concatenate(ps), np.array(gs), loss=losses, name=name
    )


# accuracies 0.8 / 0.7 (group A) and 0.7 / 0.6 (group B): both gaps 1/10; both rates 1/2
TRAIN = {"A": (10, 8, 5), "B": (10, 7, 5)}
TEST = {"A": (10, 7, 5), "B": (10, 6, 5)}


def test_equal_gaps_give_a_zero_delta_pcer_without_a_sign():
    r = pcer_audit(
        _split(TRAIN, "train"),
        _split(TEST, "test"),
        policy=Policy(pcer_min_group_size=1),
        n_boot=200,
    )
    assert [g.delta for g in r.groups] == [0.1, 0.1]
    assert [g.pcer for g in r.groups] == [5.0, 5.0]
    assert r.delta_pcer == 0.0 and r.estimates["delta_pcer"].value == 0.0
    assert r.dispersion == 0.0
    assert [f.delta_pcer for f in r.floor] == [0.0] * len(r.floor)
    assert "higher PCER" not in r.interpretation
    assert "same overfitting gap" in r.interpretation


def test_floor_values_equal_the_headline_at_its_eta():
    # exact ratios that round apart in floats: R 0.3 / δ 0.1 and R 0.6 / δ 0.2
    train = {"A": (10, 9, 3), "B": (10, 9, 6)}
    test = {"A": (10, 8, 3), "B": (10, 7, 6)}
    r = pcer_audit(
        _split(train, "train"), _split(test, "test"), policy=Policy(pcer_min_group_size=1)
    )
    headline = next(f for f in r.floor if f.eta == r.eta)
    assert headline.delta_pcer == r.delta_pcer
    assert r.delta_pcer == 0.0


def test_attack_gaps_are_exact_too():
    mia = membership_inference(
        _split(TRAIN, "train", loss=True), _split(TEST, "test", loss=True), min_group_size=1
    )
    assert [a.yeom_advantage for a in mia.groups] == [0.1, 0.1]
    assert [a.delta for a in mia.groups] == [0.1, 0.1]
    assert [a.yeom_mu_hat for a in mia.groups] == [0.05, 0.05]


def test_a_gap_equal_to_eta_is_not_below_it_on_any_floor():
    # δ_A = δ_B = 1/10 exactly; η = 0.1 is a floor constant of the sensitivity analysis
    r = pcer_audit(
        _split(TRAIN, "train"), _split(TEST, "test"), policy=Policy(pcer_min_group_size=1)
    )
    at_tenth = next(f for f in r.floor if f.eta == 0.1)
    assert at_tenth.floor_dominated is False  # as interpret reads δ_g < η: 0.1 < 0.1 is False
    assert at_tenth.delta_pcer == 0.0
