"""Round 42 review of the ``ci`` mapping/list refusal: a set of two methods named one of
them by the set's order (``ci='bca'`` or ``ci='jeffreys'``, changing from run to run with
string hashing), a list of two named its first, compare's older spelling was offered as
the fix (``ci='bootstrap'``), a set was called "a list", and ``np.array(['bca'])`` kept the
old "use one of" words. Now a method is named only when one is held, as its current
spelling, and a NumPy array is refused as the list it holds."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit, compare

Y = np.array([0, 1, 0, 1, 1, 0, 1, 0])
P = np.array([0, 1, 1, 1, 0, 0, 1, 0])
G = np.array(list("aabbaabb"))


def _said(call) -> str:
    with pytest.raises(EthicLensInputError) as err:
        call()
    return str(err.value)


@pytest.mark.parametrize("value", [{"bca", "jeffreys"}, ["jeffreys", "bca"]])
def test_two_methods_name_neither(value):
    said = _said(lambda: audit(Y, P, sensitive_features=G, ci=value))
    assert "write ci as one word: use one of jeffreys, bca, percentile" in said, said
    assert "(ci=" not in said


def test_a_set_is_called_a_set():
    said = _said(lambda: audit(Y, P, sensitive_features=G, ci={"bca"}))
    assert said.startswith("argument 'ci': is a set: the interval method is one word, not a set")
    assert "(ci='bca')" in said


def test_compare_names_the_current_spelling():
    said = _said(lambda: compare(Y, P, 1 - P, sensitive_features=G, ci=["bootstrap"]))
    assert "write ci as one word (ci='percentile'): use one of jeffreys, percentile" in said
    said = _said(lambda: compare(Y, P, 1 - P, sensitive_features=G, ci=["bootstrap", "percentile"]))
    assert "(ci='percentile')" in said, said


def test_numpy_array_is_a_list():
    said = _said(lambda: audit(Y, P, sensitive_features=G, ci=np.array(["bca"])))
    assert "is a list: the interval method is one word" in said
    assert "(ci='bca')" in said, said  # not np.str_('bca')
    said = _said(lambda: audit(Y, P, sensitive_features=G, ci=np.array("bca")))  # 0-d: no list
    assert "must be text, not a 0-d numpy array" in said  # as a request says (round 43)
    assert "is a list" not in said
