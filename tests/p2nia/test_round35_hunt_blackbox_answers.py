"""Round 35 hunt: blackbox_audit's refusals of what ``predict`` returns. A predict returning
None or a scalar (a model's ``predict`` forgetting its ``return``, or returning one summary
number) was told 'got shape (1,)' (numpy's reshape(-1) made it one value; None was even
listed as a value other than 0/1), and ragged lists were numpy's ValueError traceback; a
model raising EthicLensInputError was wrapped as 'raised EthicLensInputError on the queries:
argument ...: ... Fix: ... Fix: ...' (two fixes) while the counterfactual probe passes the
refusal through as it is. Now each says what came back and a model's refusal is its own."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit

DOMAINS = {"sex": ["M", "F"], "age": (18, 90)}


@pytest.mark.parametrize(
    ("answer", "got"),
    [
        (lambda q: None, "got a scalar"),
        (lambda q: 1, "got a scalar"),
        (lambda q: np.float16(1.0), "got a scalar"),
        (lambda q: (1 for _ in range(len(q))), "got a generator"),
        (lambda q: [[1]] * (len(q) - 1) + [[1, 0]], "got nested sequences of unequal lengths"),
        (lambda q: np.ones((len(q), 2)), "got shape (20, 2)"),
        (lambda q: [1], "got shape (1,)"),
    ],
)
def test_what_predict_returned_is_named(answer, got):
    with pytest.raises(EthicLensInputError) as info:
        blackbox_audit(answer, DOMAINS, "sex", 20, random_state=0)
    text = str(info.value)
    assert text.startswith("argument 'predict': must return one 0/1 prediction per query")
    assert f"(20 queries), {got}. Fix:" in text


def test_a_models_own_refusal_is_passed_through_as_the_probe_does():
    refusal = EthicLensInputError("must be 0/1", column="y_pred", kind="argument", fix="map it")

    def predict(queries):
        raise refusal

    with pytest.raises(EthicLensInputError) as info:
        blackbox_audit(predict, DOMAINS, "sex", 20, random_state=0)
    assert info.value is refusal
    assert str(info.value) == "argument 'y_pred': must be 0/1. Fix: map it"


def test_a_models_other_error_is_still_named():
    def predict(queries):
        raise KeyError("age")

    with pytest.raises(EthicLensInputError, match="raised KeyError on the queries: 'age'"):
        blackbox_audit(predict, DOMAINS, "sex", 20, random_state=0)


@pytest.mark.parametrize("n", [5, 50.0, "50"])
def test_n_is_refused_as_the_argument_make_request_names(n):
    """Was "column 'n': ... Fix: e.g. n 2000" (the command line's words without its dashes)."""
    from ethiclens.p2nia import make_request

    with pytest.raises(EthicLensInputError) as info:
        blackbox_audit(lambda q: np.ones(len(q)), DOMAINS, "sex", n, random_state=0)
    with pytest.raises(EthicLensInputError) as asked:
        make_request(n, "sex", epsilon=1.0)
    assert str(info.value) == str(asked.value)
    assert str(info.value).startswith("argument 'n': ")
    # 50.0 is the in-range 50 written as a decimal: its fix gives 50 (f95836d8)
    assert str(info.value).endswith("Fix: give 50" if n == 50.0 else "Fix: e.g. n=2000")
