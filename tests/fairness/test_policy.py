"""Floors, statuses, flags and headlines on constructed data."""

import numpy as np
import pytest

import ethiclens
from ethiclens.fairness import FLAGGED, INCONCLUSIVE, INSUFFICIENT_DATA, PASS, UNDEFINED, Policy
from tests.conftest import make_binary_data


def _exact(sizes, sel, base=None, pos_sel=None):
    """Rows whose group rates are exact (no sampling noise): per group n rows, a share
    ``base`` with label 1, predictions positive for the first sel·n rows (or, with
    ``pos_sel``, TPR/FPR given per group)."""
    ys, ps, gs = [], [], []
    for i, n in enumerate(sizes):
        b = base[i] if base else 0.5
        n_pos = int(round(b * n))
        y = np.r_[np.ones(n_pos, int), np.zeros(n - n_pos, int)]
        if pos_sel:
            tpr, fpr = pos_sel[i]
            k1, k0 = int(round(tpr * n_pos)), int(round(fpr * (n - n_pos)))
            p = np.r_[
                np.ones(k1, int),
                np.zeros(n_pos - k1, int),
                np.ones(k0, int),
                np.zeros(n - n_pos - k0, int),
            ]
        else:
            k = int(round(sel[i] * n))
            # spread predictions evenly over both labels
            p = np.zeros(n, int)
            p[np.linspace(0, n - 1, k).astype(int)] = 1 if k else 0
        ys.append(y)
        ps.append(p)
        gs += [f"g{i}"] * n
    return np.concatenate(ys), np.concatenate(ps), np.array(gs)


def _audit(y, p, a, **kw):
    kw.setdefault("n_boot", 1000)
    kw.setdefault("random_state", 0)
    return ethiclens.audit(y, p, a, reference="g0", **kw)


def test_flag_via_disparate_impact():
    y, p, a = _exact([2000, 2000], [0.5, 0.2])
    c = _audit(y, p, a).comparisons[0]
    assert c.metrics["disparate_impact"].status == FLAGGED
    assert c.metrics["disparate_impact"].ci_high < 0.8
    assert c.flagged and "DI_CI_BELOW_THRESHOLD" in c.flag_rules
    assert c.status == FLAGGED and "entirely outside [0.80, 1.25]" in c.flag_reason
    assert c.disadvantaged == "g1"


def test_flag_below_rule_is_the_seeds_one_sided_rule():
    y, p, a = _exact([2000, 2000], [0.2, 0.5])  # the comparison group is selected MORE often
    two = _audit(y, p, a).comparisons[0]
    assert two.flagged and "DI_CI_ABOVE_INVERSE_THRESHOLD" in two.flag_rules
    assert two.disadvantaged == "g0"  # the reference is the less-selected group
    below = _audit(y, p, a, policy=Policy(di_rule="below")).comparisons[0]
    assert below.metrics["disparate_impact"].status == PASS
    assert not any(r.startswith("DI_") for r in below.flag_rules)
    assert below.disadvantaged is None


def test_harmful_label_names_the_more_selected_group():
    y, p, a = _exact([2000, 2000], [0.5, 0.2])
    c = _audit(y, p, a, positive_is_favorable=False).comparisons[0]
    assert c.flagged and c.disadvantaged == "g0"
    assert "harmful label less often" in c.flag_reason


def test_flag_via_equalized_odds_when_di_is_blind():
    # Same selection rate, very different error rates: DI passes, EO flags (the COMPAS case).
    y, p, a = _exact([3000, 3000], None, base=[0.5, 0.5], pos_sel=[(0.6, 0.4), (0.8, 0.2)])
    c = _audit(y, p, a).comparisons[0]
    assert c.metrics["disparate_impact"].value == pytest.approx(1.0)
    assert c.metrics["disparate_impact"].status == PASS
    assert c.metrics["equalized_odds_difference"].status == FLAGGED
    assert c.flag_rules == ["EO_CI_ABOVE_THRESHOLD"]


def test_pass_when_groups_match():
    y, p, a = _exact([3000, 3000], None, base=[0.5, 0.5], pos_sel=[(0.7, 0.3), (0.7, 0.3)])
    c = _audit(y, p, a).comparisons[0]
    assert c.status == PASS and not c.flagged


def test_inconclusive_when_interval_straddles():
    y, p, a = _exact([150, 150], [0.4, 0.32])  # DI 0.8 with wide CI
    c = _audit(y, p, a).comparisons[0]
    m = c.metrics["disparate_impact"]
    assert m.ci_low < 0.8 < m.ci_high
    assert m.status == INCONCLUSIVE and not c.flagged


