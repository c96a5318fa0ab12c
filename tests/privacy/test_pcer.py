"""PCER on constructed inputs with hand-computed answers."""

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from ethiclens import EthicLensInputError
from ethiclens.fairness import JEFFREYS_METHOD
from ethiclens.privacy import (
    PCER_SCHEMA_VERSION,
    SplitPredictions,
    load_pcer_schema,
    membership_inference,
    pcer_audit,
    validate_pcer_output,
)
from ethiclens.privacy._pcer import bootstrap_cells, draw_cells, group_statistics, pcer_values


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
    assert "B has the higher PCER, i.e. more positive predictions per unit of privacy cost" in (
        res.interpretation
    )
    assert "A gets less benefit per unit of membership-inference risk" in res.interpretation
    assert "Outcome: B receives the favourable prediction less often" in res.interpretation
    assert "Privacy cost: A has the larger overfitting gap" in res.interpretation
    assert "No double disadvantage" in res.interpretation


def test_group_order_flips_the_sign(two_groups):
    ab = pcer_audit(*two_groups, group_order=("A", "B")).delta_pcer
    ba = pcer_audit(*two_groups, group_order=("B", "A")).delta_pcer
    assert ab == -ba


def test_harmful_wording(two_groups):
    res = pcer_audit(*two_groups, group_order=("A", "B"), positive_is_favorable=False)
    text = res.interpretation
    assert "The positive prediction is a harm, so this ratio does not say which group" in text
    assert "Outcome: A receives the harmful prediction more often (R 0.400 vs 0.200)" in text
    assert "Double disadvantage: A has both the worse outcome and the larger privacy cost" in text
    assert "bears more harm" not in text


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
        expected = roc_auc_score(
            np.r_[np.ones(tr.sum()), np.zeros(te.sum())], -np.r_[loss_tr[tr], loss_te[te]]
        )
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
    loss = np.ones(len(train.y_true))
    loss[3] = np.inf
    # an unnamed split is refused where its role is known: pcer_audit names it train
    with pytest.raises(EthicLensInputError, match=r"train split: .*NaN or infinite.*row 3"):
        pcer_audit(SplitPredictions(train.y_true, train.y_pred, train.groups, loss=loss), test)
    small = _join(_split(100, 90, 50, "A"), _split(20, 16, 5, "B"))
    res = pcer_audit(small, _join(_split(100, 85, 40, "A"), _split(20, 15, 4, "B")))
    assert res.group("B").status == "INSUFFICIENT_DATA"
    assert any("floor of 30" in n for n in res.notes)


# --------------------------------------------------------------------------------------------
# Single-run uncertainty, statuses, the shared core, the sign sentences, the schema.
# --------------------------------------------------------------------------------------------


def _big():
    """1,000 train and 1,000 test rows per group; known rates and accuracies."""
    train = _join(_split(1000, 900, 400, "A"), _split(1000, 800, 300, "B"))
    test = _join(_split(1000, 850, 400, "A"), _split(1000, 780, 200, "B"))
    return train, test


@pytest.mark.parametrize("ci", ["jeffreys", "percentile"])
def test_bootstrap_intervals_match_binomial_widths(ci):
    """R_g and δ_g intervals have the width sampling theory gives (train, test drawn apart)."""
    res = pcer_audit(*_big(), group_order=("A", "B"), n_boot=4000, random_state=1, ci=ci)
    a = res.group("A").estimates
    half = 1.96 * np.sqrt(0.4 * 0.6 / 1000)  # R_A = 0.4 on 1,000 test rows
    assert a["positive_rate"].ci_low == pytest.approx(0.4 - half, abs=0.006)
    assert a["positive_rate"].ci_high == pytest.approx(0.4 + half, abs=0.006)
    # δ_A = 0.90 − 0.85: independent train and test resamples add their variances.
    sd = np.sqrt(0.9 * 0.1 / 1000 + 0.85 * 0.15 / 1000)
    assert a["delta"].value == pytest.approx(0.05)
    assert a["delta"].ci_low == pytest.approx(0.05 - 1.96 * sd, abs=0.006)
    assert a["delta"].ci_high == pytest.approx(0.05 + 1.96 * sd, abs=0.006)
    for est in [*res.estimates.values(), *a.values()]:
        assert est.status == "REPORTED" and est.reason is None
        assert est.ci_method.startswith(ci) and "train and test apart" in est.ci_method
        assert est.ci_low <= est.value <= est.ci_high
        # Only FPR, exactly 0 here (no false positives), is on the boundary of the draws.
        assert ("extended" in est.ci_method) == (est is a["fpr_test"] and ci == "jeffreys")
    if ci == "jeffreys":
        assert a["delta"].ci_method == JEFFREYS_METHOD.replace(
            "per group", "per group, train and test apart"
        )
    d = res.estimates["delta_pcer"]
    assert d.value == res.delta_pcer and d.ci_low < d.value < d.ci_high


