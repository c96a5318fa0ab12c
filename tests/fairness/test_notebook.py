"""Notebook use (issue 16): by_group equals Fairlearn's MetricFrame.by_group, _repr_html_ renders,
a short repr, to_html / to_model_card from Python, and the docs' notebook example runs."""

import runpy
import shutil
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fairlearn.metrics import (
    MetricFrame,
    count,
    false_negative_rate,
    false_positive_rate,
    selection_rate,
    true_negative_rate,
    true_positive_rate,
)
from sklearn.metrics import accuracy_score, precision_score

import ethiclens

TOL = 1e-9
N_CASES = 120
ROOT = Path(__file__).resolve().parents[2]


def _case(seed):
    """2-6 groups of 40-600 rows, weights in half the cases, some degenerate-but-defined groups."""
    rng = np.random.default_rng(10_000 + seed)
    n_groups = int(rng.integers(2, 7))
    parts = []
    for g, n in enumerate(rng.integers(40, 600, size=n_groups)):
        base, sel = rng.uniform(0.1, 0.9, size=2)
        y = (rng.random(n) < base).astype(int)
        p = (rng.random(n) < sel).astype(int)
        y[:2] = [0, 1]
        p[2:4] = [1, 0]  # a predicted positive and a predicted negative: PPV, NPV defined
        if seed % 9 == 4 and g == 0:
            p[:] = (y == 1).astype(int)  # a perfect classifier for this group
        parts.append(pd.DataFrame({"y": y, "p": p, "a": f"g{g}"}))
    df = pd.concat(parts, ignore_index=True)
    weights = rng.uniform(0.1, 5.0, size=len(df)) if seed % 2 else None
    return df, weights


# ethiclens column -> the metric Fairlearn (or scikit-learn through MetricFrame) computes
SHARED = {
    "selection_rate": selection_rate,
    "true_positive_rate": true_positive_rate,
    "false_positive_rate": false_positive_rate,
    "false_negative_rate": false_negative_rate,
    "accuracy": accuracy_score,
    "positive_predictive_value": precision_score,
}


@pytest.mark.parametrize("seed", range(N_CASES))
def test_by_group_equals_fairlearn_metricframe(seed):
    df, weights = _case(seed)
    result = ethiclens.audit(
        df["y"], df["p"], df["a"], sample_weight=weights, n_boot=100, random_state=seed
    )
    metrics = {**SHARED, "tnr": true_negative_rate}
    params = {k: {"sample_weight": weights} for k in metrics} if weights is not None else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fl = MetricFrame(
            metrics={**metrics, "count": count},
            y_true=df["y"],
            y_pred=df["p"],
            sensitive_features=df["a"],
            sample_params=params,
        ).by_group
    ours = result.by_group(attribute="a")
    assert sorted(ours.index) == sorted(fl.index)
    for name in SHARED:
        diff = (ours[name] - fl.loc[ours.index, name]).abs().max()
        assert diff < TOL, (name, diff)
    # FPR = 1 − TNR, and NPV / FOR by their definitions against the raw rows
    assert ((1 - ours["false_positive_rate"]) - fl.loc[ours.index, "tnr"]).abs().max() < TOL
    assert (ours["n"] == fl.loc[ours.index, "count"]).all()
    w = np.ones(len(df)) if weights is None else weights
    for group, row in ours.iterrows():
        m = (df["a"] == group).to_numpy()
        neg = m & (df["p"] == 0).to_numpy()
        npv = w[neg & (df["y"] == 0).to_numpy()].sum() / w[neg].sum()
        assert abs(row["negative_predictive_value"] - npv) < TOL
        assert abs(row["false_omission_rate"] - (1 - npv)) < TOL
        assert row["positives"] == int(df.loc[m, "y"].sum())


def _demo():
    rng = np.random.default_rng(0)
    n = 3000
    sex = rng.choice(["F", "M"], n)
    race = rng.choice(["a", "b", "c"], n, p=[0.6, 0.3, 0.1])
    y = (rng.random(n) < 0.4).astype(int)
    score = np.clip(0.25 * y + rng.random(n) * 0.6 + np.where(sex == "M", 0.15, 0.0), 0, 1)
    pred = (score >= 0.5).astype(int)
    return ethiclens.audit(
        y,
        pred,
        pd.DataFrame({"sex": sex, "race": race}),
        y_score=score,
        random_state=0,
        n_boot=300,
    )


