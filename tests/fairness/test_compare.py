"""``ethiclens.compare``: B − A with paired intervals (issue 16)."""

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import COMPARE_SCHEMA_VERSION, compare
from ethiclens.report import validate_comparison


def _pair(seed, n=4000):
    """Groups r (reference) and g; A selects g at 0.30 and r at 0.50; B = A except that in g a
    quarter of A's negatives become positive: B selects g at 0.475 in expectation. So
    SPD(B) − SPD(A) = 0.175 and the selection rates of r are identical under both models."""
    rng = np.random.default_rng(seed)
    group = np.repeat(["r", "g"], n)
    y = (rng.random(2 * n) < 0.4).astype(int)
    a = (rng.random(2 * n) < np.where(group == "r", 0.5, 0.3)).astype(int)
    flip = (group == "g") & (a == 0) & (rng.random(2 * n) < 0.25)
    b = np.where(flip, 1, a)
    return y, a, b, group


TRUE_SPD_CHANGE = 0.175


def test_paired_interval_recovers_a_known_difference_and_is_narrower_than_unpaired():
    y, a, b, group = _pair(0)
    paired = compare(y, a, b, group, reference="r", random_state=1)
    unpaired = compare(y, a, b, group, reference="r", random_state=1, paired=False)
    dp = paired.difference("sensitive_feature_0", "g", "statistical_parity_difference")
    du = unpaired.difference("sensitive_feature_0", "g", "statistical_parity_difference")
    assert dp.difference.ci_low <= TRUE_SPD_CHANGE <= dp.difference.ci_high
    assert dp.difference.value == pytest.approx(du.difference.value)
    width_p = dp.difference.ci_high - dp.difference.ci_low
    width_u = du.difference.ci_high - du.difference.ci_low
    assert width_p < 0.8 * width_u  # pairing removes the shared noise
    assert dp.excludes_zero
    assert "paired" in dp.difference.ci_method and "unpaired" in du.difference.ci_method


def test_paired_coverage_over_replications():
    covered = 0
    for seed in range(20):
        y, a, b, group = _pair(100 + seed, n=1500)
        d = compare(y, a, b, group, reference="r", random_state=seed, n_boot=400).difference(
            "sensitive_feature_0", "g", "statistical_parity_difference"
        )
        covered += d.difference.ci_low <= TRUE_SPD_CHANGE <= d.difference.ci_high
    assert covered >= 16  # nominal 95 %: 19 of 20 expected; 16 is far in the tail


def test_paired_bootstrap_option_agrees_with_dirichlet():
    y, a, b, group = _pair(3)
    j = compare(y, a, b, group, reference="r", random_state=0)
    bs = compare(y, a, b, group, reference="r", random_state=0, ci="bootstrap")
    for name in ("disparate_impact", "equalized_odds_difference"):
        dj = j.difference("sensitive_feature_0", "g", name).difference
        db = bs.difference("sensitive_feature_0", "g", name).difference
        assert dj.value == db.value
        assert dj.ci_low == pytest.approx(db.ci_low, abs=0.02)
        assert dj.ci_high == pytest.approx(db.ci_high, abs=0.02)
    assert (
        "bootstrap"
        in bs.difference("sensitive_feature_0", "g", "disparate_impact").difference.ci_method
    )


def test_values_equal_each_models_own_audit_and_verdicts_are_theirs():
    y, a, b, group = _pair(1)
    c = compare(y, a, b, group, reference="r", random_state=0)
    for d in c.differences:
        ma = c.audit_a.comparison(d.attribute, d.group).metrics[d.metric]
        mb = c.audit_b.comparison(d.attribute, d.group).metrics[d.metric]
        assert d.value_a == pytest.approx(ma.value, abs=1e-12)
        assert d.value_b == pytest.approx(mb.value, abs=1e-12)
        assert d.difference.value == pytest.approx(mb.value - ma.value, abs=1e-12)
        assert d.difference.ci_low <= d.difference.value <= d.difference.ci_high
    (v,) = c.verdicts
    assert v.status_a == c.audit_a.comparisons[0].status == "FLAGGED"  # DI 0.6
    assert v.status_b == c.audit_b.comparisons[0].status
    assert v.changed == (v.status_a != v.status_b)
    # the reference group's selection rate is the same under both models
    r = next(d for d in c.group_differences if d.group == "r" and d.metric == "selection_rate")
    assert r.difference.value == 0  # and its interval is tight: no discordant rows in r
    assert -0.002 < r.difference.ci_low <= 0 <= r.difference.ci_high < 0.002