def test_gap_intervals_fold_the_signed_difference():
    """Equal groups: DP-Gap 0 gets [0, h] (a percentile interval of |gap| would exclude 0)."""
    train = _join(_split(500, 450, 200, "A"), _split(500, 450, 200, "B"))
    test = _join(_split(500, 425, 200, "A"), _split(500, 425, 200, "B"))
    res = pcer_audit(train, test, group_order=("A", "B"), n_boot=2000)
    for name in ("dp_gap", "eo_gap", "dispersion"):
        est = res.estimates[name]
        assert est.value == pytest.approx(0) and est.ci_low == 0 and est.ci_high > 0
        assert est.ci_method.startswith("jeffreys (")
        assert "folded at 0" in est.ci_method
        # the EO-Gap's TPR and FPR differences hold together: Bonferroni over its two
        assert ("Bonferroni level 1 − 0.05/2" in est.ci_method) == (name == "eo_gap")
    half = 1.96 * np.sqrt(2 * 0.4 * 0.6 / 500)  # |R_A − R_B| with R = 0.4 on 500 rows each
    assert res.estimates["dp_gap"].ci_high == pytest.approx(half, abs=0.008)
    signed = res.estimates["dp_gap_signed"]
    assert signed.ci_low == pytest.approx(-half, abs=0.008) and signed.ci_high > 0


def test_bootstrap_is_seeded_and_validated():
    data = _big()
    one = pcer_audit(*data, n_boot=200, random_state=3).estimates["delta_pcer"]
    again = pcer_audit(*data, n_boot=200, random_state=3).estimates["delta_pcer"]
    other = pcer_audit(*data, n_boot=200, random_state=4).estimates["delta_pcer"]
    assert one == again and (one.ci_low, one.ci_high) != (other.ci_low, other.ci_high)
    assert one.ci_method.startswith("jeffreys")  # the default
    with pytest.raises(EthicLensInputError, match="ci"):
        pcer_audit(*data, ci="bca")
    for bad in (99, 0, 150.0, True, "1000"):
        with pytest.raises(EthicLensInputError, match="n_boot"):
            pcer_audit(*data, n_boot=bad)
    for bad in (-1, 1.5, True):
        with pytest.raises(EthicLensInputError, match="random_state"):
            pcer_audit(*data, random_state=bad)


def test_bootstrap_cells_resample_within_group_with_fixed_sizes():
    cells = np.array([[5, 0, 3, 2], [40, 10, 0, 50]])
    boot = bootstrap_cells(cells, 500, np.random.default_rng(0))
    assert boot.shape == (500, 2, 4)
    assert (boot.sum(axis=-1) == cells.sum(axis=-1)).all()  # group sizes fixed
    assert (boot[:, 0, 1] == 0).all() and (boot[:, 1, 2] == 0).all()  # empty cells stay empty
    assert boot[:, 1, 0].mean() == pytest.approx(40, abs=1.0)


def test_jeffreys_draws_vary_empty_cells_and_keep_group_sizes():
    cells = np.array([[5, 0, 3, 2], [40, 10, 0, 50], [0, 0, 0, 0]])
    boot = draw_cells(cells, 2000, np.random.default_rng(0))
    assert boot.shape == (2000, 3, 4)
    assert boot.sum(axis=-1) == pytest.approx(np.broadcast_to(cells.sum(axis=-1), (2000, 3)))
    assert (boot[:, 0, 1] > 0).all() and (boot[:, 1, 2] > 0).all()  # empty cells still vary
    assert (boot[:, 2] == 0).all()  # a group without rows has no draws
    # Dirichlet(cells + 1/2): cell 0 of group 1 has posterior mean 40.5 / 102 of 100 rows.
    assert boot[:, 1, 0].mean() == pytest.approx(100 * 40.5 / 102, abs=0.3)
    same = draw_cells(cells, 2000, np.random.default_rng(0))
    assert (boot == same).all()