def test_by_group_intervals_contain_values_and_include_ece():
    r = _demo()
    bg = r.by_group()
    assert bg.index.names == ["attribute", "group"]
    assert set(bg.index.get_level_values(0)) == {"sex", "race"}
    for col in ("selection_rate", "false_negative_rate", "negative_predictive_value", "ece"):
        assert col in bg and f"{col}_ci_low" in bg
        ok = bg[f"{col}_ci_low"].notna()
        assert ok.any()
        assert (bg.loc[ok, f"{col}_ci_low"] <= bg.loc[ok, col] + 1e-12).all()
        assert (bg.loc[ok, col] <= bg.loc[ok, f"{col}_ci_high"] + 1e-12).all()
    assert "selection_rate_ci_low" not in r.by_group(intervals=False)
    with pytest.raises(KeyError, match="use one of"):
        r.by_group(attribute="age")


def test_repr_html_parses_and_shows_statuses():
    r = _demo()
    html = r._repr_html_()
    root = ET.fromstring(html)  # well-formed markup
    assert root.tag == "div" and root.find(".//table") is not None
    rows = root.findall(".//tbody/tr")
    assert len(rows) == len(r.comparisons)
    words = {"flagged", "pass", "inconclusive", "insufficient data", "undefined"}
    shown = " ".join("".join(td.itertext()) for td in root.iter("td"))
    assert any(w in shown for w in words)
    assert r.comparisons[0].status.lower().replace("_", " ") in shown
    assert "Composite bias score" in html and "[" in html  # value [CI]
    comp_html = r.comparisons[0]._repr_html_()
    ET.fromstring(comp_html)
    assert "disparate_impact" in comp_html


def test_repr_html_escapes_group_names():
    rng = np.random.default_rng(1)
    n = 400
    g = np.where(rng.random(n) < 0.5, "<script>x</script>", "b&c")
    r = ethiclens.audit(rng.integers(0, 2, n), rng.integers(0, 2, n), g, random_state=0)
    html = r._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html
    ET.fromstring(html)


def test_short_repr():
    r = _demo()
    text = repr(r)
    assert len(text) < 2000 and text.count("\n") < 20
    assert text.startswith("AuditResult(3,000 rows")
    assert "Comparison(" in repr(r.comparisons[0])


def test_to_html_and_model_card_from_python(tmp_path):
    r = _demo()
    html = r.to_html(tmp_path / "audit.html")
    card = r.to_model_card(tmp_path / "card.md")
    assert "<html" in Path(html).read_text().lower()
    assert Path(card).read_text().startswith("#")
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically, nothing left behind


def test_notebook_example_runs(tmp_path, monkeypatch):
    script = ROOT / "docs" / "notebook_example.py"
    shutil.copy(script, tmp_path / script.name)
    monkeypatch.chdir(tmp_path)
    ns = runpy.run_path(str(tmp_path / script.name), run_name="__main__")
    assert isinstance(ns["result"], ethiclens.AuditResult)
    assert (tmp_path / "notebook-audit.html").exists()
    assert (tmp_path / "notebook-thresholds.png").exists()
    assert ns["comparison"].verdicts
    # the figures a notebook draws below their cells
    from matplotlib.figure import Figure

    assert all(isinstance(ns[k], Figure) for k in ("forest", "rates", "figure"))
    assert (tmp_path / "notebook-forest.png").exists()
    assert (tmp_path / "notebook-card.html").read_text().startswith("<!DOCTYPE html>")


def _delong_rows(y, s):
    """DeLong's variance from the rows (placements by brute force)."""
    pos, neg = s[y == 1], s[y == 0]
    v10 = np.array([((neg < p).sum() + 0.5 * (neg == p).sum()) / len(neg) for p in pos])
    v01 = np.array([((pos > q).sum() + 0.5 * (pos == q).sum()) / len(pos) for q in neg])
    return v10.mean(), v10.var(ddof=1) / len(pos) + v01.var(ddof=1) / len(neg)


