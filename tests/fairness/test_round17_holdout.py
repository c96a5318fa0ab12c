"""Round 17: group names apart only by the whitespace around them are a clash in the Python
API too; text and true/false weights and scores are refused in the labels' words; equal
opportunity's floor counts positive labels only."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit


def _data(n: int = 60):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    p = rng.integers(0, 2, n)
    return y, p


@pytest.mark.parametrize("spaced", ["A ", " A", "A\t", "A\u00a0"])
def test_the_api_refuses_names_apart_only_by_surrounding_whitespace(spaced):
    y, p = _data()
    g = pd.Series(["A", spaced, "B"] * 20, name="g")
    with pytest.raises(EthicLensInputError) as exc:
        audit(y, p, g)
    text = str(exc.value)
    assert "column 'g': distinct values print the same: 'A' is written both as" in text, text
    assert repr(spaced) in text and "(the same name, one with whitespace around it)" in text
    assert "Fix: strip the whitespace around the group names" in text, text


def test_one_spaced_name_alone_is_still_a_group():
    y, p = _data()
    result = audit(y, p, pd.Series(["A ", "B"] * 30, name="g"))
    groups = [g["group"] for g in result.to_dict()["attributes"][0]["groups"]]
    assert groups == ["A ", "B"], groups


def test_a_p2nia_request_refuses_them_as_the_audit_does():
    from ethiclens.p2nia import make_request

    with pytest.raises(EthicLensInputError, match="one with whitespace around it"):
        make_request(500, "sex", protected_domain=["F", "F "], epsilon=1)


@pytest.mark.parametrize(
    ("keyword", "make", "problem"),
    [
        ("sample_weight", lambda w, s: " " + w.astype(str), "holds the text values [' 1.5', "),
        (
            "y_score",
            lambda w, s: s.astype(str),
            "holds the text values ['0.25', '0.75', '0.5'], not",
        ),
        ("sample_weight", lambda w, s: w > 1, "holds true/false, not weights"),
        ("y_score", lambda w, s: list(s > 0.5), "holds true/false, not scores"),
    ],
)
def test_the_api_refuses_text_and_true_false_weights_and_scores(keyword, make, problem):
    y, p = _data()
    w = pd.Series([1.5, 0.5, 2.0] * 20)
    s = pd.Series([0.25, 0.75, 0.5] * 20)
    with pytest.raises(EthicLensInputError) as exc:
        audit(y, p, pd.Series(["a", "b"] * 30), **{keyword: make(w, s)})
    assert problem in str(exc.value) and f"column '{keyword}'" in str(exc.value), exc.value
    assert "Fix: " in str(exc.value)


def test_numeric_weights_and_text_that_is_not_a_number_keep_their_answers():
    y, p = _data()
    g = pd.Series(["a", "b"] * 30)
    audit(y, p, g, sample_weight=[1.5, 0.5] * 30, y_score=np.linspace(0, 1, 60))
    with pytest.raises(
        EthicLensInputError, match="weights must be numbers; 1 value is not a number"
    ):
        audit(y, p, g, sample_weight=["1.5"] * 59 + ["x"])


def _one_label_group(pos: int, neg: int):
    rng = np.random.default_rng(1)
    n = 400
    y = np.r_[rng.integers(0, 2, n), np.ones(pos, int), np.zeros(neg, int)]
    p = np.r_[rng.integers(0, 2, n), rng.integers(0, 2, pos + neg)]
    g = pd.Series(["A"] * n + ["B"] * (pos + neg), name="g")
    comparison = audit(y, p, g, n_boot=200, random_state=0).to_dict()["comparisons"][0]
    return comparison["metrics"]


def test_equal_opportunity_needs_only_positive_labels():
    """A group with 234 positive and 0 negative labels had equal opportunity (a TPR difference)
    judged INSUFFICIENT_DATA, "below the floor of 1 each": it counts positive labels only;
    equalized odds, which uses the FPR too, still needs both."""
    metrics = _one_label_group(234, 0)
    for name in ("equal_opportunity_difference", "fnr_difference"):
        m = metrics[name]
        assert m["status"] == "REPORTED" and m["reason"] is None, (name, m)
        assert m["ci_low"] is not None and m["ci_high"] is not None
    assert metrics["equalized_odds_difference"]["status"] != "REPORTED"


def test_below_the_positive_floor_says_the_positive_labels_alone():
    metrics = _one_label_group(20, 200)
    m = metrics["equal_opportunity_difference"]
    assert m["status"] == "INSUFFICIENT_DATA", m
    assert m["reason"] == "20 positive labels, below the floor of 30 (g:B)", m
    eo = metrics["equalized_odds_difference"]
    assert eo["reason"] == "20 positive / 200 negative labels, below the floor of 30 each (g:B)"


def test_a_comparison_metric_states_which_labels_its_floor_counts():
    from ethiclens.fairness import ComparisonMetric, register_comparison_metric

    spec = ComparisonMetric("odd", "Odd", "difference", ("true_positive_rate",), "both")
    with pytest.raises(EthicLensInputError, match="needs_labels must be True, False"):
        register_comparison_metric(spec)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_names_apart_only_by_whitespace_between_words_are_a_clash(tmp_path, capsys, engine):
    """'A B' and 'A  B' are two strings a page shows alike ('A B'): refused as a clash on every
    engine; one spelling alone stays a group."""
    from ethiclens.cli import main

    rows = [(1, 0, "A B"), (0, 1, "A  B")] * 60
    path = tmp_path / "ws.csv"
    pd.DataFrame(rows, columns=["y", "p", "g"]).to_csv(path, index=False)
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*argv, "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert "distinct values print the same: 'A B' is written both as 'A  B' and as 'A B'" in err
    assert "other whitespace between them" in err
