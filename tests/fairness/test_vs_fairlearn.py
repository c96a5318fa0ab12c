"""Every metric equals Fairlearn's (or AIF360's definition) to 1e-9: the correctness proof."""

import warnings

import numpy as np
import pandas as pd
import pytest
from fairlearn.metrics import (
    MetricFrame,
    demographic_parity_difference,
    demographic_parity_ratio,
    equalized_odds_difference,
    false_positive_rate,
    selection_rate,
    true_positive_rate,
)
from sklearn.metrics import precision_score

import ethiclens

TOL = 1e-9
N_CASES = 200


def _case(seed):
    """A random audit input: 2-6 groups, skewed sizes, weights in half the cases, and some
    degenerate-but-defined groups (every prediction positive, or every label positive and
    negative present but predictions constant)."""
    rng = np.random.default_rng(seed)
    n_groups = 2 if seed % 3 == 0 else int(rng.integers(3, 7))
    sizes = rng.integers(40, 600, size=n_groups)
    parts = []
    for g, n in enumerate(sizes):
        base, sel = rng.uniform(0.15, 0.85, size=2)
        y = (rng.random(n) < base).astype(int)
        p = (rng.random(n) < sel).astype(int)
        y[:2] = [0, 1]  # every group has both labels, so TPR and FPR are defined
        p[2] = 1  # and at least one predicted positive, so PPV is defined
        if seed % 7 == 1 and g == 0:
            p[:] = 1  # degenerate but defined: all predicted positive (TPR = FPR = 1)
        if seed % 11 == 2 and g == 1:
            p[:] = (y == 1).astype(int)  # a perfect classifier for this group
        parts.append(pd.DataFrame({"y": y, "p": p, "a": f"grp{g}"}))
    df = pd.concat(parts, ignore_index=True)
    weights = rng.uniform(0.1, 5.0, size=len(df)) if seed % 2 else None
    return df, weights


def _by_group(df, weights):
    metrics = {
        "sel": selection_rate,
        "tpr": true_positive_rate,
        "fpr": false_positive_rate,
        "ppv": precision_score,
    }
    params = None
    if weights is not None:
        params = {k: {"sample_weight": weights} for k in metrics}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mf = MetricFrame(
            metrics=metrics,
            y_true=df["y"],
            y_pred=df["p"],
            sensitive_features=df["a"],
            sample_params=params,
        )
    return mf.by_group


@pytest.mark.parametrize("seed", range(N_CASES))
def test_metrics_equal_fairlearn(seed):
    df, weights = _case(seed)
    result = ethiclens.audit(
        df["y"], df["p"], df["a"], sample_weight=weights, n_boot=100, random_state=seed
    )
    fl = _by_group(df, weights)
    attr = result.attributes[0]
    for g in attr.groups:
        m = g.metrics
        assert abs(m["selection_rate"].value - fl.loc[g.group, "sel"]) < TOL
        assert abs(m["true_positive_rate"].value - fl.loc[g.group, "tpr"]) < TOL
        assert abs(m["false_positive_rate"].value - fl.loc[g.group, "fpr"]) < TOL
        assert abs(m["positive_predictive_value"].value - fl.loc[g.group, "ppv"]) < TOL
    ref = attr.reference
    for c in result.comparisons:
        f_g, f_r = fl.loc[c.group], fl.loc[ref]
        m = c.metrics
        assert abs(m["disparate_impact"].value - f_g["sel"] / f_r["sel"]) < TOL
        assert abs(m["statistical_parity_difference"].value - (f_g["sel"] - f_r["sel"])) < TOL
        eo = max(abs(f_g["tpr"] - f_r["tpr"]), abs(f_g["fpr"] - f_r["fpr"]))
        assert abs(m["equalized_odds_difference"].value - eo) < TOL
        assert abs(m["equal_opportunity_difference"].value - abs(f_g["tpr"] - f_r["tpr"])) < TOL
        assert abs(m["fpr_balance"].value - abs(f_g["fpr"] - f_r["fpr"])) < TOL
        assert abs(m["predictive_parity_difference"].value - abs(f_g["ppv"] - f_r["ppv"])) < TOL
    if len(attr.groups) == 2:
        # Fairlearn's own two-group aggregates (its ratio is min/max, i.e. min(DI, 1/DI)).
        kw = {"sensitive_features": df["a"], "sample_weight": weights}
        c = result.comparisons[0]
        di = c.metrics["disparate_impact"].value
        assert abs(min(di, 1 / di) - demographic_parity_ratio(df["y"], df["p"], **kw)) < TOL
        assert (
            abs(
                abs(c.metrics["statistical_parity_difference"].value)
                - demographic_parity_difference(df["y"], df["p"], **kw)
            )
            < TOL
        )
        assert (
            abs(
                c.metrics["equalized_odds_difference"].value
                - equalized_odds_difference(df["y"], df["p"], **kw)
            )
            < TOL
        )


def _aif360_generalized_entropy(y_true, y_pred, alpha=1):
    """AIF360's generalized_entropy_index, written out directly in numpy."""
    b = y_pred - y_true + 1.0
    mu = b.mean()
    if alpha == 1:
        ratio = b / mu
        return np.mean(np.where(b > 0, ratio * np.log(np.where(b > 0, ratio, 1.0)), 0.0))
    raise NotImplementedError


@pytest.mark.parametrize("seed", range(50))
def test_theil_equals_aif360_definition(seed):
    df, _ = _case(seed)
    result = ethiclens.audit(df["y"], df["p"], df["a"], n_boot=100, random_state=seed)
    groups = {g.group: g for g in result.attributes[0].groups}
    for name, part in df.groupby("a"):
        expected = _aif360_generalized_entropy(part["y"].to_numpy(), part["p"].to_numpy())
        assert abs(groups[name].metrics["theil_index"].value - expected) < TOL
    whole = ethiclens.fairness.theil_index(
        np.array(
            [
                [
                    ((df.y == 1) & (df.p == 1)).sum(),
                    ((df.y == 0) & (df.p == 1)).sum(),
                    ((df.y == 1) & (df.p == 0)).sum(),
                    ((df.y == 0) & (df.p == 0)).sum(),
                ]
            ]
        )
    )[0]
    assert abs(whole - _aif360_generalized_entropy(df.y.to_numpy(), df.p.to_numpy())) < TOL


def test_theil_zero_for_perfect_predictions():
    y = np.array([0, 1, 1, 0, 1])
    cells = np.array([[3, 0, 0, 2]])
    assert ethiclens.fairness.theil_index(cells)[0] == 0
    assert _aif360_generalized_entropy(y, y) == 0


@pytest.mark.parametrize("seed", range(20))
def test_ece_equals_direct_binning(seed):
    rng = np.random.default_rng(seed)
    n = 3000
    a = rng.choice(["x", "y", "z"], n)
    s = rng.random(n)
    s[:5] = [0.0, 1.0, 0.1, 0.9999, 0.5]  # bin edges
    y = (rng.random(n) < s**1.3).astype(int)
    p = (s > 0.5).astype(int)
    result = ethiclens.audit(y, p, a, y_score=s, n_boot=100, random_state=0)
    for g in result.attributes[0].groups:
        mask = a == g.group
        bins = np.minimum((s[mask] * 10).astype(int), 9)
        ys, ss = y[mask], s[mask]
        expected = sum(
            (bins == b).sum() / mask.sum() * abs(ys[bins == b].mean() - ss[bins == b].mean())
            for b in range(10)
            if (bins == b).any()
        )
        assert abs(g.metrics["ece"].value - expected) < TOL