@pytest.mark.parametrize("seed", range(100))
def test_group_auc_equals_sklearn_and_row_delong(seed):
    from sklearn.metrics import roc_auc_score

    from ethiclens.fairness import group_auc
    from ethiclens.fairness._auc import auc_from_counts

    rng = np.random.default_rng(20_000 + seed)
    n = int(rng.integers(60, 400))
    g = rng.choice(["a", "b", "c"], n)
    y = (rng.random(n) < 0.4).astype(int)
    y[:6] = [0, 1, 0, 1, 0, 1]
    g[:6] = ["a", "a", "b", "b", "c", "c"]
    s = np.clip(0.3 * y + rng.random(n) * 0.7, 0, 1)
    if seed % 3 == 0:
        s = np.round(s, 1)  # many ties
    out = group_auc(y, s, pd.Series(g, name="grp"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fl = MetricFrame(
            metrics=roc_auc_score, y_true=y, y_pred=s, sensitive_features=pd.Series(g, name="grp")
        ).by_group
    for group in ("a", "b", "c"):
        row = out.loc[("grp", group)]
        assert abs(row["auc"] - fl.loc[group]) < TOL
        m = g == group
        auc, var = _delong_rows(y[m], s[m])
        levels, inv = np.unique(s[m], return_inverse=True)
        pos = np.bincount(inv, weights=y[m], minlength=len(levels))
        neg = np.bincount(inv, weights=1 - y[m], minlength=len(levels))
        assert auc_from_counts(pos, neg)[1] == pytest.approx(var, abs=1e-12)
        assert row["auc_ci_low"] <= row["auc"] <= row["auc_ci_high"]


def test_group_auc_joins_by_group_and_reports_no_interval_at_one():
    r = _demo()
    rng = np.random.default_rng(0)
    n = 3000
    sex = rng.choice(["F", "M"], n)
    race = rng.choice(["a", "b", "c"], n, p=[0.6, 0.3, 0.1])
    y = (rng.random(n) < 0.4).astype(int)
    score = np.clip(0.25 * y + rng.random(n) * 0.6 + np.where(sex == "M", 0.15, 0.0), 0, 1)
    from ethiclens.fairness import group_auc

    table = r.by_group(intervals=False).drop(columns=["auc", "auc_note"])
    table = table.join(group_auc(y, score, pd.DataFrame({"sex": sex, "race": race})))
    assert table["auc"].notna().all() and (table["auc"] > 0.5).all()
    perfect = group_auc([0, 1, 0, 1], [0.1, 0.9, 0.2, 0.8], ["x"] * 4)
    assert perfect["auc"].iloc[0] == 1.0 and np.isnan(perfect["auc_ci_low"].iloc[0])
    assert "not reported" in perfect["auc_ci_method"].iloc[0]


def test_pcer_result_repr_html():
    from ethiclens.privacy import SplitPredictions, pcer_audit

    rng = np.random.default_rng(0)

    def split(n):
        g = rng.choice(["A", "B"], n)
        y = rng.integers(0, 2, n)
        p = np.where(rng.random(n) < np.where(g == "A", 0.9, 0.8), y, 1 - y)
        return SplitPredictions(y, p, g)

    res = pcer_audit(split(400), split(400), group_order=("A", "B"))
    html = res._repr_html_()
    ET.fromstring(html)
    assert "PCER" in html and "delta_pcer" in html and "A: " in html
    assert len(repr(res)) < 1000 and repr(res).startswith("PCERResult(")


def _tnr(cells, labelled):
    c = np.asarray(cells, float)
    with np.errstate(all="ignore"):
        return np.where(c[..., 1] + c[..., 3] > 0, c[..., 3] / (c[..., 1] + c[..., 3]), np.nan)


def test_user_metric_reaches_by_group_and_compare():
    from ethiclens.fairness import GroupMetric, register_group_metric, unregister_metric

    register_group_metric(GroupMetric("tnr_user", "TNR", _tnr, True, "no negative labels"))
    try:
        r = _demo()
        bg = r.by_group()
        assert np.allclose(bg["tnr_user"], 1 - bg["false_positive_rate"])
        assert (bg["tnr_user_ci_low"] <= bg["tnr_user"]).all()
        rng = np.random.default_rng(2)
        n = 2000
        g = rng.choice(["a", "b"], n)
        y = rng.integers(0, 2, n)
        a = rng.integers(0, 2, n)
        b = np.where(rng.random(n) < 0.2, 1 - a, a)
        c = ethiclens.compare(y, a, b, g, random_state=0)
        assert any(d.metric == "tnr_user" for d in c.group_differences)
    finally:
        unregister_metric("tnr_user")


@pytest.mark.parametrize(
    "fn, needle",
    [
        (lambda c, lab: 1 / 0, "raised ZeroDivisionError"),
        (lambda c, lab: np.asarray(c, float)[..., 0] / np.asarray(c, float)[..., 1], "infinite"),
        (lambda c, lab: 0.5, "shape"),
    ],
)
def test_bad_user_metric_refused_at_registration(fn, needle):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.fairness import GROUP_METRIC_SPECS, GroupMetric, register_group_metric

    with pytest.raises(EthicLensInputError, match=needle) as err:
        register_group_metric(GroupMetric("bad_user", "Bad", fn, True, "never"))
    assert err.value.column == "bad_user" and "NaN" in str(err.value)
    assert "bad_user" not in GROUP_METRIC_SPECS


def _scored(n=3000, seed=0):
    rng = np.random.default_rng(seed)
    sex = rng.choice(["F", "M"], n)
    race = rng.choice(["a", "b", "c"], n, p=[0.6, 0.3, 0.1])
    y = (rng.random(n) < 0.4).astype(int)
    score = np.round(np.clip(0.25 * y + rng.random(n) * 0.6 + (sex == "M") * 0.15, 0, 1), 3)
    return y, (score > 0.5).astype(int), score, pd.DataFrame({"sex": sex, "race": race})


def test_by_group_has_auc_with_delong_interval_when_scored():
    from sklearn.metrics import roc_auc_score

    from ethiclens.fairness import group_auc

    y, pred, score, sf = _scored()
    r = ethiclens.audit(y, pred, sf, y_score=score, random_state=0, n_boot=200)
    bg = r.by_group()
    ref = group_auc(y, score, sf)
    for (attr, group), row in bg.iterrows():
        m = (sf[attr] == group).to_numpy()
        assert row["auc"] == pytest.approx(roc_auc_score(y[m], score[m]), abs=1e-12)
        assert row["auc_ci_low"] == pytest.approx(ref.loc[(attr, group), "auc_ci_low"], abs=1e-12)
        assert row["auc_ci_low"] < row["auc"] < row["auc_ci_high"]
        assert row["auc_note"] is None
    # AUC is kept beside the report, not in it: the JSON schema v1 is unchanged
    assert '"auc' not in r.to_json()
    unscored = ethiclens.audit(y, pred, sf, random_state=0, n_boot=200).by_group()
    assert "auc" not in unscored and "auc_note" not in unscored
    assert "auc_ci_low" not in r.by_group(intervals=False)


def test_by_group_auc_follows_exclusions_and_floors():
    y, pred, score, sf = _scored()
    r = ethiclens.audit(
        y, pred, sf, y_score=score, random_state=0, n_boot=200, exclude_groups={"race": ["c"]}
    )
    bg = r.by_group(attribute="race")
    assert list(bg.index) == ["a", "b"] and bg["auc"].notna().all()
    small = ethiclens.audit(
        y[:260], pred[:260], sf[:260], y_score=score[:260], random_state=0, n_boot=200
    ).by_group(attribute="race")
    short = small.loc["c"]
    assert np.isfinite(short["auc"]) and np.isnan(short["auc_ci_low"])
    assert "below the floor" in short["auc_note"]


def test_by_group_auc_null_with_reason_when_weighted_or_from_counts():
    from ethiclens.sources import Roles, counts_of

    y, pred, score, sf = _scored()
    w = ethiclens.audit(
        y, pred, sf, y_score=score, sample_weight=np.full(len(y), 2.0), n_boot=200, random_state=0
    ).by_group()
    assert w["auc"].isna().all() and w["auc_note"].str.contains("weighted").all()
    frame = sf.assign(y=y, p=pred, s=score)
    table = counts_of(frame, Roles(y_pred="p", y_true="y", protected=["sex", "race"], y_score="s"))
    c = ethiclens.audit_counts(table, random_state=0, n_boot=200).by_group()
    assert c["auc"].isna().all() and c["auc_note"].str.contains("10 bins").all()
