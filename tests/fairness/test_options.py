"""One vocabulary of keyword options for audit, audit_counts, compare and threshold_table
(issue 22): the same names everywhere, a typo named with its closest option, and the threshold
view taking the audit's group edits (exclusions, merges, intersections)."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.fairness import (
    AuditOptions,
    audit,
    audit_counts,
    compare,
    threshold_table,
)
from ethiclens.fairness._options import KEYWORDS
from ethiclens.sources import counts_of
from ethiclens.sources._counts_table import Roles


def _rows(n=3000, seed=0):
    rng = np.random.default_rng(seed)
    race = rng.choice(["a", "b", "c", "d"], n, p=[0.4, 0.3, 0.2, 0.1])
    sex = rng.choice(["F", "M"], n)
    y = (rng.random(n) < 0.4).astype(int)
    score = np.clip(0.3 * y + 0.6 * rng.random(n), 0, 1)
    return y, score, {"race": race, "sex": sex}


@pytest.mark.parametrize(
    ("call", "typo", "closest"),
    [
        (lambda **k: audit([0, 1] * 50, [1, 0] * 50, ["a", "b"] * 50, **k), "n_bot", "n_boot"),
        (lambda **k: compare(None, [0, 1] * 5, [1, 0] * 5, ["a"] * 10, **k), "pairde", "paired"),
        (
            lambda **k: threshold_table(None, [0.5] * 10, ["a"] * 10, **k),
            "audited_treshold",
            "audited_threshold",
        ),
        (lambda **k: audit_counts(None, **k), "exclude_group", "exclude_groups"),
    ],
)
def test_an_unknown_keyword_is_a_type_error_naming_the_closest_option(call, typo, closest):
    with pytest.raises(
        TypeError,
        match=rf"unexpected keyword argument '{typo}'; did you mean "
        rf"'{closest}'\?",
    ):
        call(**{typo: 1})


def test_every_function_takes_only_declared_options_with_one_default_each():
    declared = set(AuditOptions.__dataclass_fields__)
    for function, (allowed, defaults) in KEYWORDS.items():
        assert set(allowed) <= declared, function
        assert set(defaults) <= set(allowed), function
    # an option the functions share means the same everywhere: only n_boot/n_bins differ
    assert {k for _, d in KEYWORDS.values() for k in d} == {"n_boot", "n_bins"}


def test_keywords_still_work_and_give_the_same_result_as_before():
    y, s, sf = _rows()
    pred = (s >= 0.5).astype(int)
    a = audit(y, pred, sf, n_boot=300, random_state=3, reference={"race": "a"})
    b = audit(y, pred, sf, random_state=3, n_boot=300, reference={"race": "a"})
    assert a.to_dict()["comparisons"] == b.to_dict()["comparisons"]
    assert a.config["n_boot"] == 300 and a.config["random_state"] == 3


def test_audit_counts_takes_the_same_options_as_audit_and_agrees():
    y, s, sf = _rows()
    pred = (s >= 0.5).astype(int)
    edits = dict(exclude_groups={"race": ["d"]}, merge_groups={"race": {"bc": ["b", "c"]}})
    rows = audit(y, pred, {"race": sf["race"]}, n_boot=200, random_state=1, **edits)
    frame = pd.DataFrame({"race": sf["race"], "label": y, "pred": pred})
    table = counts_of(frame, Roles(y_pred="pred", protected=["race"], y_true="label"))
    counts = audit_counts(table, n_boot=200, random_state=1, **edits)
    assert [c.group for c in rows.comparisons] == [c.group for c in counts.comparisons] == ["a"]
    assert rows.comparisons[0].metrics["disparate_impact"].value == pytest.approx(
        counts.comparisons[0].metrics["disparate_impact"].value, abs=1e-12
    )


def test_the_threshold_view_takes_the_audits_group_edits():
    y, s, sf = _rows()
    t = threshold_table(
        y,
        s,
        sf,
        n_boot=200,
        random_state=0,
        exclude_groups={"race": ["d"]},
        merge_groups={"race": {"bc": ["b", "c"]}},
        intersections=[("race", "sex")],
    )
    f = t.frame
    assert set(f.loc[f.attribute == "race", "group"]) == {"a", "bc"}
    crossed = set(f.loc[f.attribute == "race&sex", "group"])
    assert crossed == {"a&F", "a&M", "bc&F", "bc&M"}
    # the merged group's rates are those of its rows, at every threshold
    m = np.isin(sf["race"], ["b", "c"])
    row = f[(f.attribute == "race") & (f.group == "bc") & np.isclose(f.threshold, 0.5)].iloc[0]
    assert row["selection_rate"] == pytest.approx((s[m] >= 0.5).mean(), abs=1e-12)
    assert row["n"] == m.sum()
    assert t.config["exclude_groups"] == {"race": ["d"]}
    assert t.config["intersections"] == [["race", "sex"]]


def test_the_threshold_view_takes_weights_as_the_audit_does():
    y, s, sf = _rows(4000, seed=2)
    w = np.random.default_rng(5).uniform(0.5, 3.0, len(y))
    t = threshold_table(y, s, sf["race"], sample_weight=w, n_boot=300, random_state=0)
    f = t.frame
    at_half = f[np.isclose(f.threshold, 0.5)].set_index("group")
    pred = (s >= 0.5).astype(int)
    a = audit(y, pred, sf["race"], sample_weight=w, n_boot=300, random_state=0)
    for c in a.comparisons:
        # the same weighted point estimates as the audit at the audited threshold (the audit
        # rounds weighted cell sums to 12 significant digits: fairness.round_significant)
        assert at_half.loc[c.group, "di"] == pytest.approx(
            c.metrics["disparate_impact"].value, rel=1e-11
        )
    g = sf["race"] == "b"
    assert at_half.loc["b", "selection_rate"] == pytest.approx(
        np.average(pred[g], weights=w[g]), rel=1e-12
    )
    assert at_half.loc["b", "n"] == g.sum()  # rows, not weight
    assert t.config["weighted"] is True
    unweighted = threshold_table(y, s, sf["race"], n_boot=300, random_state=0)
    assert "weighted" not in unweighted.config
    # a weight so uneven that one row dominates: the floors count effective rows
    heavy = np.ones(len(y))
    heavy[np.flatnonzero(sf["race"] == "d")[0]] = 1e6
    t2 = threshold_table(y, s, sf["race"], sample_weight=heavy, n_boot=300, random_state=0)
    d = t2.frame[(t2.frame.group == "d") & np.isclose(t2.frame.threshold, 0.5)].iloc[0]
    assert d["di_status"] == "INSUFFICIENT_DATA"


def test_compare_and_the_threshold_view_take_plain_lists_and_check_the_policy():
    # a list's .index is a method, not row labels: compare used to crash on it
    y = [0, 1] * 60
    a = [0, 1, 1, 0] * 30
    b = [1, 1, 0, 0] * 30
    groups = ["x", "y", "y", "x"] * 30
    result = compare(y, a, b, groups, n_boot=100, random_state=0)
    assert result.to_dict()["differences"]
    with pytest.raises(Exception, match="must be an ethiclens.Policy"):
        compare(y, a, b, groups, policy="strict")
    with pytest.raises(Exception, match="must be an ethiclens.Policy"):
        threshold_table(y, [0.2, 0.7] * 60, groups, policy={"di_threshold": 0.9})


@pytest.mark.parametrize("labels", [[], [0, 1] * 10])
def test_the_threshold_view_refuses_labels_of_another_length(labels):
    with pytest.raises(Exception, match="y_true"):
        threshold_table(labels, [0.2, 0.7] * 60, ["a", "b"] * 60)
