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
    with pytest.raises(EthicLensInputError, match="weights must be numbers; 1 is not a number"):
        audit(y, p, g, sample_weight=["1.5"] * 59 + ["x"])