def test_boundary_rates_get_a_one_sided_interval_containing_the_estimate():
    """Group B's test accuracy is exactly 1 and its positive rate exactly 0: a row bootstrap
    freezes both at [1, 1] and [0, 0]; the Jeffreys draws give a proper one-sided interval,
    extended to the estimate."""
    train = _join(_split(200, 180, 80, "A"), _split(200, 190, 10, "B"))
    test = _join(_split(200, 170, 80, "A"), _split(200, 200, 0, "B"))
    res = pcer_audit(train, test, group_order=("A", "B"), n_boot=2000, random_state=0)
    b = res.group("B").estimates
    acc, rate = b["acc_test"], b["positive_rate"]
    assert acc.value == 1.0 and acc.ci_high == 1.0 and 0.95 < acc.ci_low < 1.0
    assert rate.value == 0.0 and rate.ci_low == 0.0 and 0.0 < rate.ci_high < 0.05
    for est in (acc, rate):
        assert est.status == "REPORTED"
        assert est.ci_method.startswith("jeffreys (Dirichlet(cells + 1/2)")
        assert "extended to the estimate" in est.ci_method
    # Beta(0 + 1, 200 + 1) is the rate's marginal: its 97.5% quantile is about 0.0182.
    assert rate.ci_high == pytest.approx(0.0182, abs=0.003)
    plain = pcer_audit(train, test, group_order=("A", "B"), ci="percentile").group("B")
    assert (plain.estimates["positive_rate"].ci_low, plain.estimates["positive_rate"].ci_high) == (
        0.0,
        0.0,
    )
    assert "degenerate" in plain.estimates["positive_rate"].ci_method


@pytest.mark.parametrize("ci", ["jeffreys", "percentile"])
def test_every_interval_contains_its_estimate(ci):
    """Property over random small audits with empty cells: each reported interval contains its
    point estimate (and says so when it had to be extended)."""
    rng = np.random.default_rng(21)
    for _ in range(30):
        parts_tr, parts_te = [], []
        for g in ("P", "Q", "R")[: int(rng.integers(2, 4))]:
            n = int(rng.integers(30, 80))
            parts_tr.append(_split(n, int(rng.integers(n - 5, n + 1)), int(rng.integers(0, 4)), g))
            parts_te.append(_split(n, int(rng.integers(n - 8, n + 1)), int(rng.integers(0, 4)), g))
        res = pcer_audit(
            _join(*parts_tr),
            _join(*parts_te),
            n_boot=120,  # 3 groups: the EO-Gap's level 1 − 0.05/6 needs 120 draws
            random_state=int(rng.integers(1000)),
            ci=ci,
        )
        ests = [*res.estimates.values(), *(e for g in res.groups for e in g.estimates.values())]
        for est in ests:
            if est.ci_low is not None:
                assert est.ci_low <= est.value <= est.ci_high, est


def test_rates_come_from_the_fairness_core():
    import ethiclens.fairness as core

    cells_tr = np.array([[45, 5, 5, 45], [20, 10, 10, 60]])
    cells_te = np.array([[40, 10, 10, 40], [15, 5, 15, 65]])
    stats = group_statistics(cells_tr, cells_te, 1e-3)
    assert stats["positive_rate"] == pytest.approx(core.selection_rate(cells_te, True))
    assert stats["tpr_test"] == pytest.approx(core.true_positive_rate(cells_te))
    assert stats["fpr_test"] == pytest.approx(core.false_positive_rate(cells_te))
    assert stats["delta"] == pytest.approx(
        np.maximum(0, core.accuracy(cells_tr) - core.accuracy(cells_te))
    )
    assert stats["positive_rate"] == pytest.approx([0.5, 0.2])


