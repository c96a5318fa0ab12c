"""Round 35 (P2NIA): ``blackbox_audit`` given the model itself rather than its ``predict``
was a TypeError traceback ('... object is not callable'), a ``predict`` that raised was its
bare exception, and a ``predict`` answering other than 0/1 named a "column 'predict'"; now
each is refused naming the argument 'predict', the model's exception chained."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import blackbox_audit

DOMAINS = {"sex": ["F", "M"], "x": [0, 1, 2]}


class Model:
    def predict(self, queries):
        return (queries["x"] > 0).astype(int)


def test_the_model_itself_is_refused_naming_its_predict():
    with pytest.raises(EthicLensInputError, match=r"argument 'predict': must be a function.*Model"):
        blackbox_audit(Model(), DOMAINS, "sex", 100, random_state=0)
    assert blackbox_audit(Model().predict, DOMAINS, "sex", 100, random_state=0)["dp"] >= 0


def test_a_predict_that_raises_is_named():
    def broken(queries):
        raise KeyError("income")

    with pytest.raises(EthicLensInputError, match=r"argument 'predict': raised KeyError") as info:
        blackbox_audit(broken, DOMAINS, "sex", 100, random_state=0)
    assert isinstance(info.value.__cause__, KeyError)


def test_answers_other_than_zero_one_name_the_argument():
    with pytest.raises(EthicLensInputError, match=r"argument 'predict': must return one 0/1"):
        blackbox_audit(lambda q: np.where(q["x"] > 0, "yes", "no"), DOMAINS, "sex", 100)