def test_selection_floor_blocks_flag():
    y, p, a = _exact([2000, 58], [0.5, 0.1])  # DI ~0.2 but 58 rows, 29 of each label
    c = _audit(y, p, a).comparisons[0]
    m = c.metrics["disparate_impact"]
    assert m.value == pytest.approx(0.2, abs=0.03)  # point estimate still shown
    assert m.status == INSUFFICIENT_DATA and "n = 58" in m.reason
    assert "below the floor of 100" in m.reason
    assert m.ci_low is None and m.ci_high is None  # no interval below the floor
    assert c.composite is None
    assert not c.flagged


def test_error_floor_counts_labels_in_both_groups():
    # 1000 rows each but only 20 positive labels in the comparison group.
    y, p, a = _exact([1000, 1000], None, base=[0.5, 0.02], pos_sel=[(0.9, 0.1), (0.1, 0.9)])
    c = _audit(y, p, a).comparisons[0]
    eo = c.metrics["equalized_odds_difference"]
    assert eo.status == INSUFFICIENT_DATA and "20 positive" in eo.reason
    assert not any(r == "EO_CI_ABOVE_THRESHOLD" for r in c.flag_rules)


def test_custom_policy_floors():
    y, p, a = _exact([2000, 58], [0.5, 0.1])
    c = _audit(y, p, a, policy=Policy(min_group_size=50)).comparisons[0]
    assert c.metrics["disparate_impact"].status == FLAGGED


def test_reference_never_selected_gives_unbounded_di_that_flags():
    y, p, a = _exact([500, 500], [0.0, 0.3])
    result = _audit(y, p, a)
    c = result.comparisons[0]
    m = c.metrics["disparate_impact"]
    assert m.value == float("inf") and m.ci_high == float("inf") and m.ci_low > 1.25
    assert "unbounded" in m.reason
    d = result.to_dict()["comparisons"][0]["metrics"]["disparate_impact"]
    assert d["value"] is None and d["ci_high"] is None  # JSON has no infinity: null
    assert c.flagged and c.disadvantaged == "g0"
    # The same data with the other reference: DI 0, flagged, the same group disadvantaged.
    swapped = ethiclens.audit(y, p, a, reference="g1", n_boot=1000, random_state=0)
    s = swapped.comparisons[0]
    assert s.metrics["disparate_impact"].value == 0 and s.flagged and s.disadvantaged == "g0"


def test_neither_group_selected_is_undefined_with_reason():
    y, p, a = _exact([500, 500], [0.0, 0.0])
    result = _audit(y, p, a)
    m = result.comparisons[0].metrics["disparate_impact"]
    assert m.value is None and m.ci_low is None and m.status == UNDEFINED
    assert "0/0" in m.reason
    assert result.to_dict()["comparisons"][0]["metrics"]["disparate_impact"]["value"] is None
    assert result.composite.withheld and result.min_disparate_impact.withheld


def test_group_without_positive_labels_is_undefined_not_zero():
    y, p, a = _exact([500, 500], None, base=[0.5, 0.0], pos_sel=[(0.5, 0.5), (0.0, 0.3)])
    result = _audit(y, p, a)
    c = result.comparisons[0]
    eo = c.metrics["equalized_odds_difference"]
    assert eo.value is None and eo.status == UNDEFINED and "TPR" in eo.reason
    tpr = result.attributes[0].groups[1].metrics["true_positive_rate"]
    assert tpr.value is None and tpr.status == UNDEFINED
    assert result.composite.withheld and "equalized_odds_difference undefined" in (
        result.composite.withheld_reason
    )


def test_never_selected_group_is_flagged_not_degenerate():
    # DI exactly 0: a plain multinomial resample could never move it off 0.
    y, p, a = _exact([500, 500], [1.0, 0.0])
    for ci in ("jeffreys", "bca", "percentile"):
        c = _audit(y, p, a, ci=ci).comparisons[0]
        m = c.metrics["disparate_impact"]
        assert m.value == 0 and m.ci_low == 0 and 0 < m.ci_high < 0.8, ci
        assert m.status == FLAGGED and c.flagged and c.disadvantaged == "g1", ci
        assert (
            "extended to the estimate" if ci == "jeffreys" else "Jeffreys posterior"
        ) in m.ci_method