def test_floor_is_the_policy_setting_and_withholds_the_headline():
    from ethiclens import Policy

    train = _join(_split(100, 90, 50, "A"), _split(20, 16, 5, "B"))
    test = _join(_split(100, 85, 40, "A"), _split(20, 15, 4, "B"))
    res = pcer_audit(train, test, group_order=("A", "B"))
    assert res.min_group_size == Policy().pcer_min_group_size == 30
    b = res.group("B")
    assert b.status == "INSUFFICIENT_DATA" and "below the floor of 30" in b.reason
    assert b.estimates["pcer"].status == "INSUFFICIENT_DATA"
    assert b.estimates["pcer"].ci_low is None and b.estimates["pcer"].ci_high is None
    assert res.group("A").estimates["pcer"].status == "REPORTED"
    head = res.estimates["delta_pcer"]
    assert head is res.headline and head.status == "INSUFFICIENT_DATA"
    assert head.value == pytest.approx(res.delta_pcer) and head.ci_low is None
    assert head.reason.startswith("not headlined: group(s) B below the floor of 30")
    assert res.interpretation.startswith("ΔPCER is not headlined")
    assert "Double disadvantage" not in res.interpretation
    for name in ("dp_gap", "eo_gap", "dispersion"):
        assert res.estimates[name].status == "INSUFFICIENT_DATA"
    lenient = pcer_audit(train, test, group_order=("A", "B"), policy=Policy(pcer_min_group_size=10))
    assert lenient.headline.status == "REPORTED" and lenient.headline.ci_low is not None
    assert lenient.min_group_size == 10
    with pytest.raises(EthicLensInputError, match="pcer_min_group_size"):
        Policy(pcer_min_group_size=0)
    with pytest.raises(EthicLensInputError, match="policy"):
        pcer_audit(train, test, policy={"pcer_min_group_size": 10})


def test_zero_denominator_is_undefined_never_zero():
    # Group B's test rows are all negative labels: its TPR (and the EO-Gap) is undefined.
    train = _join(_split(100, 90, 50, "A"), _split(100, 80, 30, "B"))
    test = _join(
        _split(100, 85, 40, "A"),
        (np.zeros(100, int), np.r_[np.ones(10), np.zeros(90)].astype(int), np.full(100, "B")),
    )
    res = pcer_audit(train, test, group_order=("A", "B"))
    tpr = res.group("B").estimates["tpr_test"]
    assert tpr.status == "UNDEFINED" and tpr.value is None and tpr.ci_low is None
    assert "no positive labels on test" in tpr.reason
    eo = res.estimates["eo_gap"]
    assert eo.status == "UNDEFINED" and eo.value is None and "TPR of B" in eo.reason
    assert res.eo_gap is None
    out = res.to_dict()
    assert out["statistics"]["eo_gap"]["value"] is None
    assert out["groups"][1]["statistics"]["tpr_test"]["value"] is None
    assert res.estimates["delta_pcer"].status == "REPORTED"  # ΔPCER needs no labels split
    validate_pcer_output(out)


def test_three_groups_have_no_delta_pcer_but_a_dispersion_interval():
    train = _join(_split(100, 90, 50, "A"), _split(100, 80, 30, "B"), _split(100, 95, 10, "C"))
    test = _join(_split(100, 85, 40, "A"), _split(100, 82, 20, "B"), _split(100, 85, 30, "C"))
    res = pcer_audit(train, test, n_boot=300)
    assert res.estimates["delta_pcer"].status == "UNDEFINED"
    assert "defined for two groups; this attribute has 3" in res.estimates["delta_pcer"].reason
    assert res.headline is res.estimates["dispersion"]
    assert res.headline.status == "REPORTED" and res.headline.ci_low <= res.dispersion
    validate_pcer_output(res.to_dict())


def test_one_model_note_points_to_the_sweep(two_groups):
    res = pcer_audit(*two_groups)
    assert "seed-to-seed" in res.note and "ethiclens pcer sweep" in res.note
    assert res.to_dict()["note"] == res.note


def test_json_follows_the_versioned_schema(two_groups):
    import jsonschema

    train, test = two_groups
    rng = np.random.default_rng(5)
    train.loss = rng.exponential(0.3, len(train.y_true))
    test.loss = rng.exponential(0.5, len(test.y_true))
    out = pcer_audit(train, test, group_order=("A", "B")).to_dict()
    assert (
        out["schema_version"]
        == PCER_SCHEMA_VERSION
        == load_pcer_schema()["$defs"]["pcer_audit"]["properties"]["schema_version"]["const"]
    )
    validate_pcer_output(out)
    broken = {**out, "statistics": {**out["statistics"]}}
    del broken["statistics"]["delta_pcer"]
    with pytest.raises(jsonschema.ValidationError):
        validate_pcer_output(broken)
    broken = {
        **out,
        "statistics": {
            **out["statistics"],
            "dp_gap": {**out["statistics"]["dp_gap"], "status": "OK"},
        },
    }
    with pytest.raises(jsonschema.ValidationError):
        validate_pcer_output(broken)