def test_json_has_schema_version_and_round_trips():
    y, a, b, group = _pair(2, n=800)
    c = ethiclens.compare(y, a, b, {"grp": group}, names=("old", "new"), random_state=0)
    d = json.loads(c.to_json())
    validate_comparison(d)
    import jsonschema

    broken = json.loads(c.to_json())
    broken["differences"][0]["difference"]["status"] = "FINE"
    with pytest.raises(jsonschema.ValidationError):
        validate_comparison(broken)
    assert d["schema_version"] == COMPARE_SCHEMA_VERSION
    assert d["kind"] == "model_comparison"
    assert d["models"] == {"a": "old", "b": "new"}
    assert {x["metric"] for x in d["differences"]} >= {
        "disparate_impact",
        "equalized_odds_difference",
        "statistical_parity_difference",
    }
    assert d["audits"]["a"]["schema_version"] and d["verdicts"][0]["status_a"]
    frame = c.to_frame()
    assert len(frame) == len(c.differences) and "ci_low" in frame


def test_unlabelled_compares_selection_metrics_only():
    y, a, b, group = _pair(4, n=800)
    c = compare(None, a, b, group, reference="r", random_state=0)
    validate_comparison(json.loads(c.to_json()))
    assert {d.metric for d in c.differences} == {
        "disparate_impact",
        "statistical_parity_difference",
    }


def test_html_and_repr(tmp_path):
    y, a, b, group = _pair(5, n=800)
    c = compare(y, a, b, group, reference="r", random_state=0, names=("A", "B"))
    html = c._repr_html_()
    assert "B − A" in html and ("flagged" in html or "pass" in html or "inconclusive" in html)
    assert len(repr(c)) < 3000 and "ModelComparison" in repr(c)
    out = c.to_html(tmp_path / "c.html")
    text = out.read_text()
    assert "<html" in text.lower() and "Verdicts under each model" in text


@pytest.mark.parametrize(
    "kwargs, column",
    [
        ({"pred_b": np.zeros(11, int)}, "pred_b"),  # length differs
        ({"y_true": np.zeros(7, int)}, "y_true"),
    ],
)
def test_different_lengths_refused(kwargs, column):
    y, a, b, group = _pair(6, n=5)
    args = {"y_true": y, "pred_a": a, "pred_b": b, "sensitive_features": group, **kwargs}
    with pytest.raises(EthicLensInputError) as err:
        compare(args.pop("y_true"), args.pop("pred_a"), args.pop("pred_b"), **args)
    assert err.value.column == column


def test_misaligned_pandas_index_refused():
    y, a, b, group = _pair(7, n=50)
    labels = pd.Index(np.arange(100) + 500)  # labels, not pandas' default index
    sa = pd.Series(a, index=labels)
    sb = pd.Series(b, index=labels)[::-1]  # same rows, reversed labels: paired by label
    plain = compare(y, a, b, group, random_state=0).to_dict()
    got = compare(
        pd.Series(y, index=labels), sa, sb, pd.Series(group, index=labels), random_state=0
    )
    assert got.to_dict() == plain
    with pytest.raises(EthicLensInputError, match="another order"):  # a default index: ambiguous
        compare(pd.Series(y), pd.Series(a), pd.Series(b)[::-1], pd.Series(group), random_state=0)
    sa = pd.Series(a)
    other = pd.Series(b, index=np.arange(1, 101))  # other labels: refused
    with pytest.raises(EthicLensInputError, match="index does not match") as err:
        compare(pd.Series(y), sa, other, pd.Series(group), random_state=0)
    assert err.value.column == "pred_b"
    # same index everywhere is fine, even a non-default one
    idx = np.arange(100, 200)
    c = compare(
        pd.Series(y, index=idx),
        pd.Series(a, index=idx),
        pd.Series(b, index=idx),
        pd.Series(group, index=idx),
        random_state=0,
    )
    assert c.data["n_rows"] == 100


def test_identical_models_refused():
    y, a, _, group = _pair(8, n=50)
    with pytest.raises(EthicLensInputError, match="identical") as err:
        compare(y, a, a.copy(), group)
    assert err.value.column == "pred_b"


def test_unknown_ci_refused():
    y, a, b, group = _pair(9, n=50)
    with pytest.raises(EthicLensInputError):
        compare(y, a, b, group, ci="bca")


# B − A in the population of _pair: DI 0.475/0.5 − 0.3/0.5, SPD 0.175, EO 0.025 − 0.2.
TRUE_CHANGES = {
    "disparate_impact": 0.35,
    "statistical_parity_difference": 0.175,
    "equalized_odds_difference": -0.175,
}


