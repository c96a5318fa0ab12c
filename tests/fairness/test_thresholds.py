"""The threshold view (issue 16): rates and verdicts over thresholds, from score-bin counts."""

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import THRESHOLDS_SCHEMA_VERSION, threshold_table
from ethiclens.report import validate_thresholds


def _data(seed=0, n=6000):
    rng = np.random.default_rng(seed)
    g = rng.choice(["a", "b", "c"], n, p=[0.5, 0.3, 0.2])
    y = (rng.random(n) < 0.4).astype(int)
    s = np.clip(0.3 * y + 0.5 * rng.random(n) + np.where(g == "a", 0.1, 0.0), 0, 1)
    s[:5] = [0.0, 1.0, 0.5, 0.25, 0.35]  # scores exactly on the edges and on thresholds
    return y, s, g


def test_rates_equal_direct_computation_at_every_threshold():
    y, s, g = _data()
    t = threshold_table(y, s, g, random_state=0, n_boot=200)
    f = t.frame
    assert sorted(f["threshold"].unique()) == pytest.approx(np.round(np.arange(1, 20) * 0.05, 10))
    for _, r in f.iterrows():
        m = g == r["group"]
        pred = s[m] >= r["threshold"]
        assert r["selection_rate"] == pytest.approx(pred.mean(), abs=1e-12)
        assert r["tpr"] == pytest.approx(pred[y[m] == 1].mean(), abs=1e-12)
        assert r["fpr"] == pytest.approx(pred[y[m] == 0].mean(), abs=1e-12)
        assert r["n"] == m.sum()
    assert f.loc[f["audited"], "threshold"].unique().tolist() == [0.5]


def test_verdict_at_the_audited_threshold_matches_the_audit():
    y, s, g = _data(1)
    t = threshold_table(y, s, g, random_state=0, audited_threshold=0.5)
    r = ethiclens.audit(y, (s >= 0.5).astype(int), g, random_state=0)
    at = t.frame[t.frame["audited"] & t.frame["status"].notna()]
    for _, row in at.iterrows():
        c = r.comparison("sensitive_feature_0", row["group"])
        assert row["di"] == pytest.approx(c.metrics["disparate_impact"].value, abs=1e-12)
        assert row["eo"] == pytest.approx(c.metrics["equalized_odds_difference"].value, abs=1e-12)
        assert row["di_ci_low"] == pytest.approx(c.metrics["disparate_impact"].ci_low, abs=0.02)
        assert row["status"] == c.status  # clear-cut verdicts here: both FLAGGED


def test_audited_threshold_off_grid_is_added_and_marked():
    y, s, g = _data(2, n=2000)
    t = threshold_table(y, s, g, audited_threshold=0.42, random_state=0, n_boot=200)
    assert 0.42 in set(t.frame["threshold"]) and t.frame["audited"].sum() == 3  # one per group
    assert t.audited_threshold == 0.42


def test_without_labels_selection_and_di_only():
    _, s, g = _data(3, n=2000)
    t = threshold_table(None, s, g, random_state=0, n_boot=200)
    validate_thresholds(json.loads(t.to_json()))
    assert t.frame["tpr"].isna().all() and t.frame["eo"].isna().all()
    assert t.frame["di_status"].notna().any()