def test_degenerate_interval_never_flags():
    from ethiclens.fairness import Interval
    from ethiclens.fairness._policy import judge_disparate_impact

    status, reason = judge_disparate_impact(Interval(0.5, 0.5, "x"), Policy())
    assert status == INCONCLUSIVE and "degenerate" in reason


def test_headlines_published_when_everything_is_reliable():
    rng = np.random.default_rng(3)
    y, p, a = make_binary_data(
        rng, [3000, 2000, 2000], [0.5, 0.3, 0.45], base_rates=[0.5, 0.5, 0.5]
    )
    result = ethiclens.audit(y, p, a, reference="g0", n_boot=500, random_state=1)
    comps = {c.group: c for c in result.comparisons}
    assert result.min_disparate_impact.comparison == "sensitive_feature_0:g1"
    assert result.min_disparate_impact.value == comps["g1"].metrics["disparate_impact"].value
    assert result.composite.value == min(c.composite for c in result.comparisons)
    assert result.composite.band in ("High Risk", "Medium Risk", "Low Risk")


def test_headlines_withheld_when_one_comparison_is_underpowered():
    rng = np.random.default_rng(4)
    y, p, a = make_binary_data(rng, [3000, 2000, 40], [0.5, 0.45, 0.1], base_rates=[0.5, 0.5, 0.5])
    result = ethiclens.audit(y, p, a, reference="g0", n_boot=500, random_state=1)
    assert result.min_disparate_impact.value is None
    assert "cherry-picking" in result.min_disparate_impact.withheld_reason
    assert "g2" in result.min_disparate_impact.withheld_reason
    assert result.composite.value is None and "g2" in result.composite.withheld_reason


def test_composite_withheld_without_labels():
    rng = np.random.default_rng(5)
    _, p, a = make_binary_data(rng, [1000, 1000], [0.5, 0.3])
    result = ethiclens.audit(None, p, a, n_boot=500, random_state=1)
    assert "equalized_odds_difference" not in result.comparisons[0].metrics
    assert result.composite.value is None and "labels" in result.composite.withheld_reason
    assert result.min_disparate_impact.value is not None


def test_default_reference_is_largest_group_and_stated():
    rng = np.random.default_rng(6)
    y, p, a = make_binary_data(rng, [300, 900, 500], [0.5, 0.5, 0.5])
    result = ethiclens.audit(y, p, a, n_boot=200, random_state=0)
    attr = result.attributes[0]
    assert attr.reference == "g1" and attr.reference_source == "largest group (default)"
    assert all(c.reference == "g1" for c in result.comparisons)


def test_seeded_runs_reproduce_and_unseeded_record_their_seed():
    rng = np.random.default_rng(8)
    y, p, a = make_binary_data(rng, [500, 500], [0.5, 0.4])
    one = ethiclens.audit(y, p, a, n_boot=300, random_state=42).to_dict()
    two = ethiclens.audit(y, p, a, n_boot=300, random_state=42).to_dict()
    assert one == two
    other = ethiclens.audit(y, p, a, n_boot=300, random_state=43).to_dict()
    assert other != one
    free = ethiclens.audit(y, p, a, n_boot=300)
    again = ethiclens.audit(y, p, a, n_boot=300, random_state=free.config["random_state"])
    assert free.to_dict() == again.to_dict()


def test_many_attributes_and_intersections():
    rng = np.random.default_rng(9)
    n = 4000
    sf = {"race": rng.choice(["A", "B", "C"], n), "sex": rng.choice(["F", "M"], n)}
    y = rng.integers(0, 2, n)
    p = rng.integers(0, 2, n)
    result = ethiclens.audit(
        y,
        p,
        sf,
        reference={"race": "A", "sex": "M"},
        intersections=[("race", "sex")],
        n_boot=200,
        random_state=0,
    )
    names = [a.name for a in result.attributes]
    assert names == ["race", "sex", "race&sex"]
    inter = result.attributes[2]
    assert inter.reference == "A&M" and len(inter.groups) == 6
    assert len(result.comparisons) == 2 + 1 + 5


def test_z_test_matches_hand_computation():
    y, p, a = _exact([1000, 1000], [0.5, 0.4])
    z = _audit(y, p, a).comparisons[0].z_test
    pooled = 0.45
    expected = (0.4 - 0.5) / np.sqrt(pooled * (1 - pooled) * (2 / 1000))
    assert z["statistic"] == pytest.approx(expected)
    assert 0 < z["p_value"] < 1e-4