@pytest.mark.slow
def test_paired_and_unpaired_coverage_500_pairs():
    """The README's coverage figures: 500 simulated pairs, 1,000 rows per group, B = 1,000."""
    stats = {}
    for paired in (True, False):
        cov = dict.fromkeys(TRUE_CHANGES, 0)
        width = {k: [] for k in TRUE_CHANGES}
        for s in range(500):
            y, a, b, group = _pair(5000 + s, n=1000)
            c = compare(y, a, b, group, reference="r", random_state=s, paired=paired)
            for k, v in TRUE_CHANGES.items():
                d = c.difference("sensitive_feature_0", "g", k).difference
                cov[k] += d.ci_low <= v <= d.ci_high
                width[k].append(d.ci_high - d.ci_low)
        stats[paired] = (
            {k: x / 500 for k, x in cov.items()},
            {k: np.mean(w) for k, w in width.items()},
        )
    paired_cov, paired_w = stats[True]
    unpaired_cov, unpaired_w = stats[False]
    assert 0.93 <= paired_cov["disparate_impact"] <= 0.97
    assert 0.93 <= paired_cov["statistical_parity_difference"] <= 0.97
    assert paired_cov["equalized_odds_difference"] >= 0.93  # folded |.|: conservative
    for k in TRUE_CHANGES:
        assert unpaired_cov[k] >= 0.99 and unpaired_w[k] > 1.5 * paired_w[k]


def test_weighted_constant_weights_match_unweighted_comparison():
    """Weights of 2 on every row: Kish effective cells are the counts, so every rate and
    difference is the same, and the intervals come from the same distribution (drawn label by
    label, as weighted draws are: the same up to the draws' noise)."""
    y, a, b, group = _pair(3, n=1500)
    plain = compare(y, a, b, group, reference="r", random_state=4, n_boot=400)
    weighted = compare(
        y, a, b, group, reference="r", random_state=4, n_boot=400, sample_weight=np.full(3000, 2.0)
    )
    assert weighted.config["weighted"] is True and "weighted" not in plain.config
    for dp, dw in zip(plain.differences, weighted.differences, strict=True):
        assert (dp.metric, dp.group) == (dw.metric, dw.group)
        x, z = dp.difference.value, dw.difference.value
        assert (x is None and z is None) or x == pytest.approx(z, abs=1e-12)
        for x, z in (
            (dp.difference.ci_low, dw.difference.ci_low),
            (dp.difference.ci_high, dw.difference.ci_high),
        ):
            assert (x is None and z is None) or x == pytest.approx(z, abs=0.02)
    assert "Kish-effective" in weighted.differences[0].difference.ci_method
    assert weighted.audit_a.config["weighted"] is True
    validate_comparison(json.loads(weighted.to_json()))  # the schema takes the weighted config


def test_weighted_comparison_uses_weights_and_kish_floors():
    """Up-weighting B's flipped rows moves B's selection rate in g; the values equal each
    model's own weighted audit, and a group whose effective size is below the floor gets no
    interval, as in the weighted audit."""
    y, a, b, group = _pair(5, n=1500)
    rng = np.random.default_rng(0)
    w = np.where(b != a, 3.0, 1.0) * rng.uniform(0.5, 1.5, size=len(y))
    c = compare(y, a, b, group, reference="r", random_state=0, n_boot=400, sample_weight=w)
    own_b = ethiclens.audit(y, b, group, reference="r", sample_weight=w, random_state=0)
    d = c.difference("sensitive_feature_0", "g", "statistical_parity_difference")
    spd_b = own_b.comparison("sensitive_feature_0", "g").metrics["statistical_parity_difference"]
    assert d.value_b == pytest.approx(spd_b.value, abs=1e-12)
    assert d.difference.ci_low < d.difference.value < d.difference.ci_high
    # skewed weights: Kish n_eff of g far below its 1500 rows
    skew = np.where(group == "g", np.where(np.arange(len(y)) % 50 == 0, 1000.0, 0.01), 1.0)
    s = compare(y, a, b, group, reference="r", random_state=0, n_boot=200, sample_weight=skew)
    ds = s.difference("sensitive_feature_0", "g", "statistical_parity_difference")
    assert ds.difference.ci_low is None and ds.difference.status == "INSUFFICIENT_DATA"
    assert "n_eff" in ds.difference.reason


def test_weighted_bootstrap_and_bad_weights_refused():
    y, a, b, group = _pair(0, n=200)
    with pytest.raises(EthicLensInputError, match="ci") as err:
        compare(y, a, b, group, ci="bootstrap", sample_weight=np.ones(400))
    assert "jeffreys" in err.value.fix
    with pytest.raises(EthicLensInputError, match="sample_weight"):
        compare(y, a, b, group, sample_weight=np.ones(399))
    with pytest.raises(EthicLensInputError, match="sample_weight"):
        compare(y, a, b, group, sample_weight=np.r_[np.ones(399), -1.0])


def test_repr_names_the_method_of_the_computed_intervals():
    # A small group listed first (below the floor, no interval) used to make the summary read
    # "intervals: not reported: below the sample floor" for all of them.
    y, a, b, group = _pair(6, n=800)
    group = group.astype(object)
    group[:30] = "a_small"
    c = compare(y, a, b, group, reference="r", random_state=0)
    first = c.differences[0]
    assert first.group == "a_small" and first.difference.ci_low is None
    assert "intervals: not reported" not in repr(c) and "paired" in repr(c)
