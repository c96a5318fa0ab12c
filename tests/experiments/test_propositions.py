"""Conformance of the package with the PCER paper's propositions (the claims ledger's rows point
here).

Proposition 1 (Yeom et al. 2018, applied per group): the fixed-threshold membership attacker
that guesses "member" exactly when the model classifies a record correctly has advantage
μ̂_g = Pr[correct] − 1/2 ≤ δ_g = max(0, acc_g^tr − acc_g^te). On a balanced member/non-member
draw its success rate is 1/2 + (acc_tr − acc_te)/2, and its advantage in Yeom's own sense
(true-positive minus false-positive rate) is acc_tr − acc_te exactly. The test runs that attack
on per-group train/test predictions and compares it with the δ_g the audit reports.
"""

import numpy as np
import pytest

from ethiclens.privacy import SplitPredictions, pcer_audit


def _split(rng, n_per_group: dict, accuracy: dict, name: str) -> SplitPredictions:
    """Predictions that are right for a ``accuracy[g]`` share of group g's rows."""
    y_true, y_pred, groups = [], [], []
    for g, n in n_per_group.items():
        y = rng.integers(0, 2, n)
        right = rng.random(n) < accuracy[g]
        y_true.append(y)
        y_pred.append(np.where(right, y, 1 - y))
        groups.append(np.full(n, g))
    return SplitPredictions(
        np.concatenate(y_true), np.concatenate(y_pred), np.concatenate(groups), name=name
    )


def yeom_attack(train: SplitPredictions, test: SplitPredictions, group: str) -> dict:
    """Yeom's 0-1 loss attacker on one group: "member" iff the prediction is correct.

    Members are the group's training rows, non-members its test rows, weighted equally (the
    balanced prior under which Pr[correct] − 1/2 is the advantage)."""
    tr, te = train.groups == group, test.groups == group
    says_member_tr = train.y_pred[tr] == train.y_true[tr]  # true positives among members
    says_member_te = test.y_pred[te] == test.y_true[te]  # false positives among non-members
    tpr, fpr = says_member_tr.mean(), says_member_te.mean()
    correct = 0.5 * tpr + 0.5 * (1 - fpr)
    return {"advantage": tpr - fpr, "mu_hat": correct - 0.5}


@pytest.mark.parametrize("seed", range(5))
def test_proposition_1_yeom_attack_advantage_is_bounded_by_delta_g(seed):
    rng = np.random.default_rng(seed)
    sizes_tr, sizes_te = {"a": 4000, "b": 900}, {"a": 1700, "b": 400}
    # group a overfits, group b generalises (its test accuracy is at or above train's)
    train = _split(rng, sizes_tr, {"a": 0.93, "b": 0.80}, "train")
    test = _split(rng, sizes_te, {"a": 0.85, "b": 0.82}, "test")
    result = pcer_audit(train, test, n_boot=100, random_state=seed)
    for g in ("a", "b"):
        reported = result.group(g)
        attack = yeom_attack(train, test, g)
        gap = reported.acc_train - reported.acc_test
        # Yeom's Theorem: the attack's advantage (TPR − FPR) is the generalisation gap exactly
        assert attack["advantage"] == pytest.approx(gap, abs=1e-12)
        # the audit's δ_g is that gap clipped at 0 ...
        assert reported.delta == pytest.approx(max(gap, 0.0), abs=1e-12)
        # ... and bounds the attacker's advantage: μ̂_g = gap / 2 ≤ δ_g (Proposition 1)
        assert attack["mu_hat"] == pytest.approx(gap / 2, abs=1e-12)
        assert attack["mu_hat"] <= reported.delta + 1e-12
    assert result.group("a").delta > 0.02  # the overfit group's bound is not vacuous
