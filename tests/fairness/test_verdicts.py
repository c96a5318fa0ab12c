"""Verdicts that do not depend on arbitrary choices: the reference group, boundary rates,
weights, merges and exclusions (issue: verdicts a user can trust)."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import EthicLensInputError
from ethiclens.fairness import FLAGGED, INSUFFICIENT_DATA, UNDEFINED, Policy


def _random_case(rng):
    """Two or three groups of random sizes with random selection and error rates."""
    k = int(rng.integers(2, 4))
    ys, ps, gs = [], [], []
    for i in range(k):
        n = int(rng.integers(60, 3000))
        base = rng.uniform(0.05, 0.95)
        y = (rng.random(n) < base).astype(int)
        # rates near 0 and 1 included on purpose: the boundary is where verdicts broke
        tpr, fpr = rng.choice([0.0, 0.02, 0.3, 0.6, 0.9, 1.0], 2)
        p = np.where(y == 1, rng.random(n) < tpr, rng.random(n) < fpr).astype(int)
        ys.append(y)
        ps.append(p)
        gs += [f"G{i}"] * n
    return np.concatenate(ys), np.concatenate(ps), np.array(gs)


def _flagged_pairs(result):
    return {
        frozenset((c.group, c.reference)): (c.flagged, c.disadvantaged) for c in result.comparisons
    }


@pytest.mark.parametrize("favorable", [True, False])
def test_swapping_the_reference_never_changes_which_pairs_are_flagged(favorable):
    rng = np.random.default_rng(20261130)
    checked = 0
    for case in range(120):  # x2 parametrisations = 240 random cases
        y, p, g = _random_case(rng)
        groups = sorted(set(g))
        results = {
            ref: ethiclens.audit(
                y,
                p,
                {"g": g},
                reference=ref,
                n_boot=400,
                random_state=case,
                positive_is_favorable=favorable,
            )
            for ref in groups[:2]
        }
        a, b = (_flagged_pairs(results[r]) for r in groups[:2])
        pair = frozenset(groups[:2])
        assert a[pair] == b[pair], (case, a[pair], b[pair])
        checked += 1
    assert checked == 120


def test_reference_swap_inverts_the_di_interval_exactly():
    rng = np.random.default_rng(1)
    y, p, g = _random_case(rng)
    r1 = ethiclens.audit(y, p, {"g": g}, reference="G0", n_boot=1000, random_state=3)
    r2 = ethiclens.audit(y, p, {"g": g}, reference="G1", n_boot=1000, random_state=3)
    d1 = r1.comparison("g", "G1").metrics["disparate_impact"]
    d2 = r2.comparison("g", "G0").metrics["disparate_impact"]
    assert d1.value == pytest.approx(1 / d2.value, rel=1e-12)
    assert d1.ci_low == pytest.approx(1 / d2.ci_high, rel=1e-9)
    assert d1.ci_high == pytest.approx(1 / d2.ci_low, rel=1e-9)


def test_never_selected_group_of_234_is_flagged():
    """The issue's example: 234 rows never selected, reference 21 of 366 selected."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 600)
    p = np.r_[np.zeros(234, int), np.zeros(345, int), np.ones(21, int)]
    g = np.r_[["A"] * 234, ["B"] * 366]
    res = ethiclens.audit(y, p, {"g": g}, reference="B", random_state=0)
    c = res.comparisons[0]
    di = c.metrics["disparate_impact"]
    assert di.value == 0 and di.ci_low == 0 and di.ci_high < 0.8
    assert c.flagged and c.disadvantaged == "A" and di.status == FLAGGED


