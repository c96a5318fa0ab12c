"""Round 16: with sample weights (Jeffreys intervals), a rate within a label is as sure as that
label's own rows: its Kish effective size, not the whole group's. Weights heavy on one label
left TPR/FPR intervals about half as wide as they should be (TPR coverage 0.60), and a group
whose one huge weight sat on a negative row was said to hold 0 effective positive labels."""

import numpy as np
import pandas as pd
import pytest

import ethiclens


def _weighted_group(rng):
    """Group g: 300 positives (10% weighted 30) and 5,000 negatives; TPR 0.4, FPR 0.3."""
    npos, nneg = 300, 5000
    y = np.r_[np.ones(npos, int), np.zeros(nneg, int)]
    p = np.where(y == 1, rng.random(npos + nneg) < 0.4, rng.random(npos + nneg) < 0.3)
    w = np.where((y == 1) & (rng.random(npos + nneg) < 0.1), 30.0, 1.0)
    nr = 3000
    yr = (rng.random(nr) < 0.5).astype(int)
    pr = np.where(yr == 1, rng.random(nr) < 0.6, rng.random(nr) < 0.3)
    groups = pd.Series(["g"] * (npos + nneg) + ["r"] * nr, name="A")
    return np.r_[y, yr], np.r_[p, pr].astype(int), groups, np.r_[w, np.ones(nr)]


def test_weighted_tpr_interval_covers_the_truth_at_about_the_nominal_rate():
    covered = 0
    reps = 60
    for i in range(reps):
        y, p, groups, w = _weighted_group(np.random.default_rng(900 + i))
        res = ethiclens.audit(y, p, groups, reference="r", sample_weight=w, n_boot=400,
                              random_state=i)  # fmt: skip
        row = res.by_group().reset_index().set_index("group").loc["g"]
        covered += row["true_positive_rate_ci_low"] <= 0.4 <= row["true_positive_rate_ci_high"]
    assert covered >= 0.85 * reps, covered  # 0.945 over 200 runs; 0.60 at the group size


def test_label_floors_count_each_labels_own_effective_rows():
    rng = np.random.default_rng(0)
    n = 1000
    y = np.r_[np.ones(200, int), np.zeros(800, int)]
    w = np.ones(n)
    w[500] = 1e6  # one huge weight on a negative row
    res = ethiclens.audit(
        np.r_[y, rng.integers(0, 2, n)],
        rng.integers(0, 2, 2 * n),
        pd.Series(["g"] * n + ["r"] * n, name="A"),
        reference="r",
        sample_weight=np.r_[w, np.ones(n)],
        n_boot=200,
        random_state=0,
    )
    metrics = res.to_dict()["comparisons"][0]["metrics"]
    eo = metrics["equalized_odds_difference"]  # TPR and FPR: both labels' floors
    assert eo["status"] == "INSUFFICIENT_DATA"
    assert eo["reason"].startswith("200.0 positive / 1.0 negative labels, below the floor")
    # equal opportunity (the TPR) counts the positive labels alone (round 17)
    assert metrics["equal_opportunity_difference"]["status"] != "INSUFFICIENT_DATA"


def test_by_group_names_its_intervals_method_and_level():
    y, p, groups, w = _weighted_group(np.random.default_rng(1))
    res = ethiclens.audit(y, p, groups, reference="r", n_boot=100, ci="percentile",
                          confidence_level=0.9, random_state=0)  # fmt: skip
    frame = res.by_group()
    assert frame.attrs == {"ci_method": "percentile", "confidence_level": 0.9}
    assert res.by_group(intervals=False).attrs == {}


def test_weighted_paired_comparison_covers_the_tpr_difference():
    """compare() draws its weighted joint cells label by label too: model B flips A on 20% of
    g's positives, so TPR_B − TPR_A = 0.2 · (0.6 − 0.4) = 0.04 whatever the weights."""
    from ethiclens.fairness import compare

    covered, reps = 0, 60
    for i in range(reps):
        rng = np.random.default_rng(500 + i)
        y, a, groups, w = _weighted_group(rng)
        flip = (rng.random(len(y)) < 0.2) & (y == 1) & (groups.to_numpy() == "g")
        res = compare(y, a, np.where(flip, 1 - a, a), groups, sample_weight=w, n_boot=400,
                      random_state=i, reference={"A": "r"})  # fmt: skip
        rows = res.to_dict()["group_differences"]
        d = next(x for x in rows if (x["group"], x["metric"]) == ("g", "true_positive_rate"))
        covered += d["difference"]["ci_low"] <= 0.04 <= d["difference"]["ci_high"]
    assert covered >= 0.85 * reps, covered  # 0.93 over 200 runs; 0.64 at the group size


def test_the_weighted_threshold_view_draws_each_label_at_its_own_size_as_the_audit():
    """The threshold view at the audited threshold gives the audit's EO interval (up to the
    draws' noise) when weights sit on one label: it drew at the group's Kish size (interval
    [0, 0.37] against the audit's [0, 0.27] on the tester's data)."""
    from ethiclens.fairness import threshold_table

    rng = np.random.default_rng(3)
    n = 1200
    g = np.where(rng.random(n) < 0.5, "A", "B")
    y = (rng.random(n) < 0.4).astype(int)
    s = np.clip(rng.normal(0.4 + 0.2 * y, 0.15), 0, 1)
    w = np.where((y == 1) & (rng.random(n) < 0.1), 40.0, 1.0)
    groups = pd.Series(g, name="g")
    kw = {"sample_weight": w, "n_boot": 1000, "random_state": 0, "reference": "B"}
    res = ethiclens.audit(y, (s >= 0.5).astype(int), groups, **kw)
    eo = res.comparison("g", "A").metrics["equalized_odds_difference"]
    table = threshold_table(y, s, groups, audited_threshold=0.5, **kw).frame
    row = table[(table["threshold"] == 0.5) & (table["group"] == "A")].iloc[0]
    assert row["eo"] == pytest.approx(eo.value)
    assert row["eo_ci_high"] == pytest.approx(eo.ci_high, abs=0.03)
