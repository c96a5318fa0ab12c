"""Round 45 (review of 1ddcd258, its sibling on the engine's functions): a role written by
another common name was steered to the nearest spelling on the array face, which means
something else: ``audit(y, p, df, label=...)`` "did you mean 'pos_label'?" (a value, not the
labels), ``protected=`` "did you mean 'provenance'?". One table (``_checks.ROLE_NAMES``) answers
there too, in each function's own argument names."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens import fairness
from ethiclens.fairness import UnknownKeywordError

Y, P, G = [0, 1, 0, 1], [0, 1, 1, 0], {"g": ["a", "b", "a", "b"]}


@pytest.mark.parametrize(
    ("call", "keyword", "meant"),
    [
        (lambda kw: ethiclens.audit(Y, P, G, **kw), "label", "y_true"),
        (lambda kw: ethiclens.audit(Y, P, G, **kw), "labels", "y_true"),
        (lambda kw: ethiclens.audit(Y, P, G, **kw), "prediction", "y_pred"),
        (lambda kw: ethiclens.audit(Y, P, G, **kw), "score", "y_score"),
        (lambda kw: ethiclens.audit(Y, P, G, **kw), "protected", "sensitive_features"),
        (lambda kw: ethiclens.compare(Y, P, P, G, **kw), "label", "y_true"),
        (lambda kw: fairness.threshold_table(Y, P, G, **kw), "score", "y_score"),
        (lambda kw: fairness.threshold_table(Y, P, G, **kw), "label", "y_true"),
    ],
)
def test_a_role_by_another_name_points_to_its_argument(call, keyword, meant):
    with pytest.raises(UnknownKeywordError) as caught:
        call({keyword: "y"})
    text = str(caught.value)
    assert f"argument {keyword!r}; did you mean {meant!r}?" in text, text


def test_the_counts_table_calls_the_attributes_protected():
    table = pd.DataFrame({"g": ["a", "b"], "y_true": [0, 1], "y_pred": [1, 0], "n": [5, 5]})
    with pytest.raises(UnknownKeywordError, match="did you mean 'protected'"):
        fairness.audit_counts(table, sensitive_features="g")


def test_a_keyword_with_no_role_meant_keeps_its_nearest_spelling():
    with pytest.raises(UnknownKeywordError, match="did you mean 'n_boot'"):
        ethiclens.audit(Y, P, G, n_bot=100)
    with pytest.raises(UnknownKeywordError, match="use one of"):  # no y_pred in compare
        ethiclens.compare(Y, P, P, G, prediction="p")