def _sentence(text, prefix):
    start = text.find(prefix)
    return None if start < 0 else text[start : text.index(".", start + len(prefix)) + 1]


def test_compas_like_signs_agree():
    """The issue's case: harmful label, Other has the higher PCER only because its δ is floored,
    African-American gets more harmful predictions and overfits more."""
    train = _join(_split(1000, 800, 250, "Other"), _split(1000, 720, 450, "African-American"))
    test = _join(_split(1000, 800, 250, "Other"), _split(1000, 700, 450, "African-American"))
    res = pcer_audit(
        train, test, group_order=("Other", "African-American"), positive_is_favorable=False
    )
    text = res.interpretation
    assert res.delta_pcer > 0
    assert "Other has the higher PCER" in text
    assert "Outcome: African-American receives the harmful prediction more often" in text
    assert "Privacy cost: African-American has the larger overfitting gap" in text
    assert "Double disadvantage: African-American" in text
    assert "Other bears" not in text and "Other receives the harmful" not in text


@pytest.mark.parametrize("favorable", [True, False])
def test_sign_sentences_never_contradict(favorable):
    """Property over 200 random two-group audits: each sentence names the group its definition
    picks, and the double-disadvantage sentence agrees with the outcome and cost sentences."""
    rng = np.random.default_rng(11 if favorable else 12)
    for _ in range(100):
        parts_tr, parts_te = [], []
        for g in ("P", "Q"):
            n = int(rng.integers(60, 300))
            pos_te = int(rng.integers(1, n))
            acc_te = int(rng.integers(n // 2, n))
            acc_tr = int(min(n, acc_te + rng.integers(-5, 20)))
            parts_tr.append(_split(n, acc_tr, int(rng.integers(1, n)), g))
            parts_te.append(_split(n, acc_te, pos_te, g))
        res = pcer_audit(
            _join(*parts_tr),
            _join(*parts_te),
            group_order=("P", "Q"),
            positive_is_favorable=favorable,
            n_boot=100,
        )
        text = res.interpretation
        p, q = res.group("P"), res.group("Q")
        outcome, cost = _sentence(text, "Outcome: "), _sentence(text, "Privacy cost: ")
        if p.positive_rate != q.positive_rate:
            lo, hi = (p, q) if p.positive_rate < q.positive_rate else (q, p)
            worse = lo if favorable else hi
            assert outcome.startswith(f"Outcome: {worse.group} receives"), text
        if p.delta != q.delta:
            costly = p if p.delta > q.delta else q
            assert cost.startswith(f"Privacy cost: {costly.group} has the larger"), text
        double = _sentence(text, "Double disadvantage: ")
        if double is not None:
            name = double.split()[2]
            assert outcome.startswith(f"Outcome: {name} ") and cost.startswith(
                f"Privacy cost: {name} "
            ), text
            if favorable:  # lower R and larger δ: necessarily the lower PCER too
                lower = p if p.pcer < q.pcer else q
                assert name == lower.group
                assert f"so {name} gets less benefit" in text
        if res.delta_pcer:
            hi_pcer = "P" if res.delta_pcer > 0 else "Q"
            assert f"{hi_pcer} has the higher PCER" in text
        assert "bears more harm" not in text


def test_missing_group_values_and_bad_losses_are_refused():
    y = np.array([0, 1, 1, 0, 1])
    with pytest.raises(
        EthicLensInputError, match=r"argument 'groups': train split: 2 row\(s\) have no group"
    ):
        SplitPredictions(y, y, np.array(["a", None, "b", np.nan, "a"], dtype=object), name="train")
    with pytest.raises(EthicLensInputError, match=r"argument 'groups': test split: 1 row"):
        SplitPredictions(y, y, np.array([1.0, 2.0, np.nan, 1.0, 2.0]), name="test")
    with pytest.raises(EthicLensInputError, match=r"negative, first at row 1"):
        SplitPredictions(y, y, list("aabba"), loss=[0.1, -0.2, 0.3, 0.1, 0.0], name="train")
    with pytest.raises(EthicLensInputError, match=r"not numbers, first at row 2"):
        SplitPredictions(
            y,
            y,
            np.array(list("aabba")),
            loss=np.array([0.1, 0.2, "high", 0.1, 0.0], dtype=object),
            name="train",
        )