def test_outputs_json_csv_plot_and_repr(tmp_path):
    y, s, g = _data(4, n=3000)
    t = threshold_table(y, s, {"grp": g}, reference="b", random_state=0, n_boot=200)
    d = json.loads(t.to_json())
    validate_thresholds(d)
    assert d["schema_version"] == THRESHOLDS_SCHEMA_VERSION and d["kind"] == "threshold_table"
    assert {r["reference"] for r in d["rows"]} == {"b"}
    t.to_csv(tmp_path / "t.csv")
    back = pd.read_csv(tmp_path / "t.csv")
    assert len(back) == len(t.frame)
    png = t.plot(tmp_path / "t.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "flagged" in t._repr_html_() or "pass" in t._repr_html_()
    assert "ThresholdTable(19 thresholds" in repr(t)
    page = t.to_html(tmp_path / "t.html").read_text()
    assert "data:image/png;base64," in page and "(audited)" in page and "grp" in page


@pytest.mark.parametrize("bad", [1.2, -0.1, np.nan])
def test_scores_outside_unit_interval_refused(bad):
    y, s, g = _data(5, n=300)
    s = s.copy()
    s[7] = bad
    with pytest.raises(EthicLensInputError) as err:
        threshold_table(y, s, g, random_state=0)
    assert err.value.column == "y_score"


@pytest.mark.parametrize(
    "kwargs, column",
    [
        ({"audited_threshold": 1.0}, "audited_threshold"),  # the parameter, not the grid
        ({"thresholds": [0.0, 0.5]}, "thresholds"),
        ({"step": 2}, "step"),
        ({"n_boot": 10}, "n_boot"),
        ({"audited_threshold": "0.5"}, "audited_threshold"),
    ],
)
def test_bad_settings_refused(kwargs, column):
    y, s, g = _data(6, n=300)
    with pytest.raises(EthicLensInputError) as err:
        threshold_table(y, s, g, random_state=0, **kwargs)
    assert err.value.column == column


def test_cli_thresholds(tmp_path, capsys):
    from ethiclens.cli import main

    y, s, g = _data(7, n=3000)
    path = tmp_path / "scores.csv"
    pd.DataFrame({"y": y, "score": s, "grp": g}).to_csv(path, index=False)
    out = [
        "--csv",
        str(tmp_path / "t.csv"),
        "--json",
        str(tmp_path / "t.json"),
        "--plot",
        str(tmp_path / "t.png"),
        "--html",
        str(tmp_path / "t.html"),
    ]
    args = ["thresholds", str(path), "--y-score", "score", "--y-true", "y", "--protected", "grp"]
    code = main([*args, "--n-boot", "200", *out])
    text = capsys.readouterr().out
    assert code == 0
    assert "0.5*" in text and "grp: b" in text
    assert (
        (tmp_path / "t.html").exists()
        and (tmp_path / "t.png").exists()
        and json.loads((tmp_path / "t.json").read_text())["rows"]
    )
    bad = pd.DataFrame({"y": y, "score": s * 3, "grp": g})
    bad.to_csv(path, index=False)
    code = main(args)
    assert code == 2
    err = capsys.readouterr().err
    assert "score" in err and "[0, 1]" in err


def test_cli_thresholds_takes_the_audits_group_edits_and_weights(tmp_path, capsys):
    # issue 22: thresholds accepts every target and policy option audit accepts
    from ethiclens.cli import main

    y, s, g = _data(8, n=3000)
    w = np.random.default_rng(1).uniform(0.5, 2.0, len(y))
    sex = np.random.default_rng(2).choice(["F", "M"], len(y))
    path = tmp_path / "scores.csv"
    pd.DataFrame({"y": y, "score": s, "grp": g, "sex": sex, "w": w}).to_csv(path, index=False)
    out = tmp_path / "t.json"
    args = ["thresholds", str(path), "--y-score", "score", "--y-true", "y"]
    args += ["--protected", "grp", "--protected", "sex", "--weight", "w", "--intersect", "grp,sex"]
    args += ["--exclude-group", "grp=c", "--n-boot", "200", "--seed", "3", "--json", str(out)]
    assert main(args) == 0, capsys.readouterr().err
    data = json.loads(out.read_text())
    groups = {(r["attribute"], r["group"]) for r in data["rows"]}
    assert ("grp", "c") not in groups and ("grp&sex", "a&F") in groups
    assert ("grp&sex", "c&F") not in groups
    assert data["config"]["weighted"] is True
    assert data["config"]["exclude_groups"] == {"grp": ["c"]}
