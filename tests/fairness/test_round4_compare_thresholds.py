"""Round 4: ``compare`` with a pos_label, the threshold grid of ``step``, and the threshold
view's intervals below the sample floor (as the audit's)."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens import audit
from ethiclens.cli import main
from ethiclens.fairness import compare, threshold_table


def _models(n=600, seed=3):
    rng = np.random.default_rng(seed)
    group = rng.choice(["r", "g"], n)
    y = (rng.random(n) < 0.4).astype(int)
    a = (rng.random(n) < np.where(group == "r", 0.5, 0.3)).astype(int)
    b = np.where(rng.random(n) < 0.2, 1 - a, a)
    return y, a, b, group


def _yes_no(x):
    return np.where(x == 1, "yes", "no")


def _metrics(result) -> dict:
    """Every comparison's metrics and status, and every group's metrics (the numbers only)."""
    out = {}
    for c in result.comparisons:
        out[(c.attribute, c.group)] = (c.status, {k: m.to_dict() for k, m in c.metrics.items()})
    for attr in result.attributes:
        for g in attr.groups:
            out[(attr.name, g.group, "group")] = {k: m.to_dict() for k, m in g.metrics.items()}
    return out


@pytest.mark.parametrize(
    "encode, pos_label",
    [(_yes_no, "yes"), (lambda x: x, 0), (lambda x: x, 1), (lambda x: x.astype(str), "1")],
    ids=["yes/no", "pos_label=0 on 0/1", "pos_label=1", "text 0/1"],
)
def test_compare_audits_each_model_as_the_audit_does_with_the_same_pos_label(encode, pos_label):
    y, a, b, group = _models()
    kw = dict(reference="r", random_state=0, n_boot=200, pos_label=pos_label)
    c = compare(encode(y), encode(a), encode(b), group, **kw)
    for pred, result in ((a, c.audit_a), (b, c.audit_b)):
        own = audit(encode(y), encode(pred), group, **kw)
        assert _metrics(result) == _metrics(own)
    # the differences are those of the two audits (not of a model recoded twice)
    for d in c.differences:
        ma = c.audit_a.comparison(d.attribute, d.group).metrics[d.metric]
        mb = c.audit_b.comparison(d.attribute, d.group).metrics[d.metric]
        assert (d.value_a, d.value_b) == pytest.approx((ma.value, mb.value), abs=1e-12)


def test_compare_cli_takes_yes_no_labels_with_pos_label(tmp_path, monkeypatch):
    y, a, b, group = _models()
    frame = pd.DataFrame(
        {"label y": _yes_no(y), "pred": _yes_no(a), "pred2": _yes_no(b), "grp col=x": group}
    )
    frame.to_csv(tmp_path / "yn.csv", index=False)
    monkeypatch.chdir(tmp_path)
    argv = ["--y-true", "label y", "--pos-label", "yes", "--protected", "grp col=x=r"]
    argv += ["--n-boot", "200", "--seed", "0"]
    code = main(
        ["compare", "yn.csv", "--y-pred", "pred", "--y-pred", "pred2", *argv, "--json", "c.json"]
    )
    assert code == 0
    assert main(["audit", "yn.csv", "--y-pred", "pred", *argv, "--json", "a.json"]) == 0
    compared = json.loads((tmp_path / "c.json").read_text())["audits"]["a"]["comparisons"]
    audited = json.loads((tmp_path / "a.json").read_text())["comparisons"]
    assert [c["metrics"] for c in compared] == [c["metrics"] for c in audited]


def _scored(n=400, seed=5):
    rng = np.random.default_rng(seed)
    group = rng.choice(["a", "b"], n)
    y = (rng.random(n) < 0.5).astype(int)
    return y, rng.random(n), group


@pytest.mark.parametrize(
    "step, expected",
    [
        (0.3, [0.3, 0.6, 0.9]),
        (0.7, [0.7]),
        (0.9, [0.9]),
        (0.1, [0.1, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9]),  # 0.1·3 is 0.30000000000000004
        (0.25, [0.25, 0.75]),
        (1 / 3, [1 / 3, 2 / 3]),  # 3 · (1/3) is 1 up to rounding: not a threshold
        (0.15, [0.15, 0.3, 0.45, 0.6, 0.75, 0.9]),
        (0.07, [round(0.07 * k, 10) for k in range(1, 15)]),
    ],
)
def test_step_gives_every_multiple_strictly_inside_0_1_and_the_audited(step, expected):
    y, s, g = _scored()
    t = threshold_table(y, s, g, step=step, n_boot=100, random_state=0)
    grid = sorted({*np.round(expected, 10).tolist(), 0.5})
    assert t.config["thresholds"] == pytest.approx(grid, abs=1e-12)
    assert sorted(t.frame["threshold"].unique()) == pytest.approx(grid, abs=1e-12)


def test_default_step_grid_is_unchanged():
    y, s, g = _scored()
    t = threshold_table(y, s, g, n_boot=100, random_state=0)
    assert t.config["thresholds"] == [round(0.05 * k, 10) for k in range(1, 20)]


def _tiny(n=40, seed=7):
    """Groups far below the default floors (100 rows, 30 labels of each kind)."""
    rng = np.random.default_rng(seed)
    group = rng.choice(["a", "b", "c"], n, p=[0.5, 0.3, 0.2])
    y = (rng.random(n) < 0.5).astype(int)
    s = np.clip(0.3 * y + 0.6 * rng.random(n), 0, 1)
    return y, s, group


def test_below_the_floor_the_threshold_view_withholds_intervals_as_the_audit_does():
    y, s, g = _tiny()
    t = threshold_table(y, s, g, n_boot=200, random_state=0)
    rows = t.frame[t.frame["status"].notna()]
    for col in ("di_status", "eo_status"):  # UNDEFINED where a rate is 0/0 at the edges
        assert rows[col].isin(["INSUFFICIENT_DATA", "UNDEFINED"]).all()
        assert (rows[col] == "INSUFFICIENT_DATA").sum() > len(rows) // 2
    for col in ("di_ci_low", "di_ci_high", "eo_ci_low", "eo_ci_high"):
        assert rows[col].isna().all(), col
    assert rows["di"].notna().any()  # the estimates are still shown
    # the audit of the predictions at 0.5 withholds the same intervals, with the same statuses
    result = audit(y, (s >= 0.5).astype(int), g, reference=t.frame["reference"].iloc[0])
    at_half = rows[rows["audited"]].set_index("group")
    for c in result.comparisons:
        for metric, col in (("disparate_impact", "di"), ("equalized_odds_difference", "eo")):
            m = c.metrics[metric]
            assert (m.ci_low, m.ci_high) == (None, None)
            assert m.status == at_half.loc[c.group, f"{col}_status"]
            assert m.value == pytest.approx(at_half.loc[c.group, col], abs=1e-9)


def test_floors_met_the_threshold_view_still_shows_intervals():
    y, s, g = _tiny()
    t = threshold_table(y, s, g, n_boot=200, random_state=0, policy=_no_floors())
    rows = t.frame[t.frame["di_status"].isin(["PASS", "FLAGGED", "INCONCLUSIVE"])]
    assert len(rows) and rows["di_ci_low"].notna().all() and rows["di_ci_high"].notna().all()


def _no_floors():
    from ethiclens.fairness import Policy

    return Policy(min_group_size=1, min_label_count=1)