def test_small_zero_group_gets_no_interval():
    """race:Asian-like: n = 7, 0 selected; no [x, y] narrower than for 958 rows."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 965)
    p = np.r_[np.zeros(7, int), (rng.random(958) < 0.3).astype(int)]
    g = np.r_[["Asian"] * 7, ["White"] * 958]
    res = ethiclens.audit(y, p, {"race": g}, random_state=0)
    c = res.comparisons[0]
    for name, m in c.metrics.items():
        # PPV/NPV with no predicted positives are UNDEFINED before any floor applies
        assert m.status in (INSUFFICIENT_DATA, UNDEFINED), name
        assert m.ci_low is None and m.ci_high is None, name
    assert "n = 7, below the floor of 100" in c.metrics["statistical_parity_difference"].reason
    assert c.composite is None
    d = res.to_dict()["comparisons"][0]
    assert d["composite"] is None and d["metrics"]["disparate_impact"]["ci_low"] is None


def test_every_reported_interval_contains_its_estimate():
    rng = np.random.default_rng(5)
    for case in range(40):
        y, p, g = _random_case(rng)
        for ci in ("jeffreys", "bca", "percentile"):
            res = ethiclens.audit(y, p, {"g": g}, n_boot=300, ci=ci, random_state=case)
            estimates = [m for c in res.comparisons for m in c.metrics.values()]
            estimates += [
                m for a in res.attributes for grp in a.groups for m in grp.metrics.values()
            ]
            for m in estimates:
                if m.ci_low is not None and m.value is not None:
                    assert m.ci_low <= m.value <= m.ci_high, (case, ci, m)


def test_merge_and_exclude_groups():
    rng = np.random.default_rng(2)
    n = 3000
    race = rng.choice(["White", "Black", "Asian", "Other"], n, p=[0.5, 0.4, 0.05, 0.05])
    y = rng.integers(0, 2, n)
    p = rng.integers(0, 2, n)
    merged = ethiclens.audit(
        y,
        p,
        {"race": race},
        merge_groups={"race": {"Asian+Other": ["Asian", "Other"]}},
        random_state=0,
        n_boot=300,
    )
    groups = {grp.group: grp.n for grp in merged.attributes[0].groups}
    assert set(groups) == {"White", "Black", "Asian+Other"}
    assert groups["Asian+Other"] == int(np.isin(race, ["Asian", "Other"]).sum())
    assert merged.config["merge_groups"] == {"race": {"Asian+Other": ["Asian", "Other"]}}
    excluded = ethiclens.audit(
        y, p, {"race": race}, exclude_groups={"race": ["Asian"]}, random_state=0, n_boot=300
    )
    assert {grp.group for grp in excluded.attributes[0].groups} == {"White", "Black", "Other"}
    assert excluded.config["exclude_groups"] == {"race": ["Asian"]}
    assert excluded.data["n_rows"] == n


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"exclude_groups": {"sex": ["A"]}}, "unknown attribute 'sex'"),
        ({"exclude_groups": {"race": ["Martian"]}}, "no group 'Martian'"),
        ({"exclude_groups": {"race": ["White", "Black"]}}, "fewer than two"),
        ({"merge_groups": {"race": {"All": ["White", "Black", "Asian"]}}}, "single group"),
        ({"merge_groups": {"race": {"X": ["White"]}}}, "two or more groups"),
        ({"merge_groups": {"race": {"White": ["Black", "Asian"]}}}, "existing group"),
        (
            {"merge_groups": {"race": {"X": ["Black", "Asian"], "Y": ["Asian", "White"]}}},
            "in two merges",
        ),
        ({"merge_groups": ["race"]}, "dict keyed by attribute"),
    ],
)
def test_bad_merges_and_exclusions_are_clear(kwargs, match):
    race = np.array(["White", "Black", "Asian"] * 100)
    with pytest.raises(EthicLensInputError, match=match):
        ethiclens.audit(np.zeros(300, int), np.ones(300, int), {"race": race}, n_boot=200, **kwargs)


def test_one_huge_weight_cannot_decide_a_flag():
    rng = np.random.default_rng(0)
    n = 600
    g = np.r_[["A"] * 300, ["B"] * 300]
    y = rng.integers(0, 2, n)
    p = np.r_[np.zeros(300, int), (rng.random(300) < 0.5).astype(int)]
    p[0] = 1  # the single selected row of A ...
    w = np.ones(n)
    w[0] = 1e300**0.5  # ... carries almost all of A's weight
    res = ethiclens.audit(y, p, {"g": g}, reference="B", sample_weight=w, random_state=0)
    c = res.comparisons[0]
    grp = next(x for x in res.attributes[0].groups if x.group == "A")
    assert grp.n == 300 and grp.n_effective == pytest.approx(1.0, abs=1e-6)
    assert c.metrics["disparate_impact"].status == INSUFFICIENT_DATA
    assert "n_eff = 1.0" in c.metrics["disparate_impact"].reason
    assert not c.flagged


def test_zero_total_weight_is_an_error():
    with pytest.raises(EthicLensInputError, match="every weight is 0"):
        ethiclens.audit(
            np.zeros(200, int),
            np.ones(200, int),
            {"g": ["a", "b"] * 100},
            sample_weight=np.zeros(200),
        )


@pytest.mark.parametrize(
    "labels,pos",
    [([0, 1], "1"), ([1, 2], "2"), ([-1, 1], "1"), ([False, True], "true"), (["no", "yes"], "yes")],
)
def test_pos_label_is_compared_in_the_columns_type(labels, pos):
    y = pd.Series(np.tile(labels, 200))
    res = ethiclens.audit(
        y, y, {"g": np.repeat(["a", "b"], 200)}, pos_label=pos, n_boot=200, random_state=0
    )
    sel = res.attributes[0].groups[0].metrics["selection_rate"].value
    assert sel == pytest.approx(0.5)


@pytest.mark.parametrize("seed", [-1, 1.5, "0", True])
def test_bad_seeds_are_clear(seed):
    with pytest.raises(EthicLensInputError, match="random_state"):
        ethiclens.audit([0, 1] * 100, [0, 1] * 100, {"g": ["a", "b"] * 100}, random_state=seed)


@pytest.mark.parametrize(
    "n_boot,match", [(150.5, "integer"), (10, "too few"), (10**11, "1,000,000")]
)
def test_bad_n_boot_is_clear(n_boot, match):
    with pytest.raises(EthicLensInputError, match=match):
        ethiclens.audit([0, 1] * 100, [0, 1] * 100, {"g": ["a", "b"] * 100}, n_boot=n_boot)


def test_intersection_labels_that_would_collide_are_refused():
    a = np.array(["x&y", "x"] * 100)
    b = np.array(["z", "y&z"] * 100)
    with pytest.raises(EthicLensInputError, match="would both be labelled 'x&y&z'"):
        ethiclens.audit(
            [0, 1] * 100, [0, 1] * 100, {"a": a, "b": b}, intersections=[("a", "b")], n_boot=200
        )


@pytest.mark.parametrize(
    "kwargs",
    [
        {"min_group_size": 0},
        {"min_label_count": -3},
        {"di_rule": "sideways"},
        {"di_threshold": 1.2},
        {"min_group_size": 2.5},
    ],
)
def test_bad_policy_is_clear(kwargs):
    with pytest.raises(EthicLensInputError):
        Policy(**kwargs)


def test_two_dimensional_predictions_are_refused():
    with pytest.raises(EthicLensInputError, match="one-dimensional"):
        ethiclens.audit(None, np.zeros((10, 2)), {"g": ["a", "b"] * 5})


def test_bad_group_columns_are_clear():
    rng = np.random.default_rng(0)
    with pytest.raises(EthicLensInputError, match="looks continuous"):
        ethiclens.audit(None, [0, 1] * 100, {"age": rng.normal(40, 10, 200)})
    with pytest.raises(EthicLensInputError, match="scalars"):
        ethiclens.audit(None, [0, 1] * 2, pd.DataFrame({"g": [[1], [2], [1], [2]]}))
    frame = pd.DataFrame([["a", "b"], ["b", "a"]] * 50, columns=["g", "g"])
    with pytest.raises(EthicLensInputError, match="named twice"):
        ethiclens.audit(None, [0, 1] * 50, frame)
    with pytest.raises(EthicLensInputError, match="missing group"):
        ethiclens.audit(None, [0, 1] * 50, {"g": [None, "a"] * 50})
